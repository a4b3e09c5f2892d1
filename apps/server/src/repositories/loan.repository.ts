import type { LoanBalance, LoanQuotaTier } from '@nivesh/core';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../db/database.js';
import type { LoanRepaymentsTable, LoansTable } from '../db/schema.js';
import { newestFirstPage, oldestFirstPage, type PageBefore } from './paging.js';
import { countRows, findRow, lockRow } from './row-lookups.js';
import { rowFromRecord } from './row-records.js';

export type LoanRow = Selectable<LoansTable>;
/** A loan with the username of the staff member who decided it (null while pending). */
export type LoanReviewRow = LoanRow & { decided_by_username: string | null };

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

/** The user's loan under review or outstanding (the database allows at most one). */
export async function findOpenLoan(db: Db, userId: bigint): Promise<LoanRow | undefined> {
  return db
    .selectFrom('loans')
    .selectAll()
    .where('user_id', '=', userId)
    .where('state', 'in', ['pending', 'outstanding'])
    .executeTakeFirst();
}

/** Who a loan belongs to, read before the transaction that posts to the owner's accounts. */
export async function findLoanOwnerId(db: Db, id: bigint): Promise<bigint | undefined> {
  return (await findRow(db, 'loans', { id }))?.user_id;
}

/** Reads a loan and holds its row lock until the transaction ends. */
export async function lockLoan(db: Db, id: bigint): Promise<LoanRow | undefined> {
  return lockRow(db, 'loans', { id });
}

export async function lockOutstandingLoanOf(db: Db, userId: bigint): Promise<LoanRow | undefined> {
  return lockRow(db, 'loans', { user_id: userId, state: 'outstanding' });
}

export async function insertLoan(trx: Db, values: Insertable<LoansTable>): Promise<LoanRow> {
  return trx.insertInto('loans').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Changes a loan the caller has locked and answers the row as it is now. */
export async function updateLoan(trx: Db, id: bigint, changes: Updateable<LoansTable>): Promise<LoanRow> {
  return trx.updateTable('loans').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** The investor's own loans, newest first, `limit` rows from before a cursor id. */
export async function listUserLoans(db: Db, userId: bigint, page: PageBefore): Promise<LoanRow[]> {
  const select = db.selectFrom('loans').selectAll().where('user_id', '=', userId);
  return newestFirstPage(select, 'id', page).execute();
}

function loanReviewQuery(db: Db) {
  return db
    .selectFrom('loans')
    .leftJoin('staff_users', 'staff_users.id', 'loans.decided_by')
    .selectAll('loans')
    .select('staff_users.username as decided_by_username');
}

export async function findLoanForReview(db: Db, id: bigint): Promise<LoanReviewRow> {
  return loanReviewQuery(db).where('loans.id', '=', id).executeTakeFirstOrThrow();
}

/** The review queue: loans in one state, oldest first, `limit` rows after a cursor id. */
export async function listLoansForReview(
  db: Db,
  filter: {
    state: LoanRow['state'];
    userId?: bigint | undefined;
    afterId?: bigint | undefined;
    limit: number;
  },
): Promise<LoanReviewRow[]> {
  let select = loanReviewQuery(db).where('loans.state', '=', filter.state);
  if (filter.userId !== undefined) select = select.where('loans.user_id', '=', filter.userId);
  return oldestFirstPage(select, 'loans.id', filter).execute();
}

/**
 * Outstanding loans with engine work due (ADR 0013): interest for a day that has ended, or the notice
 * at term end not sent yet. At most `limit`, oldest first.
 */
export async function findLoansWithWorkDue(
  db: Db,
  input: { today: string; nowMs: number; limit: number },
): Promise<{ id: bigint; userId: bigint }[]> {
  const rows = await db
    .selectFrom('loans')
    .select(['id', 'user_id'])
    .where('state', '=', 'outstanding')
    .where((eb) =>
      eb.or([
        eb('interest_from_date', '<', input.today),
        eb.and([eb('due_at', '<=', new Date(input.nowMs)), eb('due_notice_at', 'is', null)]),
      ]),
    )
    .orderBy('id')
    .limit(input.limit)
    .execute();
  return rows.map((row) => ({ id: row.id, userId: row.user_id }));
}

/** How many repayments a loan has had: the next one's entry key is `loan:<id>:repay:<count + 1>`. */
export async function countRepayments(db: Db, loanId: bigint): Promise<number> {
  return countRows(db, 'loan_repayments', { loan_id: loanId });
}

export async function insertLoanRepayment(trx: Db, values: Insertable<LoanRepaymentsTable>): Promise<void> {
  await trx.insertInto('loan_repayments').values(values).execute();
}

/** Every repayment of some loans in the order made, with who recorded it (staff-recorded ones). */
export async function findRepaymentsOfLoans(db: Db, loanIds: readonly bigint[]) {
  if (loanIds.length === 0) return [];
  return db
    .selectFrom('loan_repayments')
    .leftJoin('staff_users', 'staff_users.id', 'loan_repayments.staff_id')
    .select([
      'loan_repayments.loan_id',
      'loan_repayments.amount_paise',
      'loan_repayments.interest_paise',
      'loan_repayments.principal_paise',
      'loan_repayments.source',
      'loan_repayments.external_reference',
      'loan_repayments.created_at',
      'staff_users.username',
    ])
    .where('loan_repayments.loan_id', 'in', loanIds)
    .orderBy('loan_repayments.id')
    .execute();
}

/** The staff quota table by credit score (migration 0013), lowest score first. */
export async function readQuotaTiers(db: Db): Promise<LoanQuotaTier[]> {
  const rows = await db.selectFrom('loan_quota_tiers').selectAll().orderBy('min_credit_score').execute();
  return rows.map((row) => ({ minCreditScore: row.min_credit_score, quotaPaise: row.quota_paise }));
}

/** Replaces the whole quota table; the caller's transaction makes the swap all or nothing. */
export async function replaceQuotaTiers(
  trx: Db,
  tiers: readonly LoanQuotaTier[],
  atMs: number,
): Promise<void> {
  await trx.deleteFrom('loan_quota_tiers').execute();
  if (tiers.length === 0) return;
  const rows = tiers.map((tier) => rowFromRecord({ ...tier, updatedAtMs: atMs }));
  await trx.insertInto('loan_quota_tiers').values(rows).execute();
}
