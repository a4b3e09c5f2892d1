import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { WithdrawalsTable } from '../db/schema.js';
import { newestFirstPage, oldestFirstPage, type PageBefore } from './paging.js';
import { type ReviewQueueFilter, whereQueueTools } from './queue-tools.js';
import { findRecord, hasRow, lockRecord } from './row-lookups.js';
import { recordFromRow } from './row-records.js';
import { updateRows } from './row-writes.js';

export type WithdrawalStatus = 'pending' | 'approved' | 'rejected';

/** A withdrawal request (DESIGN rule 1.3): the amount is held from cash until staff pay or reject it. */
export interface WithdrawalRecord {
  id: bigint;
  userId: bigint;
  destinationId: bigint;
  amountMinor: bigint;
  feeMinor: bigint;
  currency: string;
  status: WithdrawalStatus;
  /** 1, or 2 above the two-person threshold. */
  approvalsRequired: number;
  firstApprovedBy: bigint | null;
  firstApprovedAtMs: number | null;
  payoutReference: string | null;
  rejectReason: string | null;
  reviewedBy: bigint | null;
  reviewedAtMs: number | null;
  holdEntryId: bigint | null;
  settleEntryId: bigint | null;
  createdAtMs: number;
}

type WithdrawalRow = Selectable<WithdrawalsTable>;

function toWithdrawal(row: WithdrawalRow): WithdrawalRecord {
  return recordFromRow(row);
}

/** Whether the user has a withdrawal waiting for review: one fund operation at a time. */
export async function hasPendingWithdrawal(db: Db, userId: bigint): Promise<boolean> {
  return hasRow(db, 'withdrawals', { user_id: userId, status: 'pending' });
}

/** Whether a withdrawal to this payout destination is waiting for review: it cannot be unbound then. */
export async function hasPendingWithdrawalTo(db: Db, destinationId: bigint): Promise<boolean> {
  return hasRow(db, 'withdrawals', { destination_id: destinationId, status: 'pending' });
}

