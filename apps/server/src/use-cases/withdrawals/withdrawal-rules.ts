import type { Language } from '@nivesh/contract';
import {
  accountBalancesOf,
  type CurrencyCode,
  computeWithdrawable,
  computeWithdrawalFee,
  formatPaise,
  isInWithdrawalWindow,
  istDate,
  istMinutesOfDay,
  type TradingCalendar,
} from '@nivesh/core';
import type { Db } from '../../db/database.js';
import { findConfigValue } from '../../repositories/config.repository.js';
import type { FundsSettings } from '../../repositories/funds-settings.repository.js';
import { userBalancesByPurpose } from '../../repositories/ledger.repository.js';
import type { DestinationRow } from '../../repositories/payout-destination.repository.js';

/** A bank account is paid in rupees, a wallet in USDT. */
export function currencyOfDestination(destination: Pick<DestinationRow, 'kind'>): CurrencyCode {
  return destination.kind === 'wallet' ? 'USDT' : 'INR';
}

/** The daily window and the working-days switch of the funds settings, as the core rule takes them. */
export function withdrawalWindowOf(settings: FundsSettings) {
  return {
    from: settings.withdrawalWindowFrom,
    to: settings.withdrawalWindowTo,
    workingDaysOnly: settings.withdrawalWorkingDaysOnly,
  };
}

/**
 * Whether a withdrawal may be requested now, by the calendar the server trades by (`deps.calendar`),
 * so that a holiday staff add in the console closes withdrawals as it closes trading.
 */
export function isWithdrawalWindowOpen(
  calendar: TradingCalendar,
  settings: FundsSettings,
  nowMs: number,
): boolean {
  return isInWithdrawalWindow(calendar, withdrawalWindowOf(settings), nowMs);
}

/**
 * What the investor may withdraw in a currency (DESIGN rule 1.3): cash less what is owed on a credit
 * loan, never below zero. The credit score is not read.
 */
export async function withdrawableIn(db: Db, userId: bigint, currency: CurrencyCode): Promise<bigint> {
  return computeWithdrawable(accountBalancesOf(await userBalancesByPurpose(db, userId, currency)));
}

export function feeOf(settings: FundsSettings, amountMinor: bigint): bigint {
  return computeWithdrawalFee(amountMinor, {
    fixedMinor: settings.withdrawalFeeFixedPaise,
    rateBps: settings.withdrawalFeeBps,
  });
}

export const limitParams = (settings: FundsSettings) => ({
  min: formatPaise(settings.withdrawalMinPaise),
  max: formatPaise(settings.withdrawalMaxPaise),
});

/**
 * The expected-arrival text staff keep in config, in the reader's language (`withdrawal_arrival_hi`,
 * `_zh`), else the English `withdrawal_arrival`.
 */
export async function readArrivalText(db: Db, language: Language): Promise<string> {
  const own = language === 'en' ? undefined : await findConfigValue(db, `withdrawal_arrival_${language}`);
  return own || ((await findConfigValue(db, 'withdrawal_arrival')) ?? '');
}

/** A moment as investors read it in a refusal: `2026-11-25 17:00 IST`. */
export function formatIstMinute(atMs: number): string {
  const minutes = istMinutesOfDay(atMs);
  const clock = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return `${istDate(atMs)} ${clock} IST`;
}
