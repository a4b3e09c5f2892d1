import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../invariant.js';
import { applyBps, mulDiv, type Rounding, toBpsFraction } from './rounding.js';

const roundings: Rounding[] = ['half_up', 'down', 'up'];
const amount = fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n });
const integerBps = fc.bigInt({ min: 0n, max: 20_000n });
const fractionalBps = fc
  .integer({ min: 0, max: 200_000_000 })
  .map((tenThousandths) => tenThousandths / 10_000);
const bps = fc.oneof(integerBps, fractionalBps);

describe('mulDiv', () => {
  it.each([
    [1001n, 1n, 2n, 'half_up', 501n],
    [-1001n, 1n, 2n, 'half_up', -501n],
    [1003n, 1n, 4n, 'half_up', 251n],
    [1001n, 1n, 4n, 'half_up', 250n],
    [1001n, 1n, 2n, 'down', 500n],
    [-1001n, 1n, 2n, 'down', -500n],
    [1001n, 1n, 2n, 'up', 501n],
    [-1001n, 1n, 2n, 'up', -501n],
    [1000n, 1n, -2n, 'half_up', -500n],
    [7n, 3n, 1n, 'up', 21n],
  ] as const)('computes %s × %s ÷ %s rounded %s as %s', (a, b, c, rounding, expected) => {
    expect(mulDiv(a, b, c, rounding)).toBe(expected);
  });

  it('refuses to divide by zero', () => {
    expect(() => mulDiv(1n, 1n, 0n, 'half_up')).toThrow(InvariantError);
  });
});

describe('applyBps', () => {
  it('charges the 0.03% fee, 0.1% tax and 0.05% daily interest to the paisa', () => {
    expect(applyBps(1_000_000n, 3n, 'half_up')).toBe(300n);
    expect(applyBps(123_455n, 10n, 'half_up')).toBe(123n);
    expect(applyBps(123_455n, 10n, 'up')).toBe(124n);
    expect(applyBps(1_000_050n, 5n, 'half_up')).toBe(500n);
    expect(applyBps(1_001_000n, 5n, 'half_up')).toBe(501n);
  });

  it('takes fractional basis points exactly, without floating point', () => {
    expect(applyBps(100_000n, 1.5, 'half_up')).toBe(15n);
    expect(applyBps(10n ** 15n, 0.01, 'half_up')).toBe(10n ** 9n);
    expect(applyBps(100_000_000n, 0.297, 'half_up')).toBe(2970n);
    expect(applyBps(1000n, 0.1, 'half_up')).toBe(0n);
  });

  it('agrees whether a whole rate is given as a bigint or a number', () => {
    fc.assert(
      fc.property(amount, integerBps, fc.constantFrom(...roundings), (value, rate, rounding) => {
        expect(applyBps(value, Number(rate), rounding)).toBe(applyBps(value, rate, rounding));
      }),
    );
  });

  it('lands within one paisa of the exact amount, and within half a paisa when rounding half up', () => {
    fc.assert(
      fc.property(amount, bps, fc.constantFrom(...roundings), (value, rate, rounding) => {
        const { numerator, denominator } = toBpsFraction(rate);
        const errorTimesDenominator = applyBps(value, rate, rounding) * denominator - value * numerator;
        const absoluteError = errorTimesDenominator < 0n ? -errorTimesDenominator : errorTimesDenominator;
        expect(absoluteError < denominator).toBe(true);
        if (rounding === 'half_up') expect(absoluteError * 2n <= denominator).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('rounds toward zero with down and away from zero with up, around the exact amount', () => {
    fc.assert(
      fc.property(amount, bps, (value, rate) => {
        const { numerator, denominator } = toBpsFraction(rate);
        const exactTimesDenominator = value * numerator;
        const down = applyBps(value, rate, 'down');
        const up = applyBps(value, rate, 'up');
        const magnitude = (x: bigint) => (x < 0n ? -x : x);
        expect(magnitude(down * denominator) <= magnitude(exactTimesDenominator)).toBe(true);
        expect(magnitude(up * denominator) >= magnitude(exactTimesDenominator)).toBe(true);
        expect(magnitude(up - down) <= 1n).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('never charges less on a larger amount', () => {
    fc.assert(
      fc.property(amount, amount, bps, fc.constantFrom(...roundings), (first, second, rate, rounding) => {
        const [smaller, larger] = first <= second ? [first, second] : [second, first];
        expect(applyBps(smaller, rate, rounding) <= applyBps(larger, rate, rounding)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('rounds a refund to the same size as the charge', () => {
    fc.assert(
      fc.property(amount, bps, fc.constantFrom(...roundings), (value, rate, rounding) => {
        expect(applyBps(-value, rate, rounding)).toBe(-applyBps(value, rate, rounding));
      }),
    );
  });

  it.each([[-1n], [-1], [Number.NaN], [Number.POSITIVE_INFINITY], [1e-7], [0.00001]])(
    'refuses the rate %s as a programming error',
    (rate) => {
      expect(() => applyBps(100n, rate, 'half_up')).toThrow(InvariantError);
    },
  );

  it('reads a rate with four decimals as an exact fraction', () => {
    expect(toBpsFraction(0.25)).toEqual({ numerator: 25n, denominator: 1_000_000n });
    expect(toBpsFraction(0.0001)).toEqual({ numerator: 1n, denominator: 100_000_000n });
    expect(toBpsFraction(3n)).toEqual({ numerator: 3n, denominator: 10_000n });
  });
});
