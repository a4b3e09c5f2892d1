import type { BodyOf, cashoutQuote, cashoutSubmit, DataOf } from '@nivesh/contract';
import { type CurrencyCode, formatPaise, parsePaise } from '@nivesh/core';
import { AppError, refuse } from '../../application/app-error.js';
import type { AppDeps, UserContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { inTransaction } from '../../db/transaction.js';
import { readFundsSettings } from '../../repositories/funds-settings.repository.js';
import { postEntry, userAccountId } from '../../repositories/ledger.repository.js';
import {
  describeDestination,
  findOwnActiveDestination,
} from '../../repositories/payout-destination.repository.js';
import { findUserById, lockUserById } from '../../repositories/user.repository.js';
import { verifyFundPassword } from '../accounts/verify-fund-password.js';
import { requireKycVerified } from '../funds/fund-gates.js';
import {
  currencyOfDestination,
  feeOf,
  isInWithdrawalWindow,
  limitParams,
  readArrivalText,
  withdrawableIn,
  withdrawalWindowParams,
} from './withdrawal-rules.js';

type WithdrawalRecord = DataOf<typeof cashoutSubmit>;

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
export async function quoteWithdrawal(
  deps: AppDeps,
  context: UserContext,
  input: BodyOf<typeof cashoutQuote>,
): Promise<DataOf<typeof cashoutQuote>> {
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
    inWindow: isInWithdrawalWindow(settings, context.nowMs),
    arrival: await readArrivalText(deps.db),
  };
}

export function toWithdrawalRecord(
  row: {
    id: bigint;
    destination_id: bigint;
    amount_minor: bigint;
    fee_minor: bigint;
    currency: string;
    status: 'pending' | 'approved' | 'rejected';
    approvals_required: number;
    first_approved_by: bigint | null;
    payout_reference: string | null;
    reject_reason: string | null;
    created_at: Date;
    reviewed_at: Date | null;
  },
  destination: string,
  arrival: string,
): WithdrawalRecord {
  const approvals =
    row.status === 'approved' ? row.approvals_required : row.first_approved_by === null ? 0 : 1;
  return {
    id: String(row.id),
    destinationId: String(row.destination_id),
    destination,
    amount: formatPaise(row.amount_minor),
    fee: formatPaise(row.fee_minor),
    net: formatPaise(row.amount_minor - row.fee_minor),
    currency: row.currency,
    status: row.status,
    approvals,
    approvalsRequired: row.approvals_required,
    payoutReference: row.payout_reference,
    rejectReason: row.reject_reason,
    createdAt: row.created_at.getTime(),
    reviewedAt: row.reviewed_at?.getTime() ?? null,
    arrival,
  };
}

/**
 * A withdrawal request. It is refused only for the reasons DESIGN rule 1.3 states, each with its code:
 * a flag staff set (disabled, frozen, withdrawal barred), KYC not verified, no fund password, no
 * payout destination of the investor's own (or one still in its cooling-off), an amount outside the
 * limits, outside the window, another withdrawal in progress, a wrong fund password, more than the
 * withdrawable balance. The credit score is never read. The amount moves from cash to the withdrawal
 * hold in one entry (`withdrawal:<id>:request`); the fee is taken from it when staff pay.
 */
export async function requestWithdrawal(
  deps: AppDeps,
  context: UserContext,
  input: BodyOf<typeof cashoutSubmit>,
): Promise<WithdrawalRecord> {
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
    refuse('PAYOUT_DESTINATION_COOLING_OFF', { hours: settings.coolingOffHours });
  }
  const limits = limitParams(settings);
  const amountMinor = parseWithdrawalAmount(input.amount, limits.min);
  if (amountMinor < settings.withdrawalMinPaise) refuse('AMOUNT_BELOW_MINIMUM', { min: limits.min });
  if (amountMinor > settings.withdrawalMaxPaise) refuse('AMOUNT_ABOVE_MAXIMUM', { max: limits.max });
  if (!isInWithdrawalWindow(settings, context.nowMs)) {
    refuse('OUTSIDE_WITHDRAWAL_WINDOW', withdrawalWindowParams(settings));
  }
  if (await hasPendingWithdrawal(deps.db, user.id)) refuse('OTHER_FUND_OPERATION_PENDING');
  await verifyFundPassword(deps, context, user, input.fundPassword);

  const currency = currencyOfDestination(payee);
  const feeMinor = feeOf(settings, amountMinor);
  const cash = await userAccountId(deps.db, user.id, 'cash', currency);
  const hold = await userAccountId(deps.db, user.id, 'withdrawal_hold', currency);
  try {
    const row = await inTransaction(deps.db, async (trx) => {
      // One fund operation per investor at a time: the user row lock orders two requests racing.
      await lockUserById(trx, user.id);
      if (await hasPendingWithdrawal(trx, user.id)) refuse('OTHER_FUND_OPERATION_PENDING');
      const withdrawable = await withdrawableIn(trx, user.id, currency);
      if (amountMinor > withdrawable)
        refuse('WITHDRAWABLE_INSUFFICIENT', { withdrawable: formatPaise(withdrawable) });
      const inserted = await trx
        .insertInto('withdrawals')
        .values({
          user_id: user.id,
          destination_id: payee.id,
          amount_minor: amountMinor,
          fee_minor: feeMinor,
          currency,
          approvals_required: amountMinor > settings.secondApprovalAbovePaise ? 2 : 1,
          created_at: new Date(context.nowMs),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const entry = await postEntry(trx, {
        key: `withdrawal:${inserted.id}:request`,
        kind: 'withdrawal_requested',
        reference: String(inserted.id),
        referenceType: 'withdrawal',
        postedBy: { type: 'user', id: user.id },
        atMs: context.nowMs,
        postings: [
          { accountId: cash, amountMinor: -amountMinor, currency },
          { accountId: hold, amountMinor, currency },
        ],
      });
      return trx
        .updateTable('withdrawals')
        .set({ hold_entry_id: entry.id })
        .where('id', '=', inserted.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return toWithdrawalRecord(row, describeDestination(payee), await readArrivalText(deps.db));
  } catch (error) {
    if (error instanceof AppError && error.code === 'FUNDS_INSUFFICIENT') {
      refuse('WITHDRAWABLE_INSUFFICIENT', {
        withdrawable: formatPaise(await withdrawableIn(deps.db, user.id, currency)),
      });
    }
    if (isUniqueViolation(error, 'withdrawals_one_pending')) refuse('OTHER_FUND_OPERATION_PENDING');
    throw error;
  }
}

async function hasPendingWithdrawal(db: Db, userId: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('withdrawals')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row !== undefined;
}
