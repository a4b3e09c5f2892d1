import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../invariant.js';
import { computePnl, splitLossAtMargin } from './pnl.js';

describe('computePnl', () => {
  it('a long position gains when the price rises', () => {
    expect(computePnl('long', 10_000n, 10_150n, 10)).toBe(1_500n);
  });

  it('a long position loses when the price falls', () => {
    expect(computePnl('long', 10_000n, 9_950n, 10)).toBe(-500n);
  });

  it('a short position loses when the price rises', () => {
    expect(computePnl('short', 10_000n, 10_150n, 10)).toBe(-1_500n);
  });

  it('a short position gains when the price falls', () => {
    expect(computePnl('short', 10_000n, 9_950n, 10)).toBe(500n);
  });

  it('closing at the entry price makes nothing either way', () => {
    expect(computePnl('long', 10_000n, 10_000n, 7)).toBe(0n);
    expect(computePnl('short', 10_000n, 10_000n, 7)).toBe(0n);
  });

  it('gives a short exactly the opposite of a long on the same prices', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (entry, exit, shares) => {
          const long = computePnl('long', entry, exit, shares);
          expect(computePnl('short', entry, exit, shares)).toBe(-long);
          expect(long).toBe((exit - entry) * BigInt(shares));
        },
      ),
    );
  });

  it('refuses a zero price or a fractional quantity', () => {
    expect(() => computePnl('long', 0n, 100n, 1)).toThrow(InvariantError);
    expect(() => computePnl('long', 100n, 100n, 0.5)).toThrow(InvariantError);
  });
});

describe('splitLossAtMargin', () => {
  it('the house absorbs a loss beyond the margin instead of charging the user', () => {
    expect(splitLossAtMargin(-12_000n, 10_000n)).toEqual({
      userPnlPaise: -10_000n,
      houseAbsorbedPaise: 2_000n,
    });
  });

  it('the user bears a loss within the margin and keeps any gain', () => {
    expect(splitLossAtMargin(-3_000n, 10_000n)).toEqual({ userPnlPaise: -3_000n, houseAbsorbedPaise: 0n });
    expect(splitLossAtMargin(-10_000n, 10_000n)).toEqual({ userPnlPaise: -10_000n, houseAbsorbedPaise: 0n });
    expect(splitLossAtMargin(4_000n, 10_000n)).toEqual({ userPnlPaise: 4_000n, houseAbsorbedPaise: 0n });
  });

  it('never takes more than the margin from the user, and accounts for every paisa', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        (pnl, margin) => {
          const { userPnlPaise, houseAbsorbedPaise } = splitLossAtMargin(pnl, margin);
          expect(userPnlPaise >= -margin).toBe(true);
          expect(houseAbsorbedPaise >= 0n).toBe(true);
          expect(userPnlPaise - houseAbsorbedPaise).toBe(pnl);
        },
      ),
    );
  });
});
