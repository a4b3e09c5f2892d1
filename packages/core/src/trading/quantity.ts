import { invariant } from '../invariant.js';

/**
 * Asserts a quantity of shares: a whole number from 1 up to Number.MAX_SAFE_INTEGER. Requests are
 * validated before they reach trading math, so a bad quantity here is a defect.
 *
 * Example: `assertQuantity(100)` passes; `assertQuantity(0)` and `assertQuantity(2.5)` throw.
 */
export function assertQuantity(quantity: number): void {
  invariant(Number.isSafeInteger(quantity) && quantity >= 1, `a quantity is a whole number ≥ 1: ${quantity}`);
}

/**
 * Asserts a price: a positive amount of paise. Requests are validated before trading math, so a zero
 * or negative price here is a defect.
 *
 * Example: `assertPrice(245005n)` (₹2,450.05) passes; `assertPrice(0n)` throws.
 */
export function assertPrice(pricePaise: bigint, name = 'price'): void {
  invariant(pricePaise > 0n, `${name} must be positive: ${pricePaise}`);
}
