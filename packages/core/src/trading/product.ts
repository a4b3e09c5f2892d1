/**
 * The product of an order or position, named as Indian brokers name it (Zerodha, Groww):
 *
 * - `CNC` (cash and carry): delivery, paid in full (leverage 1); charged delivery rates; a sale
 *   from it pays the DP charge.
 * - `MIS` (margin intraday square-off): intraday, squared off at the square-off time; leverage
 *   from the instrument; charged intraday rates.
 * - `MTF` (margin trading facility): delivery bought with leverage above 1; the funded part
 *   accrues daily interest; charged delivery rates.
 *
 * The seed's and the API's older fields (`intraday`, `leverage`) map onto a product by one rule,
 * `productOf`; migration 0023 derives the positions column by the same rule.
 */
export type Product = 'CNC' | 'MIS' | 'MTF';

export const PRODUCTS: readonly Product[] = ['CNC', 'MIS', 'MTF'];

/**
 * The product of a position from its intraday flag and leverage.
 *
 * Example: `productOf({ intraday: true, leverage: 5 })` is `'MIS'`;
 * `productOf({ intraday: false, leverage: 1 })` is `'CNC'`; `productOf({ intraday: false, leverage: 3 })`
 * is `'MTF'`.
 */
export function productOf(position: { intraday: boolean; leverage: number }): Product {
  if (position.intraday) return 'MIS';
  return position.leverage > 1 ? 'MTF' : 'CNC';
}

/** Whether a product is delivery (CNC, MTF): delivery rates, DP charge on sale, held overnight. */
export function isDeliveryProduct(product: Product): boolean {
  return product !== 'MIS';
}
