import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adjustDivisorForChange,
  computeDivisor,
  computeIndexLevel,
  INDEX_DIVISOR_SCALE,
  levelPaiseFromPoints,
} from './index-math.js';
import { computeStartingDivisor, constituentShares, constituentStartPrices, INDICES } from './indices.js';

const twoStocks = {
  prices: new Map([
    ['A', 10_000n],
    ['B', 5_000n],
  ]),
  shares: new Map([
    ['A', 10n],
    ['B', 20n],
  ]),
};

/** Prices moved by a ratio and rounded half up to the 5-paise tick, as a feed would quote them. */
function scalePricesToTick(prices: ReadonlyMap<string, bigint>, numerator: bigint, denominator: bigint) {
  const tickPaise = 5n;
  return new Map(
    [...prices].map(([symbol, pricePaise]) => {
      const ticks = (pricePaise * numerator * 2n + denominator * tickPaise) / (denominator * tickPaise * 2n);
      return [symbol, ticks * tickPaise];
    }),
  );
}

describe('index level from prices and a divisor', () => {
  it('the worked example: two stocks worth ₹2,000 show 1,000.00 with a divisor of 2', () => {
    const divisor = computeDivisor(twoStocks.prices, twoStocks.shares, 1_000);
    expect(divisor).toBe(2n * INDEX_DIVISOR_SCALE);
    expect(computeIndexLevel(twoStocks.prices, twoStocks.shares, divisor)).toBe(100_000n);
  });

  it('each index starts at its base level, within a paisa', () => {
    for (const index of INDICES) {
      const prices = constituentStartPrices(index);
      const shares = constituentShares(index);
      const levelPaise = computeIndexLevel(prices, shares, computeStartingDivisor(index));
      const difference = levelPaise - levelPaiseFromPoints(index.baseLevel);
      expect(difference >= -1n && difference <= 1n, `${index.symbol}: ${levelPaise}`).toBe(true);
    }
  });

  it('each index rises 1% when every constituent rises 1% (within the rounding of prices to the tick)', () => {
    for (const index of INDICES) {
      const prices = constituentStartPrices(index);
      const shares = constituentShares(index);
      const divisor = computeStartingDivisor(index);
      const levelBeforePaise = computeIndexLevel(prices, shares, divisor);
      const levelAfterPaise = computeIndexLevel(scalePricesToTick(prices, 101n, 100n), shares, divisor);
      // Rounding each price by at most half a tick (2.5 paise) moves the value by at most this.
      const totalShares = [...shares.values()].reduce((sum, count) => sum + count, 0n);
      const roundingBoundPaise = (totalShares * 5n * INDEX_DIVISOR_SCALE) / (2n * divisor) + 2n;
      const expectedPaise = (levelBeforePaise * 101n) / 100n;
      const error = levelAfterPaise - expectedPaise;
      expect(error <= roundingBoundPaise && -error <= roundingBoundPaise, index.symbol).toBe(true);
      // That bound is small: under 0.05% of the level.
      expect(roundingBoundPaise * 2_000n < levelBeforePaise, index.symbol).toBe(true);
    }
  });

  it('the level scales exactly with prices for any basket whose prices scale exactly', () => {
    const basket = fc.array(
      fc.record({
        wholeRupees: fc.bigInt({ min: 1n, max: 100_000n }),
        shares: fc.bigInt({ min: 1n, max: 50_000_000_000n }),
      }),
      { minLength: 1, maxLength: 60 },
    );
    fc.assert(
      fc.property(basket, fc.integer({ min: 100, max: 200_000 }), (stocks, baseLevel) => {
        const prices = new Map(stocks.map((stock, position) => [`S${position}`, stock.wholeRupees * 100n]));
        const shares = new Map(stocks.map((stock, position) => [`S${position}`, stock.shares]));
        const divisor = computeDivisor(prices, shares, baseLevel);
        expect(computeIndexLevel(prices, shares, divisor)).toBe(BigInt(baseLevel) * 100n);
        const risen = new Map(
          [...prices].map(([symbol, pricePaise]) => [symbol, (pricePaise * 101n) / 100n]),
        );
        const levelPaise = computeIndexLevel(risen, shares, divisor);
        const difference = levelPaise - BigInt(baseLevel) * 101n;
        expect(difference >= -1n && difference <= 1n).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('divisor adjustments keep the index continuous', () => {
  it('new shares issued at the market price do not move the level', () => {
    const divisor = computeDivisor(twoStocks.prices, twoStocks.shares, 1_000);
    const sharesAfter = new Map([
      ['A', 20n],
      ['B', 20n],
    ]);
    const adjusted = adjustDivisorForChange(divisor, twoStocks.prices, twoStocks.shares, sharesAfter);
    expect(adjusted).toBe(3n * INDEX_DIVISOR_SCALE);
    expect(computeIndexLevel(twoStocks.prices, sharesAfter, adjusted)).toBe(100_000n);
  });

  it('replacing a constituent keeps the NIFTY BANK level where it was', () => {
    const niftyBank = INDICES.find((index) => index.symbol === 'NIFTYBANK');
    if (!niftyBank) throw new Error('NIFTY BANK missing');
    const prices = constituentStartPrices(niftyBank);
    const sharesBefore = constituentShares(niftyBank);
    const divisor = computeStartingDivisor(niftyBank);
    const levelBeforePaise = computeIndexLevel(prices, sharesBefore, divisor);

    // YESBANK leaves, a fictional bank worth ten times as much per share joins.
    prices.set('NEWBANK', 50_000n);
    const sharesAfter = new Map(sharesBefore);
    sharesAfter.delete('YESBANK');
    sharesAfter.set('NEWBANK', 1_000_000_000n);
    const adjusted = adjustDivisorForChange(divisor, prices, sharesBefore, sharesAfter);
    const levelAfterPaise = computeIndexLevel(prices, sharesAfter, adjusted);
    expect(levelAfterPaise - levelBeforePaise).toBeGreaterThanOrEqual(-1n);
    expect(levelAfterPaise - levelBeforePaise).toBeLessThanOrEqual(1n);
  });

  it('holds the level for any change of share counts', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.bigInt({ min: 5n, max: 5_000_000n }), fc.bigInt({ min: 1n, max: 10_000_000_000n })),
          {
            minLength: 1,
            maxLength: 20,
          },
        ),
        fc.bigInt({ min: 1n, max: 10_000_000_000n }),
        (stocks, newShareCount) => {
          const prices = new Map(stocks.map(([pricePaise], position) => [`S${position}`, pricePaise]));
          const sharesBefore = new Map(stocks.map(([, count], position) => [`S${position}`, count]));
          const sharesAfter = new Map(sharesBefore).set('S0', newShareCount);
          const divisor = computeDivisor(prices, sharesBefore, 25_000);
          const adjusted = adjustDivisorForChange(divisor, prices, sharesBefore, sharesAfter);
          const difference = computeIndexLevel(prices, sharesAfter, adjusted) - 2_500_000n;
          expect(difference >= -1n && difference <= 1n).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('refusals', () => {
  it('a constituent without a price is an error, not a silent zero', () => {
    expect(() => computeIndexLevel(new Map(), twoStocks.shares, 1n)).toThrow(/no price/);
  });

  it('a base level with more than two decimals is refused', () => {
    expect(() => levelPaiseFromPoints(25_000.001)).toThrow();
    expect(levelPaiseFromPoints(25_000.25)).toBe(2_500_025n);
  });
});
