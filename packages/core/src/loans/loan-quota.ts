/**
 * The credit-loan quota by credit score (DESIGN.md section 5, "Credit loans"): staff keep a table of
 * tiers; a user's quota is the quota of the highest tier whose minimum score the user reaches, and
 * nothing below the lowest tier. The score only ever sets what may be borrowed, never a withdrawal.
 */
export interface LoanQuotaTier {
  minCreditScore: number;
  quotaPaise: bigint;
}

export function loanQuotaFor(tiers: readonly LoanQuotaTier[], creditScore: number): bigint {
  let quota = 0n;
  let reached = -1;
  for (const tier of tiers) {
    if (creditScore >= tier.minCreditScore && tier.minCreditScore > reached) {
      reached = tier.minCreditScore;
      quota = tier.quotaPaise;
    }
  }
  return quota;
}

export type LoanQuotaTableProblem = 'duplicate_score' | 'quota_decreases' | 'too_many_tiers';

export const LOAN_QUOTA_TIERS_MAX = 50;

/**
 * Why a table cannot be stored, or null: each minimum score once, and a higher score never lowers
 * the quota (a user whose score rises must not be able to borrow less).
 */
export function loanQuotaTableProblem(tiers: readonly LoanQuotaTier[]): LoanQuotaTableProblem | null {
  if (tiers.length > LOAN_QUOTA_TIERS_MAX) return 'too_many_tiers';
  const sorted = [...tiers].sort((a, b) => a.minCreditScore - b.minCreditScore);
  for (let index = 1; index < sorted.length; index++) {
    if (sorted[index]!.minCreditScore === sorted[index - 1]!.minCreditScore) return 'duplicate_score';
    if (sorted[index]!.quotaPaise < sorted[index - 1]!.quotaPaise) return 'quota_decreases';
  }
  return null;
}
