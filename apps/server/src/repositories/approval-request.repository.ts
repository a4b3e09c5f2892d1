import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { ApprovalRequestsTable } from '../db/schema.js';
import { countWaitingRows, lockRecord } from './row-lookups.js';
import { recordFromRow, rowFromRecord } from './row-records.js';
import { insertRow, updateRows } from './row-writes.js';

export type ApprovalKind = ApprovalRequestsTable['kind'];
export type ApprovalState = 'pending' | 'approved' | 'rejected';

/** A maker's request waiting for (or decided by) a second staff member (ADR 0027). */
export interface ApprovalRequestRecord {
  id: bigint;
  kind: ApprovalKind;
  targetId: string;
  targetLabel: string;
  payload: Record<string, unknown>;
  amountMinor: bigint | null;
  currency: string | null;
  reason: string;
  requestedBy: bigint;
  requestedAtMs: number;
  state: ApprovalState;
  decidedBy: bigint | null;
  decidedAtMs: number | null;
  decisionReason: string | null;
}

const toRecord = (row: Selectable<ApprovalRequestsTable>): ApprovalRequestRecord =>
  recordFromRow(row) as ApprovalRequestRecord;

/** The usernames of a request's maker and of its checker (none while pending): queues show both. */
export interface MakerCheckerNames {
  requesterName: string;
  deciderName: string | null;
}

/** A request as queues list it: with the maker's and the checker's names. */
export interface ApprovalRequestListing extends ApprovalRequestRecord, MakerCheckerNames {}

/** A checker's decision on a maker's request, as the columns every request table shares. */
export function decisionColumns(decision: {
  state: 'approved' | 'rejected';
  staffId: bigint;
  atMs: number;
  reason: string;
}) {
  return {
    state: decision.state,
    decided_by: decision.staffId,
    decided_at: new Date(decision.atMs),
    decision_reason: decision.reason,
  };
}

function listings(db: Db) {
  return db
    .selectFrom('approval_requests as request')
    .innerJoin('staff_users as requester', 'requester.id', 'request.requested_by')
    .leftJoin('staff_users as decider', 'decider.id', 'request.decided_by')
    .selectAll('request')
    .select(['requester.username as requester_name', 'decider.username as decider_name']);
}

export interface ApprovalFilter {
  id?: bigint | undefined;
  state?: ApprovalState | undefined;
  kind?: ApprovalKind | undefined;
  targetId?: string | undefined;
}

/** Requests that match, oldest first (the queue's order: the longest waiting on top). */
export async function listApprovalRequests(
  db: Db,
  where: ApprovalFilter,
  limit = 200,
): Promise<ApprovalRequestListing[]> {
  let select = listings(db);
  if (where.id !== undefined) select = select.where('request.id', '=', where.id);
  if (where.state !== undefined) select = select.where('request.state', '=', where.state);
  if (where.kind !== undefined) select = select.where('request.kind', '=', where.kind);
  if (where.targetId !== undefined) select = select.where('request.target_id', '=', where.targetId);
  const rows = await select
    .orderBy('request.requested_at', 'asc')
    .orderBy('request.id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((row) => recordFromRow(row) as ApprovalRequestListing);
}

/** The pending request of one kind for one target, if any (at most one: a partial unique index). */
export async function findPendingApproval(
  db: Db,
  kind: ApprovalKind,
  targetId: string,
): Promise<ApprovalRequestListing | undefined> {
  const [request] = await listApprovalRequests(db, { kind, targetId, state: 'pending' }, 1);
  return request;
}

/** Pending requests of every kind, counted for the dashboard, with how many are past `olderThanMs`. */
export async function countPendingApprovals(
  db: Db,
  olderThanMs: number,
): Promise<{ pending: number; overdue: number }> {
  const cutoff = new Date(olderThanMs);
  const { count, overdue } = await countWaitingRows(
    db,
    'approval_requests',
    { state: 'pending' },
    'requested_at',
    cutoff,
  );
  return { pending: count, overdue };
}

export async function lockApprovalRequest(trx: Db, id: bigint): Promise<ApprovalRequestRecord | undefined> {
  return lockRecord(trx, 'approval_requests', { id }, toRecord);
}

export async function insertApprovalRequest(
  trx: Db,
  request: Pick<
    ApprovalRequestRecord,
    'kind' | 'targetId' | 'targetLabel' | 'payload' | 'amountMinor' | 'currency' | 'reason'
  > & { staffId: bigint; atMs: number },
): Promise<bigint> {
  const { staffId, atMs, payload, ...asked } = request;
  const values = {
    ...rowFromRecord({ ...asked, requestedBy: staffId, requestedAtMs: atMs }),
    payload: JSON.stringify(payload),
  };
  return (await insertRow(trx, 'approval_requests', values)).id;
}

export async function decideApprovalRequest(
  trx: Db,
  id: bigint,
  decision: { state: 'approved' | 'rejected'; staffId: bigint; atMs: number; reason: string },
): Promise<void> {
  await updateRows(trx, 'approval_requests', { id }, decisionColumns(decision));
}