export async function insertWithdrawal(
  trx: Db,
  withdrawal: Pick<
    WithdrawalRecord,
    'userId' | 'destinationId' | 'amountMinor' | 'feeMinor' | 'currency' | 'approvalsRequired'
  > & { atMs: number },
): Promise<bigint> {
  const row = await trx
    .insertInto('withdrawals')
    .values({
      user_id: withdrawal.userId,
      destination_id: withdrawal.destinationId,
      amount_minor: withdrawal.amountMinor,
      fee_minor: withdrawal.feeMinor,
      currency: withdrawal.currency,
      approvals_required: withdrawal.approvalsRequired,
      created_at: new Date(withdrawal.atMs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Records the entry that moved the amount from cash to the hold; answers the withdrawal as it now is. */
export async function setWithdrawalHoldEntry(
  trx: Db,
  id: bigint,
  entryId: bigint,
): Promise<WithdrawalRecord> {
  const row = await trx
    .updateTable('withdrawals')
    .set({ hold_entry_id: entryId })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toWithdrawal(row);
}

export async function findWithdrawal(db: Db, id: bigint): Promise<WithdrawalRecord | undefined> {
  return findRecord(db, 'withdrawals', { id }, toWithdrawal);
}

/** Reads a withdrawal and holds its row lock until the transaction ends: reviews decide it once. */
export async function lockWithdrawalById(trx: Db, id: bigint): Promise<WithdrawalRecord | undefined> {
  return lockRecord(trx, 'withdrawals', { id }, toWithdrawal);
}

/** The first of two approvals above the two-person threshold: recorded, nothing paid yet. */
export async function recordFirstWithdrawalApproval(
  trx: Db,
  id: bigint,
  staffId: bigint,
  atMs: number,
): Promise<void> {
  await updateRows(
    trx,
    'withdrawals',
    { id },
    { first_approved_by: staffId, first_approved_at: new Date(atMs) },
  );
}

/** Closes a review: paid (with the payout reference) or rejected (with the reason), and its entry. */
export async function settleWithdrawal(
  trx: Db,
  id: bigint,
  decision: {
    status: 'approved' | 'rejected';
    payoutReference?: string;
    rejectReason?: string;
    staffId: bigint;
    atMs: number;
    entryId: bigint;
  },
): Promise<void> {
  await trx
    .updateTable('withdrawals')
    .set({
      status: decision.status,
      ...(decision.payoutReference === undefined ? {} : { payout_reference: decision.payoutReference }),
      ...(decision.rejectReason === undefined ? {} : { reject_reason: decision.rejectReason }),
      reviewed_by: decision.staffId,
      reviewed_at: new Date(decision.atMs),
      settle_entry_id: decision.entryId,
    })
    .where('id', '=', id)
    .execute();
}

/** A user's withdrawals, newest first, before an id when paging (the fund records' withdrawal tab). */
export async function listOwnWithdrawals(
  db: Db,
  userId: bigint,
  page: PageBefore,
): Promise<WithdrawalRecord[]> {
  const select = db.selectFrom('withdrawals').selectAll().where('user_id', '=', userId);
  return (await newestFirstPage(select, 'id', page).execute()).map(toWithdrawal);
}

/** A withdrawal as the review queue shows it: with the investor and the staff names. */
export interface WithdrawalInReview extends WithdrawalRecord {
  phone: string;
  realName: string | null;
  firstApprover: string | null;
  reviewer: string | null;
}

function withdrawalsInReview(db: Db) {
  return db
    .selectFrom('withdrawals as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .leftJoin('staff_users as first', 'first.id', 'w.first_approved_by')
    .leftJoin('staff_users as reviewer', 'reviewer.id', 'w.reviewed_by')
    .selectAll('w')
    .select(['u.phone', 'u.real_name', 'first.username as first_approver', 'reviewer.username as reviewer']);
}

type WithdrawalInReviewRow = Awaited<
  ReturnType<ReturnType<typeof withdrawalsInReview>['executeTakeFirstOrThrow']>
>;

function toWithdrawalInReview(row: WithdrawalInReviewRow): WithdrawalInReview {
  return {
    ...toWithdrawal(row),
    phone: row.phone,
    realName: row.real_name,
    firstApprover: row.first_approver,
    reviewer: row.reviewer,
  };
}

/** The withdrawal review queue: oldest first, one status, optionally one investor, after an id (keyset). */
export async function listWithdrawalsInReview(
  db: Db,
  filter: ReviewQueueFilter<WithdrawalStatus>,
): Promise<WithdrawalInReview[]> {
  let select = withdrawalsInReview(db).where('w.status', '=', filter.status);
  if (filter.userId !== undefined) select = select.where('w.user_id', '=', filter.userId);
  if (filter.tools) {
    select = whereQueueTools(
      select,
      { createdAt: 'w.created_at', amount: 'w.amount_minor', reference: 'w.payout_reference' },
      filter.tools,
    );
  }
  return (await oldestFirstPage(select, 'w.id', filter).execute()).map(toWithdrawalInReview);
}

export async function findWithdrawalInReview(db: Db, id: bigint): Promise<WithdrawalInReview | undefined> {
  const row = await withdrawalsInReview(db).where('w.id', '=', id).executeTakeFirst();
  return row && toWithdrawalInReview(row);
}

/** Withdrawals with one approval of two: the second staff member's turn (the pending-requests queue). */
export async function listWithdrawalsAwaitingSecondApproval(
  db: Db,
  limit: number,
): Promise<WithdrawalInReview[]> {
  const rows = await withdrawalsInReview(db)
    .where('w.status', '=', 'pending')
    .where('w.first_approved_by', 'is not', null)
    .orderBy('w.first_approved_at', 'asc')
    .limit(limit)
    .execute();
  return rows.map(toWithdrawalInReview);
}

/** The paid withdrawal that used a payout reference (a bank UTR), if any. */
export async function findWithdrawalPaidWithReference(
  db: Db,
  reference: string,
): Promise<bigint | undefined> {
  return (await findWithdrawalPaidWith(db, reference))?.id;
}

/** The paid withdrawal that used a payout reference, with its investor, for a refusal that names them. */
export async function findWithdrawalPaidWith(
  db: Db,
  reference: string,
): Promise<{ id: bigint; userId: bigint } | undefined> {
  const row = await db
    .selectFrom('withdrawals')
    .select(['id', 'user_id'])
    .where('payout_reference', '=', reference)
    .where('status', '=', 'approved')
    .executeTakeFirst();
  return row && { id: row.id, userId: row.user_id };
}
