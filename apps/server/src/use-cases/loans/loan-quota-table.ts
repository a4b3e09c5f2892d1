import type { DataOf, loanQuotaTable, setLoanQuotaTable } from '@nivesh/contract';
import { formatPaise, type LoanQuotaTier, loanQuotaTableProblem } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffUseCase } from '../../application/context.js';
import { paiseFromInput } from '../../application/money-input.js';
import { inTransaction } from '../../db/transaction.js';
import { readQuotaTiers, replaceQuotaTiers } from '../../repositories/loan.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';

/** The largest quota a tier may allow: ₹1 crore. */
const QUOTA_MAX_PAISE = 1_00_00_000_00n;

const toApi = (tiers: readonly LoanQuotaTier[]) =>
  tiers.map((tier) => ({ minCreditScore: tier.minCreditScore, quota: formatPaise(tier.quotaPaise) }));

export async function readLoanQuotaTable(deps: AppDeps): Promise<DataOf<typeof loanQuotaTable>> {
  return { tiers: toApi(await readQuotaTiers(deps.db)) };
}

/** Replaces the whole table in one transaction, audited with before and after; a bad table changes nothing. */
export const replaceLoanQuotaTable: StaffUseCase<typeof setLoanQuotaTable> = async (deps, context, input) => {
  const tiers = input.tiers.map((tier, index) => {
    const parsed = paiseFromInput(`tiers[${index}].quota`, tier.quota, { maxPaise: QUOTA_MAX_PAISE });
    return { minCreditScore: tier.minCreditScore, quotaPaise: parsed };
  });
  const problem = loanQuotaTableProblem(tiers);
  if (problem) refuse('VALIDATION_FAILED', { field: 'tiers', reason: problem });
  tiers.sort((a, b) => a.minCreditScore - b.minCreditScore);
  await inTransaction(deps.db, async (trx) => {
    const before = await readQuotaTiers(trx);
    await replaceQuotaTiers(trx, tiers, context.nowMs);
    await auditStaffAct(trx, context, {
      action: 'loans.quota_table.set',
      target: { type: 'loan_quota_table', id: 'nse' },
      before: { tiers: toApi(before) },
      after: { tiers: toApi(tiers) },
      reason: input.reason,
    });
  });
  return { tiers: toApi(tiers) };
};
