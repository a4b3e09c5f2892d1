import type { LoanRecord } from '@nivesh/contract';
import { formatPaise, owedPaise } from '@nivesh/core';
import type { Static } from 'typebox';
import { dailyBpsOf, type LoanRow, loanBalanceOf } from '../../repositories/loan.repository.js';

export type LoanView = Static<typeof LoanRecord>;

/** A loan as the investor reads it: amounts as rupee strings, what is owed now, overdue or not. */
export function toLoanView(row: LoanRow, nowMs: number): LoanView {
  const balance = loanBalanceOf(row);
  return {
    id: String(row.id),
    amount: formatPaise(row.principal_paise),
    termDays: row.term_days,
    dailyInterestBps: String(dailyBpsOf(row)),
    state: row.state,
    appliedAt: row.applied_at.getTime(),
    decidedAt: row.decided_at?.getTime() ?? null,
    reason: row.decision_reason,
    disbursedAt: row.disbursed_at?.getTime() ?? null,
    dueAt: row.due_at?.getTime() ?? null,
    isOverdue: row.state === 'outstanding' && row.due_at !== null && row.due_at.getTime() <= nowMs,
    principalOutstanding: formatPaise(balance.principalOutstandingPaise),
    interestCharged: formatPaise(row.interest_charged_paise),
    interestOutstanding: formatPaise(balance.interestOutstandingPaise),
    owed: formatPaise(owedPaise(balance)),
    repaid: formatPaise(row.principal_repaid_paise + row.interest_repaid_paise),
    repaidAt: row.repaid_at?.getTime() ?? null,
  };
}
