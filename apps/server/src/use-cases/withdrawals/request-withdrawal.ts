import type { cashoutQuote, cashoutSubmit, DataOf } from '@nivesh/contract';
import {
  type CurrencyCode,
  dailyWindowBounds,
  formatPaise,
  parsePaise,
  withdrawalApprovalsRequired,
} from '@nivesh/core';
import { AppError, refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { inTransaction } from '../../db/transaction.js';
import { readFundsSettings } from '../../repositories/funds-settings.repository.js';
import { postEntry, userAccountId } from '../../repositories/ledger.repository.js';
import {
  describeDestination,
  findOwnActiveDestination,
} from '../../repositories/payout-destination.repository.js';
import { lastConfirmedResetMs } from '../../repositories/second-factor.repository.js';
import { findUserById, lockUserById } from '../../repositories/user.repository.js';
import {
  hasPendingWithdrawal,
  insertWithdrawal,
  setWithdrawalHoldEntry,
  type WithdrawalRecord,
} from '../../repositories/withdrawal.repository.js';
import { verifyFundPassword } from '../accounts/verify-fund-password.js';
import { requireKycVerified } from '../funds/fund-gates.js';
import {
  currencyOfDestination,
  feeOf,
  formatIstMinute,
  isWithdrawalWindowOpen,
  limitParams,
  readArrivalText,
  withdrawableIn,
  withdrawalWindowOf,
} from './withdrawal-rules.js';

type WithdrawalView = DataOf<typeof cashoutSubmit>;

/** Reads an amount for a withdrawal, refusing with the spec's codes. */
function parseWithdrawalAmount(input: string | number, min: string): bigint {
  const parsed = parsePaise(input);
  if (parsed.ok) return parsed.paise;
  if (parsed.reason === 'empty') refuse('AMOUNT_REQUIRED');
  if (parsed.reason === 'zero' || parsed.reason === 'negative') refuse('AMOUNT_BELOW_MINIMUM', { min });
  return refuse('VALIDATION_FAILED', { field: 'amount', reason: parsed.reason });
}

/**
 * `cashout/quote`: what a withdrawal would pay out, shown before confirming. The fee comes out of the
 * amount; it never has to be paid in. No rule refuses a quote: it states the limits and the window.
 */
export const quoteWithdrawal: InvestorUseCase<typeof cashoutQuote> = async (deps, context, input) => {
  const settings = await readFundsSettings(deps.db);
  let currency: CurrencyCode = 'INR';
  if (input.destinationId) {
    const destination = await findOwnActiveDestination(deps.db, context.user.id, BigInt(input.destinationId));
    if (!destination) refuse('PAYOUT_DESTINATION_REQUIRED');
    currency = currencyOfDestination(destination!);
  }
  const limits = limitParams(settings);
  const amountMinor =
    input.amount === undefined || input.amount === '' ? 0n : parseWithdrawalAmount(input.amount, limits.min);
  const feeMinor = amountMinor > 0n ? feeOf(settings, amountMinor) : 0n;
  return {
    amount: formatPaise(amountMinor),
    fee: formatPaise(feeMinor),
    net: formatPaise(amountMinor - feeMinor),
    currency,
    withdrawable: formatPaise(await withdrawableIn(deps.db, context.user.id, currency)),
    ...limits,
    windowFrom: settings.withdrawalWindowFrom,
    windowTo: settings.withdrawalWindowTo,
    workingDaysOnly: settings.withdrawalWorkingDaysOnly,
    inWindow: isWithdrawalWindowOpen(deps.calendar.current, settings, context.nowMs),
    arrival: await readArrivalText(deps.db, context.language),
  };
};

/** A withdrawal as its investor sees it: the destination named, money as rupee strings. */
export function toWithdrawalView(
  withdrawal: WithdrawalRecord,
  destination: string,
  arrival: string,
): WithdrawalView {
  const approvals =
    withdrawal.status === 'approved'
      ? withdrawal.approvalsRequired
      : withdrawal.firstApprovedBy === null
        ? 0
        : 1;
  return {
    id: String(withdrawal.id),
    destinationId: String(withdrawal.destinationId),
    destination,
    amount: formatPaise(withdrawal.amountMinor),
    fee: formatPaise(withdrawal.feeMinor),
    net: formatPaise(withdrawal.amountMinor - withdrawal.feeMinor),
    currency: withdrawal.currency,
    status: withdrawal.status,
    approvals,
    approvalsRequired: withdrawal.approvalsRequired,
    payoutReference: withdrawal.payoutReference,
    rejectReason: withdrawal.rejectReason,
    createdAt: withdrawal.createdAtMs,
    reviewedAt: withdrawal.reviewedAtMs,
    arrival,
  };
}

/**
 * A withdrawal request. It is refused only for the reasons DESIGN rule 1.3 states, each with its code:
 * a flag staff set (disabled, frozen, withdrawal barred), KYC not verified, no fund password, no
 * payout destination of the investor's own (or one still in its cooling-off, or within the cooling-off
 * after staff reset the second factor), an amount outside the
 * limits, outside the window, another withdrawal in progress, a wrong fund password, more than the
 * withdrawable balance. The credit score is never read. The amount moves from cash to the withdrawal
 * hold in one entry (`withdrawal:<id>:request`); the fee is taken from it when staff pay.
 */
export const requestWithdrawal: InvestorUseCase<typeof cashoutSubmit> = async (deps, context, input) => {
  const flags = context.user.flags;
  if (flags.has('disabled')) refuse('ACCOUNT_DISABLED');
  if (flags.has('frozen')) refuse('ACCOUNT_FROZEN');
  if (flags.has('withdrawal_barred')) refuse('WITHDRAWAL_BARRED');
  const user = (await findUserById(deps.db, context.user.id)) ?? refuse('ACCOUNT_NOT_FOUND');
  requireKycVerified(user);
  if (!user.fundPasswordHash) refuse('FUND_PASSWORD_NOT_SET');
  const settings = await readFundsSettings(deps.db);
  const destination = await findOwnActiveDestination(deps.db, user.id, BigInt(input.destinationId));
  if (!destination) refuse('PAYOUT_DESTINATION_REQUIRED');
  const payee = destination!;
  if (payee.kind === 'wallet' && !settings.cryptoEnabled) refuse('CRYPTO_DISABLED');
  if (payee.usable_from.getTime() > context.nowMs) {
    refuse('PAYOUT_DESTINATION_COOLING_OFF', { until: formatIstMinute(payee.usable_from.getTime()) });
  }
  // The same cooling-off follows a staff reset of the second factor (docs/adr/0022-investor-two-factor.md).
  const secondFactorResetAtMs = await lastConfirmedResetMs(deps.db, user.id);
  if (
    secondFactorResetAtMs !== null &&
    secondFactorResetAtMs + settings.coolingOffHours * 3_600_000 > context.nowMs
  ) {
    refuse('WITHDRAWAL_PAUSED_AFTER_RESET', { hours: settings.coolingOffHours });
  }
  const limits = limitParams(settings);
  const amountMinor = parseWithdrawalAmount(input.amount, limits.min);
  if (amountMinor < settings.withdrawalMinPaise) refuse('AMOUNT_BELOW_MINIMUM', { min: limits.min });
  if (amountMinor > settings.withdrawalMaxPaise) refuse('AMOUNT_ABOVE_MAXIMUM', { max: limits.max });
  if (!isWithdrawalWindowOpen(deps.calendar.current, settings, context.nowMs)) {
    refuse('OUTSIDE_WITHDRAWAL_WINDOW', dailyWindowBounds(withdrawalWindowOf(settings)));
  }
  if (await hasPendingWithdrawal(deps.db, user.id)) refuse('OTHER_FUND_OPERATION_PENDING');
  await verifyFundPassword(deps, context, user, input.fundPassword);

  const currency = currencyOfDestination(payee);
  const feeMinor = feeOf(settings, amountMinor);
  const cash = await userAccountId(deps.db, user.id, 'cash', currency);
  const hold = await userAccountId(deps.db, user.id, 'withdrawal_hold', currency);
  try {
    const withdrawal = await inTransaction(deps.db, async (trx) => {
      // One fund operation per investor at a time: the user row lock orders two requests racing.
      await lockUserById(trx, user.id);
      if (await hasPendingWithdrawal(trx, user.id)) refuse('OTHER_FUND_OPERATION_PENDING');
      const withdrawable = await withdrawableIn(trx, user.id, currency);
      if (amountMinor > withdrawable)
        refuse('WITHDRAWABLE_INSUFFICIENT', { withdrawable: formatPaise(withdrawable) });
      const id = await insertWithdrawal(trx, {
        userId: user.id,
        destinationId: payee.id,
        amountMinor,
        feeMinor,
        currency,
        approvalsRequired: withdrawalApprovalsRequired(amountMinor, settings.secondApprovalAbovePaise),
        atMs: context.nowMs,
      });
      const entry = await postEntry(trx, {
        key: `withdrawal:${id}:request`,
        kind: 'withdrawal_requested',
        reference: String(id),
        referenceType: 'withdrawal',
        postedBy: { type: 'user', id: user.id },
        atMs: context.nowMs,
        postings: [
          { accountId: cash, amountMinor: -amountMinor, currency },
          { accountId: hold, amountMinor, currency },
        ],
      });
      return setWithdrawalHoldEntry(trx, id, entry.id);
    });
    return toWithdrawalView(
      withdrawal,
      describeDestination(payee),
      await readArrivalText(deps.db, context.language),
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'FUNDS_INSUFFICIENT') {
      refuse('WITHDRAWABLE_INSUFFICIENT', {
        withdrawable: formatPaise(await withdrawableIn(deps.db, user.id, currency)),
      });
    }
    if (isUniqueViolation(error, 'withdrawals_one_pending')) refuse('OTHER_FUND_OPERATION_PENDING');
    throw error;
  }
};
