import {
  type CurrencyCode,
  computeWithdrawable,
  computeWithdrawalFee,
  createNseCalendar,
  formatPaise,
  istDate,
  isWithinDailyWindow,
  isWorkingDay,
} from '@nivesh/core';
import type { Db } from '../../db/database.js';
import type { FundsSettings } from '../../repositories/funds-settings.repository.js';
import { userBalancesByPurpose } from '../../repositories/ledger.repository.js';
import type { DestinationRow } from '../../repositories/payout-destination.repository.js';

const calendar = createNseCalendar();

/** A bank account is paid in rupees, a wallet in USDT. */
export function currencyOfDestination(destination: Pick<DestinationRow, 'kind'>): CurrencyCode {
  return destination.kind === 'wallet' ? 'USDT' : 'INR';
}

/** Whether a withdrawal may be requested now: a working day (when so configured) inside the daily window. */
export function isInWithdrawalWindow(settings: FundsSettings, nowMs: number): boolean {
  if (settings.withdrawalWorkingDaysOnly && !isWorkingDay(calendar, istDate(nowMs))) return false;
  return isWithinDailyWindow(nowMs, { from: settings.withdrawalWindowFrom, to: settings.withdrawalWindowTo });
}

/** The window as the spec's message shows it: hh:mm:ss-hh:mm:ss. */
export function withdrawalWindowParams(settings: FundsSettings) {
  const to = settings.withdrawalWindowTo === '24:00' ? '23:59' : settings.withdrawalWindowTo;
  return { from: `${settings.withdrawalWindowFrom}:00`, to: `${to}:59` };
}

/**
 * What the investor may withdraw in a currency (DESIGN rule 1.3): cash less what is owed on a credit
 * loan, never below zero. The credit score is not read.
 */
export async function withdrawableIn(db: Db, userId: bigint, currency: CurrencyCode): Promise<bigint> {
  const balances = await userBalancesByPurpose(db, userId, currency);
  return computeWithdrawable({
    cash: balances.get('cash') ?? 0n,
    withdrawalHold: balances.get('withdrawal_hold') ?? 0n,
    orderHold: balances.get('order_hold') ?? 0n,
    margin: balances.get('margin') ?? 0n,
    ipoEscrow: balances.get('ipo_escrow') ?? 0n,
    loanOutstanding: -(balances.get('loan_payable') ?? 0n),
    unrealisedPnl: 0n,
  });
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

/** The expected-arrival text staff keep in config (`withdrawal_arrival`). */
export async function readArrivalText(db: Db): Promise<string> {
  const row = await db
    .selectFrom('config_entries')
    .select('value')
    .where('name', '=', 'withdrawal_arrival')
    .executeTakeFirst();
  return row?.value ?? '';
}
