import type { approvalDecide } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { StaffContext, StaffUseCase } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import {
  type ApprovalKind,
  type ApprovalRequestRecord,
  listApprovalRequests,
  lockApprovalRequest,
} from '../../repositories/approval-request.repository.js';
import { applyPayeeChange } from '../deposits/manage-deposit-channels.js';
import { decideDeposit } from '../deposits/review-deposits.js';
import { applyFollowFunding, rejectFollowFunding } from '../follow/create-follow-product.js';
import { approveLoan } from '../loans/decide-loan.js';
import { applyParameterChange } from '../parameters/update-parameter.js';
import { approvalSlaMinutes, toApprovalItem } from './list-approvals.js';
import { closeApprovalRequest } from './second-approval.js';

/** What approving a request of each kind does, in the checker's transaction. */
const APPLY: Partial<
  Record<ApprovalKind, (trx: Db, context: StaffContext, request: ApprovalRequestRecord) => Promise<void>>
> = {
  deposit_channel_payee: applyPayeeChange,
  parameter_change: applyParameterChange,
  follow_funding: applyFollowFunding,
};

/** What rejecting a request of each kind does beyond closing it. */
const ON_REJECT: Partial<
  Record<
    ApprovalKind,
    (trx: Db, context: StaffContext, request: ApprovalRequestRecord, reason: string) => Promise<void>
  >
> = {
  follow_funding: rejectFollowFunding,
};

/** Reviews that move money decide through their own use case, which closes the request itself. */
const DECIDE_THROUGH_REVIEW: Partial<
  Record<
    ApprovalKind,
    (
      deps: Parameters<StaffUseCase<typeof approvalDecide>>[0],
      context: StaffContext,
      targetId: string,
      reason: string,
    ) => Promise<unknown>
  >
> = {
  deposit_approval: (deps, context, id, reason) => decideDeposit(deps, context, { id }, 'approved', reason),
  loan_approval: (deps, context, id, reason) => approveLoan(deps, context, { id, reason }),
};

/**
 * A second staff member decides a pending maker-checker request (ADR 0027): approving applies the
 * change in the same transaction, rejecting closes it; both audited with the reason. The request
 * row is locked, so of two checkers one decides and the other hears it was decided. The maker is
 * refused here, and the database's CHECK refuses it as well.
 */
export const decideApproval: StaffUseCase<typeof approvalDecide> = async (deps, context, input) => {
  const id = BigInt(input.id);
  const [preview] = await listApprovalRequests(deps.db, { id }, 1);
  if (!preview) return refuse('APPROVAL_REQUEST_NOT_FOUND');
  if (preview.state !== 'pending') return refuse('APPROVAL_ALREADY_DECIDED', { state: preview.state });
  if (preview.requestedBy === context.staff.id) return refuse('SECOND_APPROVER_REQUIRED');
  const throughReview = input.approve ? DECIDE_THROUGH_REVIEW[preview.kind] : undefined;
  if (throughReview) {
    await throughReview(deps, context, preview.targetId, input.reason);
  } else {
    await inTransaction(deps.db, async (trx) => {
      const request = (await lockApprovalRequest(trx, id)) ?? refuse('APPROVAL_REQUEST_NOT_FOUND');
      if (request.state !== 'pending') refuse('APPROVAL_ALREADY_DECIDED', { state: request.state });
      if (input.approve) {
        const apply = APPLY[request.kind] ?? refuse('APPROVAL_REQUEST_NOT_FOUND');
        await apply(trx, context, request);
      } else {
        await ON_REJECT[request.kind]?.(trx, context, request, input.reason);
      }
      await closeApprovalRequest(trx, context, id, input.approve ? 'approved' : 'rejected', input.reason);
    });
  }
  const [decided] = await listApprovalRequests(deps.db, { id }, 1);
  return toApprovalItem(decided!, context.nowMs, await approvalSlaMinutes(deps.db), context.staff.id);
};
