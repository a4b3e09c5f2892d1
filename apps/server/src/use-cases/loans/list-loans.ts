import type { LoanReviewItem, loansList } from '@nivesh/contract';
import { formatPaise, loanQuotaFor } from '@nivesh/core';
import type { Static } from 'typebox';
import type { StaffUseCase } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import {
  findLoanForReview,
  findRepaymentsOfLoans,
  type LoanReviewRow,
  listLoansForReview,
  readQuotaTiers,
} from '../../repositories/loan.repository.js';
import { readKeysetPage } from '../../repositories/paging.js';
import { findInvestorsWithCash } from '../../repositories/user.repository.js';
import { secondApprovalOf } from '../approvals/second-approval.js';
import { toLoanView } from './loan-view.js';

export type LoanReviewView = Static<typeof LoanReviewItem>;

const QUEUE_DEFAULT_LIMIT = 50;

/**
 * Staff see each loan with the investor, the credit score and quota as they are now, the investor's
 * cash, who decided, and every repayment (from cash or recorded by staff with its reference).
 */
async function toReviewItems(db: Db, rows: LoanReviewRow[], nowMs: number): Promise<LoanReviewView[]> {
  if (rows.length === 0) return [];
  const [investors, repayments, tiers] = await Promise.all([
    findInvestorsWithCash(db, [...new Set(rows.map((row) => row.user_id))]),
    findRepaymentsOfLoans(
      db,
      rows.map((row) => row.id),
    ),
    readQuotaTiers(db),
  ]);
  const investorById = new Map(investors.map((investor) => [investor.id, investor]));
  const secondApprovals = await Promise.all(
    rows.map((row) => (row.state === 'pending' ? secondApprovalOf(db, 'loan_approval', row.id) : null)),
  );
  return rows.map((row, index) => {
    const investor = investorById.get(row.user_id)!;
    return {
      ...toLoanView(row, nowMs),
      investor: { userId: String(row.user_id), phone: investor.phone, realName: investor.realName },
      creditScore: investor.creditScore,
      quota: formatPaise(loanQuotaFor(tiers, investor.creditScore)),
      cash: formatPaise(investor.cashPaise),
      decidedBy: row.decided_by_username,
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
      secondApproval: secondApprovals[index] ?? null,
    };
  });
}

export async function readLoanReviewItem(db: Db, id: bigint, nowMs: number): Promise<LoanReviewView> {
  return (await toReviewItems(db, [await findLoanForReview(db, id)], nowMs))[0]!;
}

/** `loans/list`: oldest first, pending review unless another state is asked for; cursor paging. */
export const listLoans: StaffUseCase<typeof loansList> = async ({ db }, { nowMs }, query) => {
  const { page, nextCursor } = await readKeysetPage(query, QUEUE_DEFAULT_LIMIT, ({ cursorId, limit }) =>
    listLoansForReview(db, {
      state: query.state ?? 'pending',
      userId: query.userId ? BigInt(query.userId) : undefined,
      afterId: cursorId,
      limit,
    }),
  );
  return { items: await toReviewItems(db, page, nowMs), nextCursor };
};
