import type { BodyOf, DataOf, loanQuotaTable, setLoanQuotaTable } from '@nivesh/contract';
import { type CallOptions, callConsole } from './client';
import { mutating } from './idempotency-key';

/** The credit-loan quota table (issue 9, item 4). */
export type LoanQuotaTable = DataOf<typeof loanQuotaTable>;
export type SetLoanQuotaTableBody = BodyOf<typeof setLoanQuotaTable>;

export const fetchLoanQuotaTable = (options?: CallOptions) =>
  callConsole<LoanQuotaTable>('loans/quotaTable', {}, options);

export const saveLoanQuotaTable = (body: SetLoanQuotaTableBody, options?: CallOptions) =>
  callConsole<LoanQuotaTable>('loans/setQuotaTable', body, mutating(options));
