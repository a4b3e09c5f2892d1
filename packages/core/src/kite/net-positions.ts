import type { Product } from '../trading/product.js';

/** One executed buy or sell of a symbol and product, in paise (a fill of an order leg). */
export interface ExecutedLeg {
  symbol: string;
  product: Product;
  transactionType: 'BUY' | 'SELL';
  quantity: number;
  pricePaise: bigint;
}

/** A symbol and product netted over its legs, as Kite's positions list them (reference §3). */
export interface NettedPosition {
  symbol: string;
  product: Product;
  /** Bought less sold: positive long, negative short, zero when flat. */
  quantity: number;
  buyQuantity: number;
  buyValuePaise: bigint;
  sellQuantity: number;
  sellValuePaise: bigint;
  /** The average price of the open side (buys when long, sells when short), 0 when flat. */
  averagePricePaise: bigint;
  /** Sold less bought plus the open quantity at the last price (Kite's `pnl`). */
  pnlPaise: bigint;
}

const keyOf = (leg: { symbol: string; product: Product }) => `${leg.symbol}\u0000${leg.product}`;

/**
 * Nets executed legs by symbol and product, as Kite's `positions.net` and `positions.day` are: one
 * row per pair, in first-seen order. Averages round half down to the paisa (floor of a positive
 * value). Example: buy 10 @ ₹100 and sell 4 @ ₹110 with the last price ₹105 → quantity 6, buy value
 * ₹1,000, sell value ₹440, average ₹100, P&L 440 − 1,000 + 6 × 105 = ₹70.
 */
export function netExecutedLegs(
  legs: readonly ExecutedLeg[],
  lastPricePaise: (symbol: string) => bigint | undefined,
): NettedPosition[] {
  const rows = new Map<string, Omit<NettedPosition, 'quantity' | 'averagePricePaise' | 'pnlPaise'>>();
  for (const leg of legs) {
    const row = rows.get(keyOf(leg)) ?? {
      symbol: leg.symbol,
      product: leg.product,
      buyQuantity: 0,
      buyValuePaise: 0n,
      sellQuantity: 0,
      sellValuePaise: 0n,
    };
    const valuePaise = leg.pricePaise * BigInt(leg.quantity);
    if (leg.transactionType === 'BUY') {
      row.buyQuantity += leg.quantity;
      row.buyValuePaise += valuePaise;
    } else {
      row.sellQuantity += leg.quantity;
      row.sellValuePaise += valuePaise;
    }
    rows.set(keyOf(leg), row);
  }
  return [...rows.values()].map((row) => {
    const quantity = row.buyQuantity - row.sellQuantity;
    const averagePricePaise =
      quantity > 0
        ? row.buyValuePaise / BigInt(row.buyQuantity)
        : quantity < 0
          ? row.sellValuePaise / BigInt(row.sellQuantity)
          : 0n;
    const lastPaise = lastPricePaise(row.symbol) ?? averagePricePaise;
    const pnlPaise = row.sellValuePaise - row.buyValuePaise + BigInt(quantity) * lastPaise;
    return { ...row, quantity, averagePricePaise, pnlPaise };
  });
}
