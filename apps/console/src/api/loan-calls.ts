import {
  type BodyOf,
  type DataOf,
  loansApprove,
  loansList,
  loansRecordRepayment,
  loansReject,
} from '@nivesh/contract';
import { type CallOptions, call } from './client';

/** Credit loans (docs/adr/0013-credit-loans.md): the review queue and the staff-assisted repayment. */

export type LoanItem = DataOf<typeof loansList>['items'][number];
export type LoanFilter = BodyOf<typeof loansList>;
export type LoanState = NonNullable<LoanFilter['state']>;
export type RecordRepaymentInput = Omit<BodyOf<typeof loansRecordRepayment>, 'amount'> & { amount: string };

export const fetchLoans = (body: LoanFilter, options?: CallOptions) => call(loansList, body, options);
export const approveLoan = (body: BodyOf<typeof loansApprove>, options?: CallOptions) =>
  call(loansApprove, body, options);
export const rejectLoan = (id: string, reason: string, options?: CallOptions) =>
  call(loansReject, { id, reason }, options);
export const recordLoanRepayment = (body: RecordRepaymentInput, options?: CallOptions) =>
  call(loansRecordRepayment, body, options);
