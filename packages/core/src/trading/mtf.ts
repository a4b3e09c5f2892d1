import { invariant } from '../invariant.js';
import { BPS_PER_UNIT, DEFAULT_ROUNDING, mulDiv } from '../money/rounding.js';
import { computeNotional } from './margin.js';

/**
 * The MTF interest rate, as a server parameter's default (`mtf_interest_bps_per_day`): 4 bps = 0.04%
 * of the funded amount a day, about 14.6% a year, as Indian brokers charge for MTF.
 */
export const DEFAULT_MTF_INTEREST_BPS_PER_DAY = 4;

/**
 * The part of an MTF holding the broker funds: the entry notional less the investor's margin.
 *
 * Example: 10 shares bought at ₹1,000.00 with margin ₹2,000.00 (leverage 5):
 * `mtfFundedPaise(100_000n, 10, 200_000n)` = `800_000n` (₹8,000.00).
 */
export function mtfFundedPaise(entryPricePaise: bigint, quantity: number, marginPaise: bigint): bigint {
  const notionalPaise = computeNotional(entryPricePaise, quantity);
  invariant(marginPaise >= 0n && marginPaise <= notionalPaise, `margin within the notional: ${marginPaise}`);
  return notionalPaise - marginPaise;
}

/**
 * One day's interest on the funded part of an MTF holding: funded × the daily rate, rounded half
 * away from zero like every other trading charge. Posted once per IST day the holding is held
 * (docs/adr/0019-partial-sells.md, "MTF interest").
 *
 * Example: ₹8,000.00 funded at 4 bps a day is `mtfInterestForDayPaise(800_000n, 4)` = `320n` (₹3.20).
 */
export function mtfInterestForDayPaise(fundedPaise: bigint, bpsPerDay: number): bigint {
  invariant(fundedPaise >= 0n, 'the funded amount is not negative');
  invariant(Number.isSafeInteger(bpsPerDay) && bpsPerDay >= 0, 'the rate is whole bps ≥ 0');
  return mulDiv(fundedPaise, BigInt(bpsPerDay), BPS_PER_UNIT, DEFAULT_ROUNDING);
}
