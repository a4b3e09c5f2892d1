import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { LedgerReversalRequestsTable } from '../db/schema.js';
import { decisionColumns, type MakerCheckerNames } from './approval-request.repository.js';
import { hasRow, lockRecord } from './row-lookups.js';
import { recordFromRow, rowFromRecord } from './row-records.js';
import { insertRow, updateRows } from './row-writes.js';

export type ReversalRequestState = 'pending' | 'approved' | 'rejected';

/** A reversal above the second-approver threshold, waiting for (or decided by) another finance member. */
export interface ReversalRequestRecord {
  id: bigint;
  entryId: bigint;
  amountMinor: bigint;
  reason: string;
  requestedBy: bigint;
  requestedAtMs: number;
  state: ReversalRequestState;
  decidedBy: bigint | null;
  decidedAtMs: number | null;
  decisionReason: string | null;
  reversalEntryId: bigint | null;
}

function toReversalRequest(row: Selectable<LedgerReversalRequestsTable>): ReversalRequestRecord {
  return recordFromRow(row);
}

/** A request as the console lists it: with its entry's key and kind and the staff names. */
export interface ReversalRequestListing extends ReversalRequestRecord, MakerCheckerNames {
  entryKey: string;
  entryKind: string;
}

function requestListings(db: Db) {
  return db
    .selectFrom('ledger_reversal_requests as request')
    .innerJoin('journal_entries as entry', 'entry.id', 'request.entry_id')
    .innerJoin('staff_users as requester', 'requester.id', 'request.requested_by')
    .leftJoin('staff_users as decider', 'decider.id', 'request.decided_by')
    .selectAll('request')
    .select([
      'entry.entry_key',
      'entry.kind as entry_kind',
      'requester.username as requester_name',
      'decider.username as decider_name',
    ]);
}

/** Requests that match, newest first: of one entry, one id or one state; a page of them and the total. */
export async function listReversalRequests(
  db: Db,
  where: { entryId?: bigint | undefined; id?: bigint | undefined; state?: ReversalRequestState | undefined },
  page: { limit: number; offset?: number },
): Promise<ReversalRequestListing[]> {
  let select = requestListings(db);
  if (where.entryId !== undefined) select = select.where('request.entry_id', '=', where.entryId);
  if (where.id !== undefined) select = select.where('request.id', '=', where.id);
  if (where.state !== undefined) select = select.where('request.state', '=', where.state);
  select = select.orderBy('request.id', 'desc').limit(page.limit);
  if (page.offset !== undefined) select = select.offset(page.offset);
  return (await select.execute()).map((row) => recordFromRow(row));
}

export async function countReversalRequests(
  db: Db,
  where: { state?: ReversalRequestState | undefined },
): Promise<number> {
  let select = db.selectFrom('ledger_reversal_requests as request');
  if (where.state !== undefined) select = select.where('request.state', '=', where.state);
  const row = await select.select((eb) => eb.fn.countAll<bigint>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Reads a request and holds its row lock until the transaction ends: it is decided once. */
export async function lockReversalRequest(trx: Db, id: bigint): Promise<ReversalRequestRecord | undefined> {
  return lockRecord(trx, 'ledger_reversal_requests', { id }, toReversalRequest);
}

export async function hasPendingReversalRequest(db: Db, entryId: bigint): Promise<boolean> {
  return hasRow(db, 'ledger_reversal_requests', { entry_id: entryId, state: 'pending' });
}

export async function insertReversalRequest(
  trx: Db,
  request: { entryId: bigint; amountMinor: bigint; reason: string; staffId: bigint; atMs: number },
): Promise<bigint> {
  const { staffId, atMs, ...asked } = request;
  const values = rowFromRecord({ ...asked, requestedBy: staffId, requestedAtMs: atMs });
  return (await insertRow(trx, 'ledger_reversal_requests', values)).id;
}

export async function decideReversalRequest(
  trx: Db,
  id: bigint,
  decision: {
    state: 'approved' | 'rejected';
    staffId: bigint;
    atMs: number;
    reason: string;
    reversalEntryId: bigint | null;
  },
): Promise<void> {
  const change = { ...decisionColumns(decision), reversal_entry_id: decision.reversalEntryId };
  await updateRows(trx, 'ledger_reversal_requests', { id }, change);
}
