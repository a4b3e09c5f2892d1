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

/**
 * The price at which a holding reaches the stop-out level: for a long, the highest price at or below
 * which `stopOutReached` holds; for a short, the lowest price at or above which it holds. The engine
 * indexes holdings by this price, so a tick looks only at the holdings it stops out. The result may
 * be zero or negative for a long that can never lose enough (a stop-out level above 100% with
 * leverage 1): such a long never stops out.
 *
 * Example: a long of 10 at ₹100.00 with margin ₹500.00 (leverage 2) at 80% stops out at or below
 * `computeStopOutPrice('long', 10000n, 10, 50000n, 8000n)` = `6000n` (a loss of ₹400.00, ₹40.00 a share).
 */
export function computeStopOutPrice(
  side: 'long' | 'short',
  entryPricePaise: bigint,
  quantity: number,
  marginPaise: bigint,
  stopOutBps: bigint | number = DEFAULT_STOP_OUT_BPS,
): bigint {
  invariant(marginPaise > 0n, `an open position has a positive margin: ${marginPaise}`);
  invariant(Number.isSafeInteger(quantity) && quantity >= 1, `a quantity is a whole number ≥ 1: ${quantity}`);
  const level = toBpsFraction(stopOutBps);
  // Loss per share that reaches the level, rounded up: loss × denominator ≥ margin × numerator with
  // loss = move × quantity, so move ≥ margin × numerator ÷ (quantity × denominator).
  const divisor = BigInt(quantity) * level.denominator;
  const product = marginPaise * level.numerator;
  // A zero level would stop out at any loss: the smallest loss is one paisa per share.
  const movePaise = product === 0n ? 1n : (product + divisor - 1n) / divisor;
  return side === 'long' ? entryPricePaise - movePaise : entryPricePaise + movePaise;
}
