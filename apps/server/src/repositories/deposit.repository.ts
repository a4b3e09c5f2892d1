import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { DepositsTable } from '../db/schema.js';
import { newestFirstPage, oldestFirstPage, type PageBefore } from './paging.js';
import { type ReviewQueueFilter, whereQueueTools } from './queue-tools.js';
import { findRecord, hasRow, lockRecord } from './row-lookups.js';
import { recordFromRow } from './row-records.js';

export type DepositStatus = 'pending' | 'approved' | 'rejected';

/** A deposit an investor reported; staff credit it after matching their bank statement. */
export interface DepositRecord {
  id: bigint;
  userId: bigint;
  channelId: bigint;
  amountMinor: bigint;
  currency: string;
  payerReference: string;
  receiptUploadId: string;
  sourceDestinationId: bigint;
  status: DepositStatus;
  rejectReason: string | null;
  reviewedBy: bigint | null;
  reviewedAtMs: number | null;
  entryId: bigint | null;
  createdAtMs: number;
}

function toDeposit(row: Selectable<DepositsTable>): DepositRecord {
  return recordFromRow(row);
}

/** Whether the user has a deposit waiting for review: one at a time. */
export async function hasPendingDeposit(db: Db, userId: bigint): Promise<boolean> {
  return hasRow(db, 'deposits', { user_id: userId, status: 'pending' });
}

export async function insertDeposit(
  trx: Db,
  deposit: Pick<
    DepositRecord,
    | 'userId'
    | 'channelId'
    | 'amountMinor'
    | 'currency'
    | 'payerReference'
    | 'receiptUploadId'
    | 'sourceDestinationId'
  > & { atMs: number },
): Promise<bigint> {
  const row = await trx
    .insertInto('deposits')
    .values({
      user_id: deposit.userId,
      channel_id: deposit.channelId,
      amount_minor: deposit.amountMinor,
      currency: deposit.currency,
      payer_reference: deposit.payerReference,
      receipt_upload_id: deposit.receiptUploadId,
      source_destination_id: deposit.sourceDestinationId,
      created_at: new Date(deposit.atMs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findDeposit(db: Db, id: bigint): Promise<DepositRecord | undefined> {
  return findRecord(db, 'deposits', { id }, toDeposit);
}

/** Reads a deposit and holds its row lock until the transaction ends: reviews decide it once. */
export async function lockDepositById(trx: Db, id: bigint): Promise<DepositRecord | undefined> {
  return lockRecord(trx, 'deposits', { id }, toDeposit);
}

/** Closes a review: approved with the entry that credited cash, or rejected with the reason. */
export async function settleDeposit(
  trx: Db,
  id: bigint,
  decision: {
    status: 'approved' | 'rejected';
    rejectReason: string | null;
    staffId: bigint;
    atMs: number;
    entryId: bigint | null;
  },
): Promise<void> {
  await trx
    .updateTable('deposits')
    .set({
      status: decision.status,
      reject_reason: decision.rejectReason,
      reviewed_by: decision.staffId,
      reviewed_at: new Date(decision.atMs),
      entry_id: decision.entryId,
    })
    .where('id', '=', id)
    .execute();
}

/** A deposit with the name of the channel it was paid to, as the investor's records show it. */
export interface DepositWithChannel extends DepositRecord {
  channelName: string;
}

function depositsWithChannel(db: Db) {
  return db
    .selectFrom('deposits as d')
    .innerJoin('deposit_channels as c', 'c.id', 'd.channel_id')
    .selectAll('d')
    .select('c.name as channel_name');
}

export async function findDepositWithChannel(db: Db, id: bigint): Promise<DepositWithChannel | undefined> {
  const row = await depositsWithChannel(db).where('d.id', '=', id).executeTakeFirst();
  return row && { ...toDeposit(row), channelName: row.channel_name };
}

/** A user's deposits, newest first, before an id when paging (the fund records' recharge tab). */
export async function listOwnDeposits(
  db: Db,
  userId: bigint,
  page: PageBefore,
): Promise<DepositWithChannel[]> {
  const select = depositsWithChannel(db).where('d.user_id', '=', userId);
  return (await newestFirstPage(select, 'd.id', page).execute()).map((row) => ({
    ...toDeposit(row),
    channelName: row.channel_name,
  }));
}

/** A deposit as the review queue shows it: with the investor and the reviewer's name. */
export interface DepositInReview extends DepositRecord {
  phone: string;
  realName: string | null;
  reviewer: string | null;
  /** The entry reversing the approval's credit, and when: the deposit no longer counts. */
  reversalEntryId: bigint | null;
  reversedAtMs: number | null;
}

function depositsInReview(db: Db) {
  return db
    .selectFrom('deposits as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .leftJoin('staff_users as s', 's.id', 'd.reviewed_by')
    .leftJoin('journal_entries as reversal', 'reversal.reverses_entry_id', 'd.entry_id')
    .selectAll('d')
    .select([
      'u.phone',
      'u.real_name',
      's.username as reviewer',
      'reversal.id as reversal_entry_id',
      'reversal.created_at as reversed_at',
    ]);
}

type DepositInReviewRow = Awaited<ReturnType<ReturnType<typeof depositsInReview>['executeTakeFirstOrThrow']>>;

function toDepositInReview(row: DepositInReviewRow): DepositInReview {
  return {
    ...toDeposit(row),
    phone: row.phone,
    realName: row.real_name,
    reviewer: row.reviewer,
    reversalEntryId: row.reversal_entry_id,
    reversedAtMs: row.reversed_at === null ? null : new Date(row.reversed_at).getTime(),
  };
}

/** The deposit review queue: oldest first, one status, optionally one investor, after an id (keyset). */
export async function listDepositsInReview(
  db: Db,
  filter: ReviewQueueFilter<DepositStatus>,
): Promise<DepositInReview[]> {
  let select = depositsInReview(db).where('d.status', '=', filter.status);
  if (filter.userId !== undefined) select = select.where('d.user_id', '=', filter.userId);
  if (filter.tools) {
    select = whereQueueTools(
      select,
      { createdAt: 'd.created_at', amount: 'd.amount_minor', reference: 'd.payer_reference' },
      filter.tools,
    );
  }
  return (await oldestFirstPage(select, 'd.id', filter).execute()).map(toDepositInReview);
}

export async function findDepositInReview(db: Db, id: bigint): Promise<DepositInReview | undefined> {
  const row = await depositsInReview(db).where('d.id', '=', id).executeTakeFirst();
  return row && toDepositInReview(row);
}

/** The bound on pending deposits one statement is matched against (ADR 0032). */
export const PENDING_DEPOSITS_FOR_MATCHING_MAX = 5_000;

/** Pending deposits of one currency, oldest first, as statement matching reads them (ADR 0032). */
export async function listPendingDepositsForMatching(db: Db, currency: string): Promise<DepositInReview[]> {
  const rows = await depositsInReview(db)
    .where('d.status', '=', 'pending')
    .where('d.currency', '=', currency)
    .orderBy('d.id')
    .limit(PENDING_DEPOSITS_FOR_MATCHING_MAX)
    .execute();
  return rows.map(toDepositInReview);
}

/** Deposits by id, as the review queue shows them (statement lines matched earlier). */
export async function listDepositsInReviewByIds(db: Db, ids: readonly bigint[]): Promise<DepositInReview[]> {
  if (ids.length === 0) return [];
  const rows = await depositsInReview(db).where('d.id', 'in', ids).execute();
  return rows.map(toDepositInReview);
}
