import { refuse } from '../../application/app-error.js';
import type { StaffContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import {
  type ApprovalKind,
  decideApprovalRequest,
  findPendingApproval,
  insertApprovalRequest,
} from '../../repositories/approval-request.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';

/** What a maker asks a second staff member to approve (ADR 0027). */
export interface ApprovalDraft {
  kind: ApprovalKind;
  targetId: string;
  /** What the queue calls the target: "Deposit 12 of Asha Rao", "Bank transfer (deposit channel)". */
  targetLabel: string;
  payload: Record<string, unknown>;
  amountMinor?: bigint | null;
  currency?: string | null;
  reason: string;
}

/**
 * Opens a maker's request, in the caller's transaction, audited as `approval.request`. One pending
 * request per kind and target: a second is refused with the target's name.
 */
export async function openApprovalRequest(
  trx: Db,
  context: StaffContext,
  draft: ApprovalDraft,
): Promise<bigint> {
  const pending = await findPendingApproval(trx, draft.kind, draft.targetId);
  if (pending) refuse('APPROVAL_ALREADY_PENDING', { target: draft.targetLabel });
  const id = await insertApprovalRequest(trx, {
    kind: draft.kind,
    targetId: draft.targetId,
    targetLabel: draft.targetLabel,
    payload: draft.payload,
    amountMinor: draft.amountMinor ?? null,
    currency: draft.currency ?? null,
    reason: draft.reason,
    staffId: context.staff.id,
    atMs: context.nowMs,
  });
  await auditStaffAct(trx, context, {
    action: 'approval.request',
    target: { type: 'approval_request', id },
    after: { kind: draft.kind, target: draft.targetId, payload: draft.payload },
    reason: draft.reason,
  });
  return id;
}

/**
 * The two-person rule inside a review that moves money (a deposit or a loan above its threshold):
 * the first staff member's approval only opens the request ('requested', nothing moves); another
 * staff member's approval closes it ('checked': the caller then moves the money in the same
 * transaction). The maker approving again is refused, and the database refuses it too.
 */
export async function passSecondApproval(
  trx: Db,
  context: StaffContext,
  draft: ApprovalDraft,
): Promise<'requested' | 'checked'> {
  const pending = await findPendingApproval(trx, draft.kind, draft.targetId);
  if (!pending) {
    await openApprovalRequest(trx, context, draft);
    return 'requested';
  }
  if (pending.requestedBy === context.staff.id) refuse('SECOND_APPROVER_REQUIRED');
  await closeApprovalRequest(trx, context, pending.id, 'approved', draft.reason);
  return 'checked';
}

/** Records the checker's decision on a request and audits it (`approval.approve` / `approval.reject`). */
export async function closeApprovalRequest(
  trx: Db,
  context: StaffContext,
  id: bigint,
  state: 'approved' | 'rejected',
  reason: string,
): Promise<void> {
  await decideApprovalRequest(trx, id, { state, staffId: context.staff.id, atMs: context.nowMs, reason });
  await auditStaffAct(trx, context, {
    action: state === 'approved' ? 'approval.approve' : 'approval.reject',
    target: { type: 'approval_request', id },
    before: { state: 'pending' },
    after: { state },
    reason,
  });
}

/** Closes a target's pending request as rejected when the item itself is rejected (a deposit, a loan). */
export async function rejectPendingApproval(
  trx: Db,
  context: StaffContext,
  kind: ApprovalKind,
  targetId: string,
  reason: string,
): Promise<void> {
  const pending = await findPendingApproval(trx, kind, targetId);
  if (pending?.requestedBy === context.staff.id) refuse('SECOND_APPROVER_REQUIRED');
  if (pending) await closeApprovalRequest(trx, context, pending.id, 'rejected', reason);
}

/** The pending second approval of a review item, as its queue shows it, or null. */
export async function secondApprovalOf(db: Db, kind: ApprovalKind, targetId: bigint) {
  const pending = await findPendingApproval(db, kind, String(targetId));
  return pending
    ? {
        requestId: String(pending.id),
        requestedBy: pending.requesterName,
        requestedAt: pending.requestedAtMs,
      }
    : null;
}
