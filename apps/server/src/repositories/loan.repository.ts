import type { LoanRecord } from '@nivesh/contract';
import { formatPaise, type LoanBalance, owedPaise } from '@nivesh/core';
import type { Selectable } from 'kysely';
import type { Static } from 'typebox';
import type { Db } from '../db/database.js';
import type { LoansTable } from '../db/schema.js';

export type LoanRow = Selectable<LoansTable>;
export type LoanView = Static<typeof LoanRecord>;

/** What is still owed on a loan, as the core's repayment rules take it. */
export function loanBalanceOf(row: LoanRow): LoanBalance {
  return {
    principalOutstandingPaise:
      row.state === 'outstanding' ? row.principal_paise - row.principal_repaid_paise : 0n,
    interestOutstandingPaise:
      row.state === 'outstanding' ? row.interest_charged_paise - row.interest_repaid_paise : 0n,
  };
}

/**
 * What counts as borrowed against the quota: the principal not yet repaid on an outstanding loan, or
 * the amount of a loan under review (it would be borrowed on approval). Interest is not quota.
 */
export function borrowedOf(row: LoanRow | undefined): bigint {
  if (!row) return 0n;
  if (row.state === 'pending') return row.principal_paise;
  if (row.state === 'outstanding') return row.principal_paise - row.principal_repaid_paise;
  return 0n;
}

/** The rate stored as numeric(9,4) ("5.0000") as the plain number the bps helpers read. */
export function dailyBpsOf(row: Pick<LoanRow, 'daily_interest_bps'>): number {
  return Number(row.daily_interest_bps);
}

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

/** The user's loan under review or outstanding (the database allows at most one). */
export async function findOpenLoan(db: Db, userId: bigint): Promise<LoanRow | undefined> {
  return db
    .selectFrom('loans')
    .selectAll()
    .where('user_id', '=', userId)
    .where('state', 'in', ['pending', 'outstanding'])
    .executeTakeFirst();
}

/** Reads a loan and holds its row lock until the transaction ends. */
export async function lockLoan(db: Db, id: bigint): Promise<LoanRow | undefined> {
  return db.selectFrom('loans').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function lockOutstandingLoanOf(db: Db, userId: bigint): Promise<LoanRow | undefined> {
  return db
    .selectFrom('loans')
    .selectAll()
    .where('user_id', '=', userId)
    .where('state', '=', 'outstanding')
    .forUpdate()
    .executeTakeFirst();
}

/** How many repayments a loan has had: the next one's entry key is `loan:<id>:repay:<count + 1>`. */
export async function countRepayments(db: Db, loanId: bigint): Promise<number> {
  const row = await db
    .selectFrom('loan_repayments')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('loan_id', '=', loanId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
