import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  borrowFeeForDayPaise,
  fitsLendingQuota,
  isLendingTermDays,
  LENDING_TERM_DAYS,
  lendingDaysServed,
  lendingFeePaise,
  lendingIneligibility,
  lendingTermEndMs,
  lendingValuePaise,
  poolAvailableQuantity,
} from './lending.js';

const DAY = 86_400_000;
const holding = { side: 'long', leverage: 1, state: 'holding', intraday: false, origin: 'order' } as const;

describe('which holdings can be lent', () => {
  it('an unlevered long holding can be lent, from an order, a block trade or an IPO', () => {
    expect(lendingIneligibility(holding)).toBeNull();
    expect(lendingIneligibility({ ...holding, origin: 'block' })).toBeNull();
    expect(lendingIneligibility({ ...holding, origin: 'ipo' })).toBeNull();
  });

  it('a pending order, a short, a levered long, an intraday holding and a copy-trading mirror cannot', () => {
    expect(lendingIneligibility({ ...holding, state: 'pending' })).toBe('not_holding');
    expect(lendingIneligibility({ ...holding, state: 'closed' })).toBe('not_holding');
    expect(lendingIneligibility({ ...holding, side: 'short' })).toBe('short');
    expect(lendingIneligibility({ ...holding, leverage: 2 })).toBe('levered');
    expect(lendingIneligibility({ ...holding, intraday: true })).toBe('intraday');
    expect(lendingIneligibility({ ...holding, origin: 'follow' })).toBe('mirrored');
  });
});

describe('the lender’s fee', () => {
  it('is value × daily rate × days, rounded down to the paisa', () => {
    expect(lendingValuePaise(12, 123_450n)).toBe(1_481_400n);
    expect(lendingFeePaise(10_000_000n, 2, 7)).toBe(14_000n);
    expect(lendingFeePaise(99_999n, 1, 7)).toBe(69n);
    expect(lendingFeePaise(10_000_000n, 0, 30)).toBe(0n);
  });

  it('never exceeds the exact fee and is less than a paisa below it (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 13n }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.constantFrom(...LENDING_TERM_DAYS),
        (value, bps, days) => {
          const fee = lendingFeePaise(value, bps, days);
          const exactTimes10000 = value * BigInt(bps) * BigInt(days);
          expect(fee * 10_000n <= exactTimes10000).toBe(true);
          expect(exactTimes10000 - fee * 10_000n < 10_000n).toBe(true);
        },
      ),
    );
  });

  it('grows with the term: a longer term never pays less (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 13n }),
        fc.integer({ min: 0, max: 10_000 }),
        (value, bps) => {
          const fees = LENDING_TERM_DAYS.map((days) => lendingFeePaise(value, bps, days));
          for (let i = 1; i < fees.length; i++) expect(fees[i]! >= fees[i - 1]!).toBe(true);
        },
      ),
    );
  });
});

describe('the short seller’s daily borrow fee', () => {
  it('is notional × daily rate, half away from zero', () => {
    expect(borrowFeeForDayPaise(1_000_000n, 2)).toBe(200n);
    expect(borrowFeeForDayPaise(2_500n, 2)).toBe(1n); // 0.5 paise rounds up
    expect(borrowFeeForDayPaise(2_499n, 2)).toBe(0n);
  });

  it('is within half a paisa of the exact amount (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 13n }),
        fc.integer({ min: 0, max: 10_000 }),
        (notional, bps) => {
          const fee = borrowFeeForDayPaise(notional, bps);
          const exact = notional * BigInt(bps);
          const difference = fee * 10_000n - exact;
          expect(difference >= -5_000n && difference <= 5_000n).toBe(true);
        },
      ),
    );
  });
});

describe('terms, the pool and the quota', () => {
  it('offers 7, 14 and 30 days and ends a term that many 24-hour periods later', () => {
    expect(isLendingTermDays(7)).toBe(true);
    expect(isLendingTermDays(10)).toBe(false);
    expect(isLendingTermDays('7')).toBe(false);
    expect(lendingTermEndMs(0, 7)).toBe(7 * DAY);
  });

  it('counts whole days served before an early end, never beyond the term', () => {
    expect(lendingDaysServed(0, 2.5 * DAY, 7)).toBe(2);
    expect(lendingDaysServed(0, 40 * DAY, 30)).toBe(30);
    expect(lendingDaysServed(DAY, 0, 7)).toBe(0);
  });

  it('the pool has what is lent less what is drawn, never below zero', () => {
    expect(poolAvailableQuantity(500n, 320n)).toBe(180n);
    expect(poolAvailableQuantity(100n, 150n)).toBe(0n);
  });

  it('a lending fits the quota up to the quota itself', () => {
    expect(fitsLendingQuota(90_000_000n, 10_000_000n, 100_000_000n)).toBe(true);
    expect(fitsLendingQuota(90_000_000n, 10_000_001n, 100_000_000n)).toBe(false);
  });
});
