import { invariant } from '../invariant.js';
import { applyBps, DEFAULT_ROUNDING, mulDiv } from '../money/rounding.js';
import { assertPrice, assertQuantity } from './quantity.js';

/** The fee on opening and closing, as a server parameter's default: 0.03% of notional. */
export const DEFAULT_FEE_BPS = 3n;
/** The tax on closing, as a server parameter's default: 0.1% of the sell notional. */
export const DEFAULT_TAX_BPS = 10n;

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

/**
 * Trading fee: a rate in bps of the notional, rounded half away from zero to the paisa (the house
 * rule, DEFAULT_ROUNDING). Charged on the notional, not on the margin.
 *
 * Example: 0.03% of ₹24,500.50 is `computeFee(2450050n, 3n)` = `735n` (735.015 paise → ₹7.35).
 */
export function computeFee(notionalPaise: bigint, feeBps: bigint | number): bigint {
  invariant(notionalPaise >= 0n, `a notional is never negative: ${notionalPaise}`);
  return applyBps(notionalPaise, feeBps, DEFAULT_ROUNDING);
}

/**
 * Tax on closing: a rate in bps of the sell notional (for a long, the closing sale; for a short, the
 * opening sale valued at close), rounded half away from zero to the paisa.
 *
 * Example: 0.1% of ₹24,505.50 is `computeTax(2450550n, 10n)` = `2451n` (2450.55 paise → ₹24.51).
 */
export function computeTax(sellNotionalPaise: bigint, taxBps: bigint | number): bigint {
  invariant(sellNotionalPaise >= 0n, `a notional is never negative: ${sellNotionalPaise}`);
  return applyBps(sellNotionalPaise, taxBps, DEFAULT_ROUNDING);
}
