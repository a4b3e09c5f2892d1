import { describe, expect, it } from 'vitest';
import { loanQuotaFor, loanQuotaTableProblem } from './loan-quota.js';

const tiers = [
  { minCreditScore: 600, quotaPaise: 50_000_00n },
  { minCreditScore: 300, quotaPaise: 10_000_00n },
  { minCreditScore: 800, quotaPaise: 2_00_000_00n },
];

describe('the loan quota table', () => {
  it('gives the quota of the highest tier reached, and nothing below the lowest', () => {
    expect(loanQuotaFor(tiers, 0)).toBe(0n);
    expect(loanQuotaFor(tiers, 299)).toBe(0n);
    expect(loanQuotaFor(tiers, 300)).toBe(10_000_00n);
    expect(loanQuotaFor(tiers, 799)).toBe(50_000_00n);
    expect(loanQuotaFor(tiers, 5_000)).toBe(2_00_000_00n);
    expect(loanQuotaFor([], 900)).toBe(0n);
  });

  it('refuses a repeated score and a quota that falls as the score rises', () => {
    expect(loanQuotaTableProblem(tiers)).toBeNull();
    expect(loanQuotaTableProblem([...tiers, { minCreditScore: 600, quotaPaise: 60_000_00n }])).toBe(
      'duplicate_score',
    );
    expect(loanQuotaTableProblem([...tiers, { minCreditScore: 900, quotaPaise: 1_00n }])).toBe(
      'quota_decreases',
    );
  });
});
