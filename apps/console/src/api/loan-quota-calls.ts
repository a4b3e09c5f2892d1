import { type BodyOf, type DataOf, loanQuotaTable, setLoanQuotaTable } from '@nivesh/contract';
import { type CallOptions, call } from './client';

/** The credit-loan quota table (docs/api.md, "Credit-loan quota table (console)"). */
export type LoanQuotaTable = DataOf<typeof loanQuotaTable>;
export type SetLoanQuotaTableBody = BodyOf<typeof setLoanQuotaTable>;

export const fetchLoanQuotaTable = (options?: CallOptions) => call(loanQuotaTable, {}, options);

export const saveLoanQuotaTable = (body: SetLoanQuotaTableBody, options?: CallOptions) =>
  call(setLoanQuotaTable, body, options);
