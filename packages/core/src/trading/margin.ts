import { invariant } from '../invariant.js';
import { mulDiv } from '../money/rounding.js';
import { assertPrice, assertQuantity } from './quantity.js';

/**
 * Notional value of an order or position: price × quantity.
 *
 * Example: 10 shares at ₹2,450.05 is `computeNotional(245005n, 10)` = `2450050n` (₹24,500.50).
 */
export function computeNotional(pricePaise: bigint, quantity: number): bigint {
  assertPrice(pricePaise);
  assertQuantity(quantity);
  return pricePaise * BigInt(quantity);
}

/**
 * Margin to open a position: price × quantity ÷ leverage, rounded up to the paisa. Rounding up means
 * the broker never collects less margin than the leverage allows, so the stop-out and the house's
 * exposure are measured against at least the full ratio; the user pays at most one paisa more.
 * Leverage is a whole number ≥ 1 from the instrument's allowed set.
 *
 * Example: 3 shares at ₹100.01 with leverage 2 is `computeMargin(10001n, 3, 2)` = `15002n`
 * (30003 ÷ 2 = 15001.5 paise, rounded up to ₹150.02).
 */
export function computeMargin(pricePaise: bigint, quantity: number, leverage: number): bigint {
  invariant(Number.isSafeInteger(leverage) && leverage >= 1, `leverage is a whole number ≥ 1: ${leverage}`);
  return mulDiv(computeNotional(pricePaise, quantity), 1n, BigInt(leverage), 'up');
}
