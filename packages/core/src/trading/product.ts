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

/** An order's product terms as the investor sent them: a product, the older fields, or both. */
export interface OrderProductInput {
  product?: Product | undefined;
  intraday?: boolean | undefined;
  leverage?: number | undefined;
}

export type ResolvedProduct =
  | { ok: true; product: Product; intraday: boolean; leverage: number }
  | { ok: false; reason: 'conflict' | 'not_allowed'; product: Product };

/**
 * The product, intraday flag and leverage of a new order, from what the investor sent and the
 * instrument's allowed leverages (docs/adr/0019-partial-sells.md, "Products"):
 *
 * - no product: the older fields decide by productOf (leverage 1 when not sent: delivery, CNC);
 * - `CNC`: delivery at leverage 1; `intraday: true` or a leverage other than 1 is a conflict;
 * - `MIS`: intraday; the leverage sent, else the instrument's highest; `intraday: false` conflicts;
 * - `MTF`: delivery with leverage above 1; the leverage sent, else the instrument's highest;
 *   `intraday: true` or leverage 1 conflicts, and an instrument without leverage above 1 has no MTF.
 *
 * A conflict is refused, never resolved by preferring one field: the investor sees what they sent.
 * Whether the leverage is one of the instrument's is checked afterwards, as for any order.
 *
 * Example: `resolveOrderProduct({ product: 'MTF' }, [1, 2, 5])` is
 * `{ ok: true, product: 'MTF', intraday: false, leverage: 5 }`;
 * `resolveOrderProduct({ product: 'CNC', leverage: 3 }, [1, 3])` is a conflict.
 */
export function resolveOrderProduct(
  input: OrderProductInput,
  allowedLeverages: readonly number[],
): ResolvedProduct {
  const highest = allowedLeverages.length > 0 ? Math.max(...allowedLeverages) : 1;
  const { product, intraday, leverage } = input;
  if (product === undefined) {
    const resolved = { intraday: intraday === true, leverage: leverage ?? 1 };
    return { ok: true, product: productOf(resolved), ...resolved };
  }
  const conflict = { ok: false as const, reason: 'conflict' as const, product };
  switch (product) {
    case 'CNC':
      if (intraday === true || (leverage !== undefined && leverage !== 1)) return conflict;
      return { ok: true, product, intraday: false, leverage: 1 };
    case 'MIS':
      if (intraday === false) return conflict;
      return { ok: true, product, intraday: true, leverage: leverage ?? highest };
    case 'MTF':
      if (intraday === true || (leverage !== undefined && leverage <= 1)) return conflict;
      if (leverage === undefined && highest <= 1) return { ok: false, reason: 'not_allowed', product };
      return { ok: true, product, intraday: false, leverage: leverage ?? highest };
  }
}
