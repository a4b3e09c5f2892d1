import { invariant } from '../invariant.js';
import { toBpsFraction } from '../money/rounding.js';

/** Stop-out level, as a server parameter's default: when the loss reaches 80% of the margin. */
export const DEFAULT_STOP_OUT_BPS = 8000n;

/**
 * Tells whether a position's loss has reached the stop-out level: loss ≥ margin × bps ÷ 10,000,
 * compared exactly on integers so the threshold is not moved by rounding. A gain or no loss never
 * stops out.
 *
 * Example: with margin ₹1,000.00 at 80%, `stopOutReached(80000n, 100000n, 8000n)` is true and
 * `stopOutReached(79999n, 100000n, 8000n)` is false.
 */
export function stopOutReached(
  lossPaise: bigint,
  marginPaise: bigint,
  stopOutBps: bigint | number = DEFAULT_STOP_OUT_BPS,
): boolean {
  invariant(marginPaise > 0n, `an open position has a positive margin: ${marginPaise}`);
  if (lossPaise <= 0n) return false;
  const level = toBpsFraction(stopOutBps);
  return lossPaise * level.denominator >= marginPaise * level.numerator;
}
