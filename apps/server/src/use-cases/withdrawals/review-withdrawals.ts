import type { DataOf, withdrawalApprove, withdrawalQueue, withdrawalReject } from '@nivesh/contract';
import { type CurrencyCode, formatPaise, type PostingDraft } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffContext, StaffUseCase } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import { houseAccountId, userAccountId } from '../../repositories/ledger.repository.js';
import { insertUserMessage, type StoredMessage } from '../../repositories/message.repository.js';
import { findDestination, toDestinationView } from '../../repositories/payout-destination.repository.js';
import { investorNameOf } from '../../repositories/user.repository.js';
import {
  findWithdrawal,
  findWithdrawalInReview,
  findWithdrawalPaidWith,
  listWithdrawalsInReview,
  lockWithdrawalById,
  recordFirstWithdrawalApproval,
  settleWithdrawal,
  type WithdrawalInReview,
  type WithdrawalRecord,
} from '../../repositories/withdrawal.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import { decidePendingReview, investorOf, readReviewQueue } from '../funds/review-queue.js';
import { postReviewEntry } from '../ledger/post-review-entry.js';

type WithdrawalItem = DataOf<typeof withdrawalApprove>;

async function toWithdrawalItem(db: Db, row: WithdrawalInReview, nowMs: number): Promise<WithdrawalItem> {
  const destination = (await findDestination(db, row.destinationId))!;
  return {
    id: String(row.id),
    investor: investorOf(row),
    destination: toDestinationView(destination, nowMs),
    destinationAccountNumber: destination.account_number ?? destination.address,
    amount: formatPaise(row.amountMinor),
    fee: formatPaise(row.feeMinor),
    net: formatPaise(row.amountMinor - row.feeMinor),
    currency: row.currency,
    status: row.status,
    approvalsRequired: row.approvalsRequired,
    firstApprovedBy: row.firstApprover,
    firstApprovedAt: row.firstApprovedAtMs,
    payoutReference: row.payoutReference,
    rejectReason: row.rejectReason,
    createdAt: row.createdAtMs,
    reviewedBy: row.reviewer,
    reviewedAt: row.reviewedAtMs,
  };
}

async function readItem(db: Db, id: bigint, nowMs: number) {
  return toWithdrawalItem(db, (await findWithdrawalInReview(db, id))!, nowMs);
}

/** The withdrawal queue: oldest first, pending unless another status is asked for. */
export const listWithdrawals: StaffUseCase<typeof withdrawalQueue> = async ({ db }, { nowMs }, query) => {
  return readReviewQueue(
    query,
    (filter) => listWithdrawalsInReview(db, filter),
    (row) => toWithdrawalItem(db, row, nowMs),
  );
};

/** Account ids an entry of a withdrawal needs, resolved before the transaction. */
export async function accountsOf(db: Db, id: bigint) {
  const withdrawal = (await findWithdrawal(db, id)) ?? refuse('ORDER_NOT_FOUND');
  const currency = withdrawal.currency as CurrencyCode;
  return {
    currency,
    cash: await userAccountId(db, withdrawal.userId, 'cash', currency),
    hold: await userAccountId(db, withdrawal.userId, 'withdrawal_hold', currency),
    payouts: await houseAccountId(db, 'house_payouts', currency),
    fees: await houseAccountId(db, 'house_fees', currency),
  };
}

export type WithdrawalAccounts = Awaited<ReturnType<typeof accountsOf>>;

/**
 * Decides a pending withdrawal: its accounts resolved before the transaction, its row locked and
 * still pending inside it (decidePendingReview), and the queue's view of it answered after.
 */
async function decideWithdrawal(
  deps: AppDeps,
  context: StaffContext,
  id: bigint,
  decide: (
    trx: Db,
    withdrawal: WithdrawalRecord,
    accounts: WithdrawalAccounts,
  ) => Promise<StoredMessage | null>,
): Promise<WithdrawalItem> {
  const accounts = await accountsOf(deps.db, id);
  await decidePendingReview(
    deps,
    (trx) => lockWithdrawalById(trx, id),
    (trx, withdrawal) => decide(trx, withdrawal, accounts),
  );
  return readItem(deps.db, id, context.nowMs);
}

/**
 * Approves a pending withdrawal. Up to the two-person threshold one approval pays it; above it the
 * first approval is only recorded and a second, different staff member's approval pays it. Paying
 * posts `withdrawal:<id>:approve`: the hold goes to the house payouts account (the net sent) and the
 * fee account. The row is locked and must still be pending, so two approvals at once never both
 * count: the loser is told NOT_IN_REVIEW (or SECOND_APPROVER_REQUIRED when it was the same person).
 */
export const approveWithdrawal: StaffUseCase<typeof withdrawalApprove> = async (deps, context, input) => {
  const id = BigInt(input.id);
  return decideWithdrawal(deps, context, id, async (trx, withdrawal, accounts) => {
    const audit = {
      actor: { type: 'staff' as const, id: context.staff.id },
      target: { type: 'withdrawal', id },
      requestId: context.requestId,
      ip: context.ip,
    };
    if (withdrawal.approvalsRequired === 2) {
      if (withdrawal.firstApprovedBy === null) {
        await recordFirstWithdrawalApproval(trx, id, context.staff.id, context.nowMs);
        await appendAudit(trx, {
          ...audit,
          action: 'withdrawal.approve.first',
          before: { status: 'pending', approvals: 0 },
          after: { status: 'pending', approvals: 1, payoutReference: input.payoutReference ?? null },
        });
        return null;
      }
      if (withdrawal.firstApprovedBy === context.staff.id) refuse('SECOND_APPROVER_REQUIRED');
    }
    if (!input.payoutReference?.trim()) refuse('PAYOUT_REFERENCE_REQUIRED');
    return payWithdrawal(trx, context, withdrawal, accounts, input.payoutReference!.trim());
  });
};

