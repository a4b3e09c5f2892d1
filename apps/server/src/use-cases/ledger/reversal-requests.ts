import type {
  BodyOf,
  DataOf,
  decideReversal as decideReversalCall,
  listReversalRequests,
} from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import { pageWindow } from '../../repositories/paging.js';
import { postReversal } from './reverse-entry.js';

type RequestRow = DataOf<typeof decideReversalCall>;

function selectRequests(db: Db) {
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

type SelectedRequest = Awaited<ReturnType<ReturnType<typeof selectRequests>['execute']>>[number];

const toRow = (row: SelectedRequest): RequestRow => ({
  id: String(row.id),
  entryId: String(row.entry_id),
  entryKey: row.entry_key,
  entryKind: row.entry_kind,
  amount: formatPaise(row.amount_minor),
  reason: row.reason,
  requestedBy: String(row.requested_by),
  requestedByName: row.requester_name,
  requestedAt: row.requested_at.getTime(),
  state: row.state,
  decidedBy: row.decided_by === null ? null : String(row.decided_by),
  decidedByName: row.decider_name ?? null,
  decidedAt: row.decided_at?.getTime() ?? null,
  decisionReason: row.decision_reason,
  reversalEntryId: row.reversal_entry_id === null ? null : String(row.reversal_entry_id),
});

export async function readReversalRequests(
  db: Db,
  where: { entryId?: bigint; id?: bigint },
): Promise<RequestRow[]> {
  let select = selectRequests(db);
  if (where.entryId !== undefined) select = select.where('request.entry_id', '=', where.entryId);
  if (where.id !== undefined) select = select.where('request.id', '=', where.id);
  return (await select.orderBy('request.id', 'desc').limit(100).execute()).map(toRow);
}

export async function listRequests(
  db: Db,
  input: BodyOf<typeof listReversalRequests>,
): Promise<DataOf<typeof listReversalRequests>> {
  const { page, pageSize, offset } = pageWindow(input);
  let select = selectRequests(db);
  if (input.state) select = select.where('request.state', '=', input.state);
  const [counted, rows] = await Promise.all([
    select
      .clearSelect()
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .executeTakeFirstOrThrow(),
    select.orderBy('request.id', 'desc').limit(pageSize).offset(offset).execute(),
  ]);
  return { items: rows.map(toRow), total: Number(counted.count), page, pageSize };
}

/**
 * A second finance staff member decides a pending reversal: approving posts it, rejecting closes
 * the request; either is audited with the reason. The request row is locked, so of two staff acting
 * at once one decides and the other hears it was already decided. The requester cannot decide
 * (also a CHECK in the database).
 */
export async function decideReversal(
  deps: AppDeps,
  context: StaffContext,
  input: BodyOf<typeof decideReversalCall>,
): Promise<RequestRow> {
  const requestId = BigInt(input.requestId);
  return inTransaction(deps.db, async (trx) => {
    const request = await trx
      .selectFrom('ledger_reversal_requests')
      .selectAll()
      .where('id', '=', requestId)
      .forUpdate()
      .executeTakeFirst();
    if (!request) return refuse('REVERSAL_REQUEST_NOT_FOUND');
    if (request.state !== 'pending') return refuse('REVERSAL_ALREADY_DECIDED', { state: request.state });
    if (request.requested_by === context.staff.id) return refuse('SECOND_APPROVER_REQUIRED');
    let reversalEntryId: bigint | null = null;
    if (input.approve) {
      const posted = await postReversal(trx, context, request.entry_id, request.reason);
      reversalEntryId = posted.id;
    }
    await trx
      .updateTable('ledger_reversal_requests')
      .set({
        state: input.approve ? 'approved' : 'rejected',
        decided_by: context.staff.id,
        decided_at: new Date(context.nowMs),
        decision_reason: input.reason,
        reversal_entry_id: reversalEntryId,
      })
      .where('id', '=', requestId)
      .execute();
    await appendAudit(trx, {
      actor: { type: 'staff', id: context.staff.id },
      action: input.approve ? 'ledger.reverse.approve' : 'ledger.reverse.reject',
      target: { type: 'ledger_reversal_request', id: requestId },
      before: { state: 'pending', entryId: request.entry_id, requestedBy: request.requested_by },
      after: { state: input.approve ? 'approved' : 'rejected', reversalEntryId },
      reason: input.reason,
      requestId: context.requestId,
      ip: context.ip,
    });
    const [row] = await readReversalRequests(trx, { id: requestId });
    return row!;
  });
}
