import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateRepayment,
  borrowablePaise,
  dailyInterestPaise,
  interestDatesDue,
  interestOverTermPaise,
  isLoanTerm,
  type LoanBalance,
  loanApplicationRefusal,
  loanDueAtMs,
  owedPaise,
  repaymentRefusal,
} from './loan-terms.js';

const IST_2026_11_23_10_00 = Date.UTC(2026, 10, 23, 4, 30);

describe('loan interest', () => {
  it('charges 0.05% of the principal a day, rounded half away from zero to the paisa', () => {
    expect(dailyInterestPaise(1_000_000n, 5)).toBe(500n);
    expect(dailyInterestPaise(1_234_567n, 5)).toBe(617n); // 617.2835
    expect(dailyInterestPaise(1_000n, 5)).toBe(1n); // 0.5 rounds away from zero
    expect(dailyInterestPaise(999n, 5)).toBe(0n); // 0.4995
    expect(dailyInterestPaise(0n, 5)).toBe(0n);
  });

  it('the interest of a term is its days times one day’s interest', () => {
    expect(interestOverTermPaise(1_000_000n, 5, 30)).toBe(15_000n);
    expect(interestOverTermPaise(1_234_567n, 5, 7)).toBe(617n * 7n);
  });

  it('owes interest for each IST day that has ended, from the first day not yet accrued', () => {
    expect(interestDatesDue('2026-11-23', IST_2026_11_23_10_00)).toEqual([]);
    expect(interestDatesDue('2026-11-23', IST_2026_11_23_10_00 + 2 * 86_400_000)).toEqual([
      '2026-11-23',
      '2026-11-24',
    ]);
    // 18:30 UTC is IST midnight: the 23rd has just ended.
    expect(interestDatesDue('2026-11-23', Date.UTC(2026, 10, 23, 18, 30))).toEqual(['2026-11-23']);
    expect(interestDatesDue('2026-11-23', Date.UTC(2026, 10, 23, 18, 29, 59))).toEqual([]);
    expect(interestDatesDue('2026-01-01', IST_2026_11_23_10_00, 3)).toHaveLength(3);
  });

  it('falls due at the IST midnight after its last day', () => {
    expect(loanDueAtMs(IST_2026_11_23_10_00, 7)).toBe(Date.UTC(2026, 10, 29, 18, 30));
    expect(loanDueAtMs(Date.UTC(2026, 10, 23, 18, 45), 7)).toBe(Date.UTC(2026, 10, 30, 18, 30));
  });

  it('offers the listed terms only', () => {
    expect([7, 15, 30, 60, 90].every(isLoanTerm)).toBe(true);
    expect(isLoanTerm(10)).toBe(false);
  });
});

describe('a loan application', () => {
  const limits = { minPaise: 100_000n, maxPaise: 50_000_000n, quotaPaise: 5_000_000n, borrowedPaise: 0n };
  it('is within the platform limit and the investor’s own quota', () => {
    expect(loanApplicationRefusal({ ...limits, amountPaise: 5_000_000n })).toBeNull();
    expect(loanApplicationRefusal({ ...limits, amountPaise: 5_000_001n })).toEqual({
      code: 'BORROW_QUOTA_INSUFFICIENT',
      availablePaise: 5_000_000n,
    });
    expect(loanApplicationRefusal({ ...limits, quotaPaise: 0n, amountPaise: 100_000n })).toMatchObject({
      code: 'BORROW_QUOTA_INSUFFICIENT',
      availablePaise: 0n,
    });
    expect(loanApplicationRefusal({ ...limits, quotaPaise: 90_000_000n, amountPaise: 60_000_000n })).toEqual({
      code: 'LOAN_OVER_LIMIT',
      maxPaise: 50_000_000n,
    });
    expect(loanApplicationRefusal({ ...limits, amountPaise: 99_999n })).toMatchObject({
      code: 'AMOUNT_BELOW_MINIMUM',
    });
    expect(borrowablePaise(1_000n, 3_000n)).toBe(0n);
  });
});

describe('repayments', () => {
  it('pay interest first, then principal', () => {
    const balance = { principalOutstandingPaise: 1_000_000n, interestOutstandingPaise: 1_500n };
    expect(allocateRepayment(balance, 10_000n)).toEqual({ interestPaise: 1_500n, principalPaise: 8_500n });
    expect(allocateRepayment(balance, 1_000n)).toEqual({ interestPaise: 1_000n, principalPaise: 0n });
    expect(repaymentRefusal(balance, 1_001_501n)).toEqual({
      code: 'REPAY_EXCEEDS_OWED',
      owedPaise: 1_001_500n,
    });
    expect(repaymentRefusal(balance, 1_001_500n)).toBeNull();
  });

  it('never take more than is owed, over any sequence of accruals and repayments', () => {
    const step = fc.oneof(
      fc.constant({ kind: 'accrue' as const }),
      fc.record({
        kind: fc.constant('repay' as const),
        amountPaise: fc.bigInt({ min: 1n, max: 3_000_000n }),
      }),
    );
    fc.assert(
      fc.property(
        fc.bigInt({ min: 100_000n, max: 2_000_000n }),
        fc.integer({ min: 0, max: 50 }),
        fc.array(step, { maxLength: 60 }),
        (principalPaise, bps, steps) => {
          let balance: LoanBalance = {
            principalOutstandingPaise: principalPaise,
            interestOutstandingPaise: 0n,
          };
          let interestCharged = 0n;
          let repaid = 0n;
          for (const next of steps) {
            if (next.kind === 'accrue') {
              const interest = dailyInterestPaise(balance.principalOutstandingPaise, bps);
              interestCharged += interest;
              balance = { ...balance, interestOutstandingPaise: balance.interestOutstandingPaise + interest };
              continue;
            }
            const before = owedPaise(balance);
            const refusal = repaymentRefusal(balance, next.amountPaise);
            if (refusal) {
              expect(next.amountPaise).toBeGreaterThan(before);
              continue;
            }
            const split = allocateRepayment(balance, next.amountPaise);
            expect(split.interestPaise + split.principalPaise).toBe(next.amountPaise);
            balance = {
              principalOutstandingPaise: balance.principalOutstandingPaise - split.principalPaise,
              interestOutstandingPaise: balance.interestOutstandingPaise - split.interestPaise,
            };
            repaid += next.amountPaise;
            expect(owedPaise(balance)).toBe(before - next.amountPaise);
          }
          expect(balance.principalOutstandingPaise).toBeGreaterThanOrEqual(0n);
          expect(balance.interestOutstandingPaise).toBeGreaterThanOrEqual(0n);
          expect(repaid + owedPaise(balance)).toBe(principalPaise + interestCharged);
        },
      ),
    );
  });
});