/**
 * The paying approval of a withdrawal whose row the caller has locked and found pending, in the
 * caller's transaction: refuses a payout reference (UTR) already used, posts `withdrawal:<id>:approve`
 * (the hold to the house payouts account and the fee account), settles the row with the reference,
 * audits `withdrawal.approve` and leaves the investor's message (published by the caller after
 * commit). The queue's approval and the payouts recorded from a bank statement (ADR 0032) both pay
 * through it.
 */
export async function payWithdrawal(
  trx: Db,
  context: StaffContext,
  withdrawal: WithdrawalRecord,
  accounts: WithdrawalAccounts,
  reference: string,
): Promise<StoredMessage | null> {
  const id = withdrawal.id;
  const audit = {
    actor: { type: 'staff' as const, id: context.staff.id },
    target: { type: 'withdrawal', id },
    requestId: context.requestId,
    ip: context.ip,
  };
  // A UTR names one bank transfer (as loan repayments refuse a used reference); a unique index
  // on paid withdrawals (migration 0040) is the last word if two approvals race.
  const usedBy = await findWithdrawalPaidWith(trx, reference);
  if (usedBy !== undefined)
    refuse('PAYOUT_REFERENCE_USED', {
      reference,
      withdrawal: String(usedBy.id),
      investor: await investorNameOf(trx, usedBy.userId),
    });
  const net = withdrawal.amountMinor - withdrawal.feeMinor;
  const postings: PostingDraft[] = [
    { accountId: accounts.hold, amountMinor: -withdrawal.amountMinor, currency: accounts.currency },
    { accountId: accounts.payouts, amountMinor: net, currency: accounts.currency },
  ];
  if (withdrawal.feeMinor > 0n) {
    postings.push({
      accountId: accounts.fees,
      amountMinor: withdrawal.feeMinor,
      currency: accounts.currency,
    });
  }
  const entry = await postReviewEntry(
    trx,
    context,
    { referenceType: 'withdrawal', id, step: 'approve' },
    {
      kind: 'withdrawal_paid',
      memo: `payout reference ${reference}`,
      postings,
    },
  );
  await settleWithdrawal(trx, id, {
    status: 'approved',
    payoutReference: reference,
    staffId: context.staff.id,
    atMs: context.nowMs,
    entryId: entry.id,
  });
  await appendAudit(trx, {
    ...audit,
    action: 'withdrawal.approve',
    before: { status: 'pending', approvals: withdrawal.approvalsRequired - 1 },
    after: {
      status: 'approved',
      approvals: withdrawal.approvalsRequired,
      payoutReference: reference,
      entryId: entry.id,
    },
  });
  return insertUserMessage(trx, {
    userId: withdrawal.userId,
    kind: 'WITHDRAWAL_APPROVED',
    params: {
      amount: formatPaise(withdrawal.amountMinor),
      currency: accounts.currency,
      net: formatPaise(net),
      reference,
    },
    dedupeKey: `withdrawal:${id}:approved`,
    atMs: context.nowMs,
  });
}

/**
 * Rejects a pending withdrawal with a reason: `withdrawal:<id>:reject` returns the whole hold to cash.
 */
export const rejectWithdrawal: StaffUseCase<typeof withdrawalReject> = async (deps, context, input) => {
  const id = BigInt(input.id);
  return decideWithdrawal(deps, context, id, async (trx, withdrawal, accounts) => {
    const entry = await postReviewEntry(
      trx,
      context,
      { referenceType: 'withdrawal', id, step: 'reject' },
      {
        kind: 'withdrawal_rejected',
        reason: input.reason,
        postings: [
          { accountId: accounts.hold, amountMinor: -withdrawal.amountMinor, currency: accounts.currency },
          { accountId: accounts.cash, amountMinor: withdrawal.amountMinor, currency: accounts.currency },
        ],
      },
    );
    await settleWithdrawal(trx, id, {
      status: 'rejected',
      rejectReason: input.reason,
      staffId: context.staff.id,
      atMs: context.nowMs,
      entryId: entry.id,
    });
    await auditStaffAct(trx, context, {
      action: 'withdrawal.reject',
      target: { type: 'withdrawal', id },
      before: { status: 'pending', approvals: withdrawal.firstApprovedBy === null ? 0 : 1 },
      after: { status: 'rejected', entryId: entry.id },
      reason: input.reason,
    });
    return insertUserMessage(trx, {
      userId: withdrawal.userId,
      kind: 'WITHDRAWAL_REJECTED',
      params: {
        amount: formatPaise(withdrawal.amountMinor),
        currency: accounts.currency,
        reason: input.reason,
      },
      dedupeKey: `withdrawal:${id}:rejected`,
      atMs: context.nowMs,
    });
  });
};
