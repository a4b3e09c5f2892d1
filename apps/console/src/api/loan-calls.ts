import type { BodyOf, DataOf, loansList, loansRecordRepayment } from '@nivesh/contract';
import { type CallOptions, callConsole } from './client';
import { mutating } from './idempotency-key';
import type { CursorPage } from './review-calls';

/** Credit loans (issue 11): the review queue and the staff-assisted repayment. */

export type LoanItem = DataOf<typeof loansList>['items'][number];
export type LoanFilter = BodyOf<typeof loansList>;
export type LoanState = NonNullable<LoanFilter['state']>;
export type RecordRepaymentInput = Omit<BodyOf<typeof loansRecordRepayment>, 'amount'> & { amount: string };

export const fetchLoans = (body: LoanFilter, options?: CallOptions) =>
  callConsole<CursorPage<LoanItem>>('loans/list', body, options);
export const approveLoan = (body: { id: string; reason?: string }, options?: CallOptions) =>
  callConsole<LoanItem>('loans/approve', body, mutating(options));
export const rejectLoan = (id: string, reason: string, options?: CallOptions) =>
  callConsole<LoanItem>('loans/reject', { id, reason }, mutating(options));
export const recordLoanRepayment = (body: RecordRepaymentInput, options?: CallOptions) =>
  callConsole<LoanItem>('loans/recordRepayment', body, mutating(options));
