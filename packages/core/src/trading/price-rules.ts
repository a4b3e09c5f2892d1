import { invariant } from '../invariant.js';
import { toBpsFraction } from '../money/rounding.js';
import { assertPrice } from './quantity.js';

/** NSE's tick size for equities: 5 paise. Each instrument carries its own tick. */
export const NSE_TICK_PAISE = 5n;
/** The daily price band, as a server parameter's default: ±10% of the previous close. */
export const DEFAULT_PRICE_BAND_BPS = 1000n;

/**
 * Tells whether a price is a whole number of ticks.
 *
 * Example: with NSE's 5-paise tick, `isOnTick(245005n, 5n)` is true and `isOnTick(245003n, 5n)` is false.
 */
export function isOnTick(pricePaise: bigint, tickPaise: bigint): boolean {
  invariant(tickPaise > 0n, `a tick is positive: ${tickPaise}`);
  return pricePaise % tickPaise === 0n;
}

/**
 * Tells whether a price lies inside the daily band: previous close ± previous close × bps ÷ 10,000.
 * The comparison is exact, on integers. For a price on the tick this is the same as comparing to the
 * band limits rounded to the tick inward (computePriceBand): a price on the tick is at most the exact
 * upper limit exactly when it is at most that limit rounded down to the tick.
 *
 * Example: with the previous close at ₹100.00 and a 10% band, `isWithinBand(11000n, 10000n, 1000n)` is
 * true (the upper limit itself) and `isWithinBand(11005n, 10000n, 1000n)` is false.
 */
export function isWithinBand(
  pricePaise: bigint,
  previousClosePaise: bigint,
  bandBps: bigint | number,
): boolean {
  assertPrice(pricePaise);
  assertPrice(previousClosePaise, 'previous close');
  const band = toBpsFraction(bandBps);
  const distance = pricePaise - previousClosePaise;
  const distanceMagnitude = distance < 0n ? -distance : distance;
  return distanceMagnitude * band.denominator <= previousClosePaise * band.numerator;
}

/**
 * The lowest and highest prices an order may carry today: previous close ± previous close × bps ÷
 * 10,000, each rounded to the tick inward (the lower limit up, the upper limit down), so both limits
 * are valid prices and the band is never wider than the rule. The lower limit is at least one tick,
 * since a price is positive. When no price on the tick lies in the band (a band narrower than a tick
 * around a previous close off the tick), the lower limit comes out above the upper one: no order price
 * is valid, rather than a widened band.
 *
 * This is the one band of the platform: order checks (isWithinBand, which agrees with it on the
 * tick), the quote's band and the market simulator's clamp (packages/market priceBandOf) all use it.
 * NSE publishes band limits on the tick size; rounding inward rather than to the nearest tick is
 * chosen because a nearest tick can lie outside the percentage (₹111.105 would become ₹111.10, below
 * the 10% rule), and a limit outside the rule would let an order through that isWithinBand refuses.
 *
 * Example: previous close ₹123.45, 10% band, 5-paise tick: the exact limits are ₹111.105 and ₹135.795,
 * so `computePriceBand(12345n, 1000n, 5n)` is `{ lowerPaise: 11115n, upperPaise: 13575n }`.
 */
export function computePriceBand(
  previousClosePaise: bigint,
  bandBps: bigint | number,
  tickPaise: bigint,
): { lowerPaise: bigint; upperPaise: bigint } {
  assertPrice(previousClosePaise, 'previous close');
  invariant(tickPaise > 0n, `a tick is positive: ${tickPaise}`);
  const band = toBpsFraction(bandBps);
  // Limits as fractions over band.denominator × tick, so one integer division lands on the tick.
  const scale = band.denominator * tickPaise;
  const upperScaled = previousClosePaise * (band.denominator + band.numerator);
  const lowerScaled = previousClosePaise * (band.denominator - band.numerator);
  const upperPaise = (upperScaled / scale) * tickPaise;
  // Ceiling division of a positive value; a band of 100% or more has no lower limit but one tick.
  const lowerTicks = lowerScaled <= 0n ? 1n : (lowerScaled + scale - 1n) / scale;
  return { lowerPaise: lowerTicks * tickPaise, upperPaise };
}
