import type { DataOf, rechargeSubmit } from '@nivesh/contract';
import {
  dailyWindowBounds,
  formatPaise,
  isWithinDailyWindow,
  normalisePayerReference,
  parsePaise,
} from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { inTransaction } from '../../db/transaction.js';
import {
  type DepositWithChannel,
  findDepositWithChannel,
  hasPendingDeposit,
  insertDeposit,
} from '../../repositories/deposit.repository.js';
import { findChannel } from '../../repositories/deposit-channel.repository.js';
import { readFundsSettings } from '../../repositories/funds-settings.repository.js';
import { findOwnActiveDestination } from '../../repositories/payout-destination.repository.js';
import { findOwnUpload } from '../../repositories/upload.repository.js';
import { findUserById, lockUserById } from '../../repositories/user.repository.js';
import { refuseIfFundsBlocked, requireKycVerified } from '../funds/fund-gates.js';
import { depositLimitsOf } from './deposit-limits.js';

type DepositView = DataOf<typeof rechargeSubmit>;

/** A deposit as its investor sees it: the channel named, money as rupee strings. */
export function toDepositView(deposit: DepositWithChannel): DepositView {
  return {
    id: String(deposit.id),
    channelId: String(deposit.channelId),
    channelName: deposit.channelName,
    amount: formatPaise(deposit.amountMinor),
    currency: deposit.currency,
    payerReference: deposit.payerReference,
    receiptImage: deposit.receiptUploadId,
    sourceId: String(deposit.sourceDestinationId),
    status: deposit.status,
    rejectReason: deposit.rejectReason,
    createdAt: deposit.createdAtMs,
    reviewedAt: deposit.reviewedAtMs,
  };
}

/**
 * An investor reports a payment to a deposit channel; staff credit it after matching their bank
 * statement. Refusals, in order: account blocked, KYC, the channel, the amount and the channel's
 * limits and window (the server's values in the message), the payer reference's form, the receipt
 * (uploaded first), the source (one of the investor's own accounts), one pending deposit at a time,
 * and a payer reference used before.
 */
export const submitDeposit: InvestorUseCase<typeof rechargeSubmit> = async (deps, context, input) => {
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
    refuse('OUTSIDE_DEPOSIT_WINDOW', dailyWindowBounds(limits));
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
      if (await hasPendingDeposit(trx, context.user.id)) refuse('DEPOSIT_PENDING');
      return insertDeposit(trx, {
        userId: context.user.id,
        channelId: open.id,
        amountMinor,
        currency: open.currency,
        payerReference,
        receiptUploadId: input.receiptImage,
        sourceDestinationId: source!.id,
        atMs: context.nowMs,
      });
    });
    return toDepositView((await findDepositWithChannel(deps.db, id))!);
  } catch (error) {
    if (isUniqueViolation(error, 'deposits_one_pending')) refuse('DEPOSIT_PENDING');
    if (isUniqueViolation(error, 'deposits_reference_once')) refuse('PAYER_REFERENCE_USED');
    throw error;
  }
};
