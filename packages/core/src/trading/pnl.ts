import { invariant } from '../invariant.js';
import { assertPrice, assertQuantity } from './quantity.js';

export type PositionSide = 'long' | 'short';

/**
 * P&L of closing a position, before fee and tax: (exit − entry) × quantity, negated for a short.
 * Exact in paise; nothing to round.
 *
 * Example: a short of 10 at ₹100.00 closed at ₹101.50 is
 * `computePnl('short', 10000n, 10150n, 10)` = `-1500n` (a ₹15.00 loss).
 */
export function computePnl(
  side: PositionSide,
  entryPricePaise: bigint,
  exitPricePaise: bigint,
  quantity: number,
): bigint {
  assertPrice(entryPricePaise, 'entry price');
  assertPrice(exitPricePaise, 'exit price');
  assertQuantity(quantity);
  const perShare = exitPricePaise - entryPricePaise;
  return (side === 'long' ? perShare : -perShare) * BigInt(quantity);
}

/**
 * Splits a position's P&L into what the user bears and what the house absorbs. A user can lose at
 * most the position's margin (DESIGN §5): a loss beyond it, after a price gap past the stop-out, goes
 * to the house's `house_stopout_absorbed` account and is never charged as debt.
 *
 * Example: a loss of `-12000n` on margin `10000n` gives user P&L `-10000n` and house absorbed `2000n`;
 * a loss of `-3000n` gives `-3000n` and `0n`.
 */
export function splitLossAtMargin(
  pnlPaise: bigint,
  marginPaise: bigint,
): { userPnlPaise: bigint; houseAbsorbedPaise: bigint } {
  invariant(marginPaise >= 0n, `margin is never negative: ${marginPaise}`);
  if (pnlPaise >= -marginPaise) return { userPnlPaise: pnlPaise, houseAbsorbedPaise: 0n };
  return { userPnlPaise: -marginPaise, houseAbsorbedPaise: -pnlPaise - marginPaise };
}
