import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../invariant.js';
import { computeMargin, computeNotional } from './margin.js';

const price = fc.bigInt({ min: 1n, max: 10n ** 9n });
const quantity = fc.integer({ min: 1, max: 1_000_000 });
const leverage = fc.constantFrom(1, 2, 3, 5, 10, 20, 50, 100);

describe('computeMargin', () => {
  it('holds the full notional without leverage', () => {
    expect(computeMargin(245_005n, 10, 1)).toBe(2_450_050n);
  });

  it('rounds a half paisa of margin up so the broker never under-collects', () => {
    expect(computeMargin(10_001n, 3, 2)).toBe(15_002n);
    expect(computeMargin(10_000n, 1, 3)).toBe(3_334n);
  });

  it('collects at least the leveraged notional and never a whole paisa more', () => {
    fc.assert(
      fc.property(price, quantity, leverage, (pricePaise, shares, times) => {
        const margin = computeMargin(pricePaise, shares, times);
        const notional = computeNotional(pricePaise, shares);
        expect(margin * BigInt(times) >= notional).toBe(true);
        expect((margin - 1n) * BigInt(times) < notional).toBe(true);
      }),
    );
  });

  it.each([[0], [-1], [1.5], [Number.NaN]])('refuses leverage %s as a programming error', (times) => {
    expect(() => computeMargin(10_000n, 1, times)).toThrow(InvariantError);
  });

  it.each([[0], [-3], [2.5], [Number.NaN], [2 ** 53]])('refuses a quantity of %s shares', (shares) => {
    expect(() => computeMargin(10_000n, shares, 1)).toThrow(InvariantError);
  });

  it('refuses a price of zero or below', () => {
    expect(() => computeNotional(0n, 1)).toThrow(InvariantError);
    expect(() => computeNotional(-5n, 1)).toThrow(InvariantError);
  });
});
