import type { BodyOf, DataOf, withdrawalApprove, withdrawalQueue, withdrawalReject } from '@nivesh/contract';
import { type CurrencyCode, formatPaise, type PostingDraft } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import { houseAccountId, postEntry, userAccountId } from '../../repositories/ledger.repository.js';
import {
  insertUserMessage,
  publishMessage,
  type StoredMessage,
} from '../../repositories/message.repository.js';
import { keysetPage } from '../../repositories/paging.js';
import { findDestination, toDestinationView } from '../../repositories/payout-destination.repository.js';

type WithdrawalItem = DataOf<typeof withdrawalApprove>;
const QUEUE_DEFAULT_LIMIT = 50;

function withdrawalItemsQuery(db: Db) {
  return db
    .selectFrom('withdrawals as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .leftJoin('staff_users as first', 'first.id', 'w.first_approved_by')
    .leftJoin('staff_users as reviewer', 'reviewer.id', 'w.reviewed_by')
    .select([
      'w.id',
      'w.user_id',
      'u.phone',
      'u.real_name',
      'w.destination_id',
      'w.amount_minor',
      'w.fee_minor',
      'w.currency',
      'w.status',
      'w.approvals_required',
      'first.username as first_approver',
      'w.first_approved_at',
      'w.payout_reference',
      'w.reject_reason',
      'w.created_at',
      'reviewer.username as reviewer',
      'w.reviewed_at',
    ]);
}

type WithdrawalRow = Awaited<ReturnType<ReturnType<typeof withdrawalItemsQuery>['executeTakeFirstOrThrow']>>;

async function toWithdrawalItem(db: Db, row: WithdrawalRow, nowMs: number): Promise<WithdrawalItem> {
  const destination = (await findDestination(db, row.destination_id))!;
  return {
    id: String(row.id),
    investor: { userId: String(row.user_id), phone: row.phone, realName: row.real_name },
    destination: toDestinationView(destination, nowMs),
    destinationAccountNumber: destination.account_number ?? destination.address,
    amount: formatPaise(row.amount_minor),
    fee: formatPaise(row.fee_minor),
    net: formatPaise(row.amount_minor - row.fee_minor),
    currency: row.currency,
    status: row.status,
    approvalsRequired: row.approvals_required,
    firstApprovedBy: row.first_approver ?? null,
    firstApprovedAt: row.first_approved_at?.getTime() ?? null,
    payoutReference: row.payout_reference,
    rejectReason: row.reject_reason,
    createdAt: row.created_at.getTime(),
    reviewedBy: row.reviewer ?? null,
    reviewedAt: row.reviewed_at?.getTime() ?? null,
  };
}

async function readItem(db: Db, id: bigint, nowMs: number) {
  return toWithdrawalItem(
    db,
    await withdrawalItemsQuery(db).where('w.id', '=', id).executeTakeFirstOrThrow(),
    nowMs,
  );
}

/** The withdrawal queue: oldest first, pending unless another status is asked for. */
export async function listWithdrawals(
  db: Db,
  nowMs: number,
  query: BodyOf<typeof withdrawalQueue>,
): Promise<DataOf<typeof withdrawalQueue>> {
  const limit = query.limit ?? QUEUE_DEFAULT_LIMIT;
  const status = query.status === 'verified' ? 'approved' : (query.status ?? 'pending');
  let select = withdrawalItemsQuery(db)
    .where('w.status', '=', status)
    .orderBy('w.id', 'asc')
    .limit(limit + 1);
  if (query.userId) select = select.where('w.user_id', '=', BigInt(query.userId));
  if (query.cursor) select = select.where('w.id', '>', BigInt(query.cursor));
  const rows = await select.execute();
  const { page, nextCursor } = keysetPage(rows, limit);
  return {
    items: await Promise.all(page.map((row) => toWithdrawalItem(db, row, nowMs))),
    nextCursor,
  };
}

/** Account ids an entry of a withdrawal needs, resolved before the transaction. */
async function accountsOf(db: Db, id: bigint) {
  const row = await db
    .selectFrom('withdrawals')
    .select(['user_id', 'currency'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) refuse('ORDER_NOT_FOUND');
  const currency = row!.currency as CurrencyCode;
  return {
    currency,
    cash: await userAccountId(db, row!.user_id, 'cash', currency),
    hold: await userAccountId(db, row!.user_id, 'withdrawal_hold', currency),
    payouts: await houseAccountId(db, 'house_payouts', currency),
    fees: await houseAccountId(db, 'house_fees', currency),
  };
}

/**
 * Approves a pending withdrawal. Up to the two-person threshold one approval pays it; above it the
 * first approval is only recorded and a second, different staff member's approval pays it. Paying
 * posts `withdrawal:<id>:approve`: the hold goes to the house payouts account (the net sent) and the
 * fee account. The row is locked and must still be pending, so two approvals at once never both
 * count: the loser is told NOT_IN_REVIEW (or SECOND_APPROVER_REQUIRED when it was the same person).
 */
export async function approveWithdrawal(
  deps: AppDeps,
  context: StaffContext,
  input: BodyOf<typeof withdrawalApprove>,
): Promise<WithdrawalItem> {
  const id = BigInt(input.id);
  const accounts = await accountsOf(deps.db, id);
  const message = await inTransaction(deps.db, async (trx): Promise<StoredMessage | null> => {
    const withdrawal =
      (await trx.selectFrom('withdrawals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()) ??
      refuse('ORDER_NOT_FOUND');
    if (withdrawal.status !== 'pending') refuse('NOT_IN_REVIEW');
    const audit = {
      actor: { type: 'staff' as const, id: context.staff.id },
      target: { type: 'withdrawal', id },
      requestId: context.requestId,
      ip: context.ip,
    };
    if (withdrawal.approvals_required === 2) {
      if (withdrawal.first_approved_by === null) {
        await trx
          .updateTable('withdrawals')
          .set({ first_approved_by: context.staff.id, first_approved_at: new Date(context.nowMs) })
          .where('id', '=', id)
          .execute();
        await appendAudit(trx, {
          ...audit,
          action: 'withdrawal.approve.first',
          before: { status: 'pending', approvals: 0 },
          after: { status: 'pending', approvals: 1, payoutReference: input.payoutReference ?? null },
        });
        return null;
      }
      if (withdrawal.first_approved_by === context.staff.id) refuse('SECOND_APPROVER_REQUIRED');
    }
    if (!input.payoutReference?.trim()) refuse('PAYOUT_REFERENCE_REQUIRED');
    const reference = input.payoutReference!.trim();
    const net = withdrawal.amount_minor - withdrawal.fee_minor;
    const postings: PostingDraft[] = [
      { accountId: accounts.hold, amountMinor: -withdrawal.amount_minor, currency: accounts.currency },
      { accountId: accounts.payouts, amountMinor: net, currency: accounts.currency },
    ];
    if (withdrawal.fee_minor > 0n) {
      postings.push({
        accountId: accounts.fees,
        amountMinor: withdrawal.fee_minor,
        currency: accounts.currency,
      });
    }
    const entry = await postEntry(trx, {
      key: `withdrawal:${id}:approve`,
      kind: 'withdrawal_paid',
      reference: String(id),
      referenceType: 'withdrawal',
      postedBy: { type: 'staff', id: context.staff.id },
      atMs: context.nowMs,
      memo: `payout reference ${reference}`,
      postings,
    });
    await trx
      .updateTable('withdrawals')
      .set({
        status: 'approved',
        payout_reference: reference,
        reviewed_by: context.staff.id,
        reviewed_at: new Date(context.nowMs),
        settle_entry_id: entry.id,
      })
      .where('id', '=', id)
      .execute();
    await appendAudit(trx, {
      ...audit,
      action: 'withdrawal.approve',
      before: { status: 'pending', approvals: withdrawal.approvals_required - 1 },
      after: {
        status: 'approved',
        approvals: withdrawal.approvals_required,
        payoutReference: reference,
        entryId: entry.id,
      },
    });
    return insertUserMessage(trx, {
      userId: withdrawal.user_id,
      kind: 'WITHDRAWAL_APPROVED',
      params: {
        amount: formatPaise(withdrawal.amount_minor),
        currency: accounts.currency,
        net: formatPaise(net),
        reference,
      },
      dedupeKey: `withdrawal:${id}:approved`,
      atMs: context.nowMs,
    });
  });
  publishMessage(deps.userEvents, message);
  return readItem(deps.db, id, context.nowMs);
}

/**
 * Rejects a pending withdrawal with a reason: `withdrawal:<id>:reject` returns the whole hold to cash.
 */
export async function rejectWithdrawal(
  deps: AppDeps,
  context: StaffContext,
  input: BodyOf<typeof withdrawalReject>,
): Promise<WithdrawalItem> {
  const id = BigInt(input.id);
  const accounts = await accountsOf(deps.db, id);
  const message = await inTransaction(deps.db, async (trx) => {
    const withdrawal =
      (await trx.selectFrom('withdrawals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()) ??
      refuse('ORDER_NOT_FOUND');
    if (withdrawal.status !== 'pending') refuse('NOT_IN_REVIEW');
    const entry = await postEntry(trx, {
      key: `withdrawal:${id}:reject`,
      kind: 'withdrawal_rejected',
      reference: String(id),
      referenceType: 'withdrawal',
      postedBy: { type: 'staff', id: context.staff.id },
      atMs: context.nowMs,
      reason: input.reason,
      postings: [
        { accountId: accounts.hold, amountMinor: -withdrawal.amount_minor, currency: accounts.currency },
        { accountId: accounts.cash, amountMinor: withdrawal.amount_minor, currency: accounts.currency },
      ],
    });
    await trx
      .updateTable('withdrawals')
      .set({
        status: 'rejected',
        reject_reason: input.reason,
        reviewed_by: context.staff.id,
        reviewed_at: new Date(context.nowMs),
        settle_entry_id: entry.id,
      })
      .where('id', '=', id)
      .execute();
    await appendAudit(trx, {
      actor: { type: 'staff', id: context.staff.id },
      action: 'withdrawal.reject',
      target: { type: 'withdrawal', id },
      before: { status: 'pending', approvals: withdrawal.first_approved_by === null ? 0 : 1 },
      after: { status: 'rejected', entryId: entry.id },
      reason: input.reason,
      requestId: context.requestId,
      ip: context.ip,
    });
    return insertUserMessage(trx, {
      userId: withdrawal.user_id,
      kind: 'WITHDRAWAL_REJECTED',
      params: {
        amount: formatPaise(withdrawal.amount_minor),
        currency: accounts.currency,
        reason: input.reason,
      },
      dedupeKey: `withdrawal:${id}:rejected`,
      atMs: context.nowMs,
    });
  });
  publishMessage(deps.userEvents, message);
  return readItem(deps.db, id, context.nowMs);
}
