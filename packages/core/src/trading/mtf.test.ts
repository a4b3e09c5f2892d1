import { describe, expect, it } from 'vitest';
import { computeMargin } from './margin.js';
import { DEFAULT_MTF_INTEREST_BPS_PER_DAY, mtfFundedPaise, mtfInterestForDayPaise } from './mtf.js';

describe('MTF interest', () => {
  it('the broker funds the notional less the margin', () => {
    expect(mtfFundedPaise(100_000n, 10, 200_000n)).toBe(800_000n);
    const margin = computeMargin(100_005n, 7, 2);
    expect(mtfFundedPaise(100_005n, 7, margin)).toBe(700_035n - margin);
  });

  it('a day at 4 bps on ₹8,000.00 is ₹3.20; half a paisa rounds away from zero', () => {
    expect(mtfInterestForDayPaise(800_000n, DEFAULT_MTF_INTEREST_BPS_PER_DAY)).toBe(320n);
    expect(mtfInterestForDayPaise(1_250n, 4)).toBe(1n); // 0.5 paise
    expect(mtfInterestForDayPaise(1_249n, 4)).toBe(0n);
    expect(mtfInterestForDayPaise(800_000n, 0)).toBe(0n);
  });

  it('refuses a margin above the notional and a fractional rate', () => {
    expect(() => mtfFundedPaise(100n, 1, 101n)).toThrow();
    expect(() => mtfInterestForDayPaise(100n, 0.5)).toThrow();
  });
});
