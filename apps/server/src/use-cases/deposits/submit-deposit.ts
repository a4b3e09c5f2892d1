import type { BodyOf, DataOf, rechargeSubmit } from '@nivesh/contract';
import { formatPaise, isWithinDailyWindow, normalisePayerReference, parsePaise } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, UserContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { inTransaction } from '../../db/transaction.js';
import { findChannel } from '../../repositories/deposit-channel.repository.js';
import { readFundsSettings } from '../../repositories/funds-settings.repository.js';
import { findOwnActiveDestination } from '../../repositories/payout-destination.repository.js';
import { findOwnUpload } from '../../repositories/upload.repository.js';
import { findUserById, lockUserById } from '../../repositories/user.repository.js';
import { refuseIfFundsBlocked, requireKycVerified } from '../funds/fund-gates.js';
import { depositLimitsOf } from './deposit-limits.js';

type DepositRecord = DataOf<typeof rechargeSubmit>;

export function toDepositRecord(row: {
  id: bigint;
  channel_id: bigint;
  channel_name: string;
  amount_minor: bigint;
  currency: string;
  payer_reference: string;
  receipt_upload_id: string;
  source_destination_id: bigint;
  status: 'pending' | 'approved' | 'rejected';
  reject_reason: string | null;
  created_at: Date;
  reviewed_at: Date | null;
}): DepositRecord {
  return {
    id: String(row.id),
    channelId: String(row.channel_id),
    channelName: row.channel_name,
    amount: formatPaise(row.amount_minor),
    currency: row.currency,
    payerReference: row.payer_reference,
    receiptImage: row.receipt_upload_id,
    sourceId: String(row.source_destination_id),
    status: row.status,
    rejectReason: row.reject_reason,
    createdAt: row.created_at.getTime(),
    reviewedAt: row.reviewed_at?.getTime() ?? null,
  };
}

export function depositRecordsQuery(db: Db) {
  return db
    .selectFrom('deposits as d')
    .innerJoin('deposit_channels as c', 'c.id', 'd.channel_id')
    .select([
      'd.id',
      'd.user_id',
      'd.channel_id',
      'c.name as channel_name',
      'd.amount_minor',
      'd.currency',
      'd.payer_reference',
      'd.receipt_upload_id',
      'd.source_destination_id',
      'd.status',
      'd.reject_reason',
      'd.created_at',
      'd.reviewed_at',
      'd.entry_id',
    ]);
}

/**
 * An investor reports a payment to a deposit channel; staff credit it after matching their bank
 * statement. Refusals, in order: account blocked, KYC, the channel, the amount and the channel's
 * limits and window (the server's values in the message), the payer reference's form, the receipt
 * (uploaded first), the source (one of the investor's own accounts), one pending deposit at a time,
 * and a payer reference used before.
 */
export async function submitDeposit(
  deps: AppDeps,
  context: UserContext,
  input: BodyOf<typeof rechargeSubmit>,
): Promise<DepositRecord> {
  refuseIfFundsBlocked(context.user);
  const user = (await findUserById(deps.db, context.user.id)) ?? refuse('ACCOUNT_NOT_FOUND');
  requireKycVerified(user);
  const settings = await readFundsSettings(deps.db);
  const channel = await findChannel(deps.db, BigInt(input.channelId));
  if (!channel?.enabled || channel.deleted_at || (channel.kind === 'usdt' && !settings.cryptoEnabled)) {
    refuse('DEPOSIT_CHANNEL_UNAVAILABLE');
  }
  const open = channel!;
  // The channel's limits and window, within the platform's (the deposit_* parameters).
  const limits = depositLimitsOf(open, settings);
  const parsed = parsePaise(input.amount);
  if (!parsed.ok) {
    if (parsed.reason === 'empty') refuse('AMOUNT_REQUIRED');
    if (parsed.reason === 'zero' || parsed.reason === 'negative')
      refuse('AMOUNT_BELOW_MINIMUM', { min: formatPaise(limits.minMinor) });
    if (parsed.reason === 'too_large') refuse('AMOUNT_ABOVE_MAXIMUM', { max: formatPaise(limits.maxMinor) });
    refuse('VALIDATION_FAILED', { field: 'amount', reason: parsed.reason });
  }
  const amountMinor = (parsed as { paise: bigint }).paise;
  if (amountMinor < limits.minMinor) refuse('AMOUNT_BELOW_MINIMUM', { min: formatPaise(limits.minMinor) });
  if (amountMinor > limits.maxMinor) refuse('AMOUNT_ABOVE_MAXIMUM', { max: formatPaise(limits.maxMinor) });
  if (!isWithinDailyWindow(context.nowMs, limits)) {
    refuse('OUTSIDE_DEPOSIT_WINDOW', {
      from: `${limits.from}:00`,
      to: `${limits.to === '24:00' ? '23:59' : limits.to}:59`,
    });
  }
  const referenceKind = open.kind === 'usdt' ? 'tx_hash' : 'utr';
  const payerReference =
    normalisePayerReference(referenceKind, input.payerReference) ??
    refuse(referenceKind === 'utr' ? 'UTR_INVALID' : 'TX_HASH_INVALID');
  (await findOwnUpload(deps.db, context.user.id, input.receiptImage, 'receipt')) ??
    refuse('RECEIPT_REQUIRED');
  const source = await findOwnActiveDestination(deps.db, context.user.id, BigInt(input.sourceId));
  if (!source) refuse('CARD_NOT_HOLDERS');
  if ((open.kind === 'usdt') !== (source!.kind === 'wallet')) refuse('CARD_NOT_HOLDERS');
  try {
    const id = await inTransaction(deps.db, async (trx) => {
      await lockUserById(trx, context.user.id);
      const pending = await trx
        .selectFrom('deposits')
        .select('id')
        .where('user_id', '=', context.user.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (pending) refuse('DEPOSIT_PENDING');
      const inserted = await trx
        .insertInto('deposits')
        .values({
          user_id: context.user.id,
          channel_id: open.id,
          amount_minor: amountMinor,
          currency: open.currency,
          payer_reference: payerReference,
          receipt_upload_id: input.receiptImage,
          source_destination_id: source!.id,
          created_at: new Date(context.nowMs),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    });
    return toDepositRecord(
      await depositRecordsQuery(deps.db).where('d.id', '=', id).executeTakeFirstOrThrow(),
    );
  } catch (error) {
    if (isUniqueViolation(error, 'deposits_one_pending')) refuse('DEPOSIT_PENDING');
    if (isUniqueViolation(error, 'deposits_reference_once')) refuse('PAYER_REFERENCE_USED');
    throw error;
  }
}
