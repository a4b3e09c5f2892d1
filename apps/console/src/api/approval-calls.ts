import { approvalDecide, approvalList, type BodyOf, type DataOf } from '@nivesh/contract';
import { type CallOptions, call } from './client';

/**
 * Maker-checker requests (docs/adr/0027-maker-checker-and-statement-matching.md): the pending queue
 * with age and the second staff member's decision.
 */
export type ApprovalItem = DataOf<typeof approvalList>['items'][number];

export const fetchApprovals = (body: BodyOf<typeof approvalList>, options?: CallOptions) =>
  call(approvalList, body, options);

export const decideApproval = (body: BodyOf<typeof approvalDecide>, options?: CallOptions) =>
  call(approvalDecide, body, options);
