import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../invariant.js';
import {
  computePriceBand,
  DEFAULT_PRICE_BAND_BPS,
  isOnTick,
  isWithinBand,
  NSE_TICK_PAISE,
} from './price-rules.js';

describe('isOnTick', () => {
  it('accepts a price in whole 5-paise ticks and refuses one between ticks', () => {
    expect(isOnTick(245_005n, NSE_TICK_PAISE)).toBe(true);
    expect(isOnTick(245_003n, NSE_TICK_PAISE)).toBe(false);
    expect(isOnTick(245_003n, 1n)).toBe(true);
  });

  it('refuses a tick of zero as a programming error', () => {
    expect(() => isOnTick(100n, 0n)).toThrow(InvariantError);
  });
});

describe('daily price band', () => {
  it('allows a price up to 10% either side of the previous close, limits included', () => {
    expect(isWithinBand(11_000n, 10_000n, DEFAULT_PRICE_BAND_BPS)).toBe(true);
    expect(isWithinBand(9_000n, 10_000n, DEFAULT_PRICE_BAND_BPS)).toBe(true);
    expect(isWithinBand(11_005n, 10_000n, DEFAULT_PRICE_BAND_BPS)).toBe(false);
    expect(isWithinBand(8_995n, 10_000n, DEFAULT_PRICE_BAND_BPS)).toBe(false);
  });

  it('rounds the band limits inward to the tick', () => {
    expect(computePriceBand(12_345n, 1000n, 5n)).toEqual({ lowerPaise: 11_115n, upperPaise: 13_575n });
    expect(computePriceBand(10_000n, 1000n, 5n)).toEqual({ lowerPaise: 9_000n, upperPaise: 11_000n });
  });

  it('rounds inward, not to the nearest tick, so a limit is never outside the percentage', () => {
    // Exact limits ₹111.105 and ₹135.795: the nearest ticks (₹111.10, ₹135.80) lie outside the 10%.
    const { lowerPaise, upperPaise } = computePriceBand(12_345n, 1000n, 5n);
    expect([lowerPaise, upperPaise]).not.toEqual([11_110n, 13_580n]);
    expect(isWithinBand(11_110n, 12_345n, 1000n)).toBe(false);
    expect(isWithinBand(13_580n, 12_345n, 1000n)).toBe(false);
    expect(isWithinBand(lowerPaise, 12_345n, 1000n) && isWithinBand(upperPaise, 12_345n, 1000n)).toBe(true);
  });

  it('keeps the lower limit at one tick when the band is 100% or wider', () => {
    expect(computePriceBand(10_000n, 10_000n, 5n).lowerPaise).toBe(5n);
    expect(computePriceBand(10_000n, 25_000n, 5n)).toEqual({ lowerPaise: 5n, upperPaise: 35_000n });
  });

  const tick = fc.constantFrom(1n, 5n, 10n, 100n);
  const previousClose = fc.bigInt({ min: 1n, max: 10n ** 9n });
  const band = fc.oneof(fc.bigInt({ min: 0n, max: 20_000n }), fc.constantFrom(0.5, 12.5, 999.9999));

  it('agrees with the rounded limits for every price on the tick', () => {
    fc.assert(
      fc.property(
        previousClose,
        band,
        tick,
        fc.bigInt({ min: 1n, max: 10n ** 8n }),
        (close, bps, tickPaise, ticks) => {
          const { lowerPaise, upperPaise } = computePriceBand(close, bps, tickPaise);
          const pricePaise = ticks * tickPaise;
          expect(isWithinBand(pricePaise, close, bps)).toBe(
            pricePaise >= lowerPaise && pricePaise <= upperPaise,
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('keeps a tiny band around an off-tick close empty rather than widening it', () => {
    const { lowerPaise, upperPaise } = computePriceBand(6n, 0.5, 5n);
    expect(lowerPaise > upperPaise).toBe(true);
  });

  it('makes both limits valid prices on the tick, the widest the rule allows', () => {
    fc.assert(
      fc.property(previousClose, band, tick, (close, bps, tickPaise) => {
        const { lowerPaise, upperPaise } = computePriceBand(close, bps, tickPaise);
        expect(isOnTick(lowerPaise, tickPaise) && isOnTick(upperPaise, tickPaise)).toBe(true);
        expect(lowerPaise > 0n).toBe(true);
        if (lowerPaise > upperPaise) {
          // No price on the tick lies in the band: the tick between them is outside it.
          expect(isWithinBand(lowerPaise, close, bps)).toBe(false);
          if (upperPaise > 0n) expect(isWithinBand(upperPaise, close, bps)).toBe(false);
          return;
        }
        expect(isWithinBand(upperPaise, close, bps)).toBe(true);
        if (!isWithinBand(lowerPaise, close, bps)) expect(lowerPaise).toBe(tickPaise);
        expect(isWithinBand(upperPaise + tickPaise, close, bps)).toBe(false);
        if (lowerPaise > tickPaise) expect(isWithinBand(lowerPaise - tickPaise, close, bps)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});
