import type { BodyOf, DataOf, LoanReviewItem, loansList } from '@nivesh/contract';
import { formatPaise, loanQuotaFor } from '@nivesh/core';
import type { Static } from 'typebox';
import type { Db } from '../../db/database.js';
import { type LoanRow, toLoanView } from '../../repositories/loan.repository.js';
import { keysetPage } from '../../repositories/paging.js';
import { readQuotaTiers } from './apply-for-loan.js';

export type LoanReviewView = Static<typeof LoanReviewItem>;

const QUEUE_DEFAULT_LIMIT = 50;

/**
 * Staff see each loan with the investor, the credit score and quota as they are now, the investor's
 * cash, who decided, and every repayment (from cash or recorded by staff with its reference).
 */
async function toReviewItems(db: Db, rows: LoanRow[], nowMs: number): Promise<LoanReviewView[]> {
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.map((row) => row.user_id))];
  const loanIds = rows.map((row) => row.id);
  const users = await db
    .selectFrom('users')
    .leftJoin('ledger_accounts as cash', (join) =>
      join
        .onRef('cash.user_id', '=', 'users.id')
        .on('cash.purpose', '=', 'cash')
        .on('cash.currency', '=', 'INR')
        .on('cash.owner_type', '=', 'user'),
    )
    .select(['users.id', 'users.phone', 'users.real_name', 'users.credit_score', 'cash.balance_minor'])
    .where('users.id', 'in', userIds)
    .execute();
  const staff = await db
    .selectFrom('staff_users')
    .select(['id', 'username'])
    .where('id', 'in', [0n, ...rows.map((row) => row.decided_by).filter((id): id is bigint => id !== null)])
    .execute();
  const repayments = await db
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
  const tiers = await readQuotaTiers(db);
  const userById = new Map(users.map((user) => [user.id, user]));
  const staffById = new Map(staff.map((member) => [member.id, member.username]));
  return rows.map((row) => {
    const user = userById.get(row.user_id)!;
    return {
      ...toLoanView(row, nowMs),
      investor: { userId: String(row.user_id), phone: user.phone, realName: user.real_name },
      creditScore: user.credit_score,
      quota: formatPaise(loanQuotaFor(tiers, user.credit_score)),
      cash: formatPaise(user.balance_minor ?? 0n),
      decidedBy: row.decided_by === null ? null : (staffById.get(row.decided_by) ?? null),
      repayments: repayments
        .filter((repayment) => repayment.loan_id === row.id)
        .map((repayment) => ({
          amount: formatPaise(repayment.amount_paise),
          interest: formatPaise(repayment.interest_paise),
          principal: formatPaise(repayment.principal_paise),
          source: repayment.source,
          reference: repayment.external_reference,
          recordedBy: repayment.username ?? null,
          at: repayment.created_at.getTime(),
        })),
    };
  });
}

export async function readLoanReviewItem(db: Db, id: bigint, nowMs: number): Promise<LoanReviewView> {
  const row = await db.selectFrom('loans').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return (await toReviewItems(db, [row], nowMs))[0]!;
}

/** `loans/list`: oldest first, pending review unless another state is asked for; cursor paging. */
export async function listLoans(
  db: Db,
  nowMs: number,
  query: BodyOf<typeof loansList>,
): Promise<DataOf<typeof loansList>> {
  const limit = query.limit ?? QUEUE_DEFAULT_LIMIT;
  let select = db
    .selectFrom('loans')
    .selectAll()
    .where('state', '=', query.state ?? 'pending')
    .orderBy('id', 'asc')
    .limit(limit + 1);
  if (query.userId) select = select.where('user_id', '=', BigInt(query.userId));
  if (query.cursor) select = select.where('id', '>', BigInt(query.cursor));
  const rows = await select.execute();
  const { page, nextCursor } = keysetPage(rows, limit);
  return {
    items: await toReviewItems(db, page, nowMs),
    nextCursor,
  };
}
