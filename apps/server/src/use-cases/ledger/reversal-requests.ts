import type {
  BodyOf,
  DataOf,
  decideReversal as decideReversalCall,
  listReversalRequests,
} from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import {
  countReversalRequests,
  decideReversalRequest,
  listReversalRequests as listReversalRequestsOf,
  lockReversalRequest,
  type ReversalRequestListing,
} from '../../repositories/ledger-reversal-request.repository.js';
import { readConsolePage } from '../../repositories/paging.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import { postReversal } from './reverse-entry.js';

type RequestRow = DataOf<typeof decideReversalCall>;

const toRow = (request: ReversalRequestListing): RequestRow => ({
  id: String(request.id),
  entryId: String(request.entryId),
  entryKey: request.entryKey,
  entryKind: request.entryKind,
  amount: formatPaise(request.amountMinor),
  reason: request.reason,
  requestedBy: String(request.requestedBy),
  requestedByName: request.requesterName,
  requestedAt: request.requestedAtMs,
  state: request.state,
  decidedBy: request.decidedBy === null ? null : String(request.decidedBy),
  decidedByName: request.deciderName,
  decidedAt: request.decidedAtMs,
  decisionReason: request.decisionReason,
  reversalEntryId: request.reversalEntryId === null ? null : String(request.reversalEntryId),
});

export async function readReversalRequests(
  db: Db,
  where: { entryId?: bigint; id?: bigint },
): Promise<RequestRow[]> {
  return (await listReversalRequestsOf(db, where, { limit: 100 })).map(toRow);
}

export async function listRequests(
  db: Db,
  input: BodyOf<typeof listReversalRequests>,
): Promise<DataOf<typeof listReversalRequests>> {
  const where = { state: input.state };
  return readConsolePage(
    input,
    async (window) => {
      const [total, rows] = await Promise.all([
        countReversalRequests(db, where),
        listReversalRequestsOf(db, where, window),
      ]);
      return { rows, total };
    },
    (rows) => rows.map(toRow),
  );
}

/**
 * A second finance staff member decides a pending reversal: approving posts it, rejecting closes
 * the request; either is audited with the reason. The request row is locked, so of two staff acting
 * at once one decides and the other hears it was already decided. The requester cannot decide
 * (also a CHECK in the database).
 */
export const decideReversal: StaffUseCase<typeof decideReversalCall> = async (deps, context, input) => {
  const requestId = BigInt(input.requestId);
  return inTransaction(deps.db, async (trx) => {
    const request = await lockReversalRequest(trx, requestId);
    if (!request) return refuse('REVERSAL_REQUEST_NOT_FOUND');
    if (request.state !== 'pending') return refuse('REVERSAL_ALREADY_DECIDED', { state: request.state });
    if (request.requestedBy === context.staff.id) return refuse('SECOND_APPROVER_REQUIRED');
    let reversalEntryId: bigint | null = null;
    if (input.approve) {
      const posted = await postReversal(trx, context, request.entryId, request.reason);
      reversalEntryId = posted.id;
    }
    await decideReversalRequest(trx, requestId, {
      state: input.approve ? 'approved' : 'rejected',
      staffId: context.staff.id,
      atMs: context.nowMs,
      reason: input.reason,
      reversalEntryId,
    });
    await auditStaffAct(trx, context, {
      action: input.approve ? 'ledger.reverse.approve' : 'ledger.reverse.reject',
      target: { type: 'ledger_reversal_request', id: requestId },
      before: { state: 'pending', entryId: request.entryId, requestedBy: request.requestedBy },
      after: { state: input.approve ? 'approved' : 'rejected', reversalEntryId },
      reason: input.reason,
    });
    const [row] = await readReversalRequests(trx, { id: requestId });
    return row!;
  });
};
