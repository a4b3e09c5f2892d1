import { describe, expect, it } from 'vitest';
import { addYearsUtc, isPurgeDue, personalDataPurgeDueAtMs } from './retention.js';

const closed = Date.UTC(2026, 10, 23, 4, 30);

describe('retention of a closed account', () => {
  it('an account that traded keeps its personal data ten years after the last trade', () => {
    const activity = {
      closedAtMs: closed,
      lastTransactionAtMs: closed,
      lastInvestmentAtMs: closed - 86_400_000,
    };
    expect(personalDataPurgeDueAtMs(activity)).toBe(Date.UTC(2036, 10, 22, 4, 30));
    expect(isPurgeDue(activity, Date.UTC(2036, 10, 22, 4, 29))).toBe(false);
    expect(isPurgeDue(activity, Date.UTC(2036, 10, 22, 4, 30))).toBe(true);
  });

  it('an account that only deposited and withdrew keeps it five years after closing', () => {
    const activity = {
      closedAtMs: closed,
      lastTransactionAtMs: closed - 3 * 86_400_000,
      lastInvestmentAtMs: null,
    };
    expect(personalDataPurgeDueAtMs(activity)).toBe(Date.UTC(2031, 10, 23, 4, 30));
  });

  it('29 February moves to 1 March', () => {
    expect(addYearsUtc(Date.UTC(2028, 1, 29), 5)).toBe(Date.UTC(2033, 2, 1));
  });
});
