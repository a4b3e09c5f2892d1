import { describe, expect, it } from 'vitest';
import {
  displayStateOf,
  issuePhaseOf,
  issueTimesProblem,
  listingPremiumBps,
  settleBlockedAllotment,
  subscriptionQuantityProblem,
  winningRateBps,
} from './ipo-rules.js';

const times = { opensAtMs: 100, closesAtMs: 200, drawAtMs: 300, allotmentAtMs: 400, listingAtMs: 500 };

describe('IPO rules', () => {
  it('a subscribed row shows as pending draw once the window has closed', () => {
    expect(displayStateOf('subscribed', 199, 200)).toBe('subscribed');
    expect(displayStateOf('subscribed', 200, 200)).toBe('pending_draw');
    expect(displayStateOf('won', 900, 200)).toBe('won');
  });

  it('an issue is upcoming, open, closed, drawn, listed or cancelled', () => {
    const issue = { ...times, drawnAtMs: null, listedAtMs: null, cancelledAtMs: null };
    expect(issuePhaseOf(issue, 99)).toBe('upcoming');
    expect(issuePhaseOf(issue, 100)).toBe('open');
    expect(issuePhaseOf(issue, 200)).toBe('closed');
    expect(issuePhaseOf({ ...issue, drawnAtMs: 300 }, 300)).toBe('drawn');
    expect(issuePhaseOf({ ...issue, drawnAtMs: 300, listedAtMs: 500 }, 500)).toBe('listed');
    expect(issuePhaseOf({ ...issue, cancelledAtMs: 150 }, 150)).toBe('cancelled');
  });

  it('dates must follow each other', () => {
    expect(issueTimesProblem(times)).toBeNull();
    expect(issueTimesProblem({ ...times, closesAtMs: 100 })).toMatch(/closesAt/);
    expect(issueTimesProblem({ ...times, drawAtMs: 150 })).toMatch(/drawAt/);
    expect(issueTimesProblem({ ...times, allotmentAtMs: 250 })).toMatch(/allotmentAt/);
    expect(issueTimesProblem({ ...times, listingAtMs: 399 })).toMatch(/listingAt/);
  });

  it('a subscription asks for at least the minimum, in whole lots', () => {
    expect(subscriptionQuantityProblem(12_000, 1_000, 10_000)).toBeNull();
    expect(subscriptionQuantityProblem(9_000, 1_000, 10_000)).toBe('below_minimum');
    expect(subscriptionQuantityProblem(12_500, 1_000, 10_000)).toBe('not_whole_lots');
    expect(subscriptionQuantityProblem(10_000.5, 1, 10_000)).toBe('below_minimum');
  });

  it('a blocked amount is captured for the won shares at the final price and the rest released', () => {
    expect(
      settleBlockedAllotment({
        heldPaise: 10_000n * 10_000n,
        allottedShares: 3_000,
        finalPricePaise: 9_500n,
      }),
    ).toEqual({ capturePaise: 28_500_000n, releasePaise: 71_500_000n });
    expect(() =>
      settleBlockedAllotment({ heldPaise: 100n, allottedShares: 2, finalPricePaise: 51n }),
    ).toThrow();
  });

  it('winning rate and listing premium in basis points', () => {
    expect(winningRateBps(250, 1_000)).toBe(2_500);
    expect(winningRateBps(5, 0)).toBe(10_000);
    expect(listingPremiumBps(11_235n, 10_000n)).toBe(1_235);
    expect(listingPremiumBps(9_000n, 10_000n)).toBe(-1_000);
  });
});
