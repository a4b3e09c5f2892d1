import { mulDiv } from '../money/rounding.js';
import type { Product } from '../trading/product.js';

/** An open long delivery position as the holdings view reads it. */
export interface HeldPosition {
  symbol: string;
  product: Product;
  quantity: bigint;
  entryPricePaise: bigint;
}

/** The feed's price of a symbol: its last price and the previous session's close. */
export interface HoldingPrice {
  lastPaise: bigint;
  previousClosePaise: bigint;
}

/** One line of the holdings view: every open lot of a symbol and product together. */
export interface HoldingRow {
  symbol: string;
  product: Product;
  quantity: bigint;
  /** invested ÷ quantity, to the paisa (half up). */
  averagePricePaise: bigint;
  investedPaise: bigint;
  /** The last price; the average price when the symbol has no price yet (`isPriced` false). */
  lastPricePaise: bigint;
  isPriced: boolean;
  currentValuePaise: bigint;
  /** quantity × (last − previous close). */
  dayChangePaise: bigint;
  /** (last − previous close) ÷ previous close, in basis points (half up). */
  dayChangeBps: bigint;
  pnlPaise: bigint;
  /** P&L ÷ invested in basis points (half up). */
  pnlBps: bigint;
}

export interface HoldingsSummary {
  investedPaise: bigint;
  currentValuePaise: bigint;
  dayPnlPaise: bigint;
  /** The day's P&L against the value at the previous close, in basis points. */
  dayPnlBps: bigint;
  pnlPaise: bigint;
  pnlBps: bigint;
}

const ratioBps = (part: bigint, whole: bigint) =>
  whole === 0n ? 0n : mulDiv(part, 10_000n, whole, 'half_up');

/**
 * The holdings view (as Kite's Holdings screen): open long delivery positions grouped by symbol and
 * product, valued at the one market price, with a header of totals. Rows come sorted by symbol, then
 * product.
 *
 * @example
 * // 10 RELIANCE at ₹1,000.00 and 10 at ₹1,100.00, last ₹1,200.00, previous close ₹1,150.00:
 * // quantity 20, average ₹1,050.00, invested ₹21,000.00, current ₹24,000.00, day change ₹1,000.00
 * // (435 bps), P&L ₹3,000.00 (1,429 bps).
 */
export function summariseHoldings(
  positions: readonly HeldPosition[],
  prices: ReadonlyMap<string, HoldingPrice>,
): { rows: HoldingRow[]; summary: HoldingsSummary } {
  const groups = new Map<
    string,
    { symbol: string; product: Product; quantity: bigint; investedPaise: bigint }
  >();
  for (const position of positions) {
    const key = `${position.symbol}|${position.product}`;
    const group = groups.get(key) ?? {
      symbol: position.symbol,
      product: position.product,
      quantity: 0n,
      investedPaise: 0n,
    };
    group.quantity += position.quantity;
    group.investedPaise += position.quantity * position.entryPricePaise;
    groups.set(key, group);
  }
  const rows = [...groups.values()]
    .filter((group) => group.quantity > 0n)
    .sort((a, b) =>
      a.symbol === b.symbol ? a.product.localeCompare(b.product) : a.symbol < b.symbol ? -1 : 1,
    )
    .map((group): HoldingRow => {
      const averagePricePaise = mulDiv(group.investedPaise, 1n, group.quantity, 'half_up');
      const price = prices.get(group.symbol);
      const lastPricePaise = price?.lastPaise ?? averagePricePaise;
      const previousClosePaise = price?.previousClosePaise ?? lastPricePaise;
      const currentValuePaise = group.quantity * lastPricePaise;
      const pnlPaise = currentValuePaise - group.investedPaise;
      return {
        symbol: group.symbol,
        product: group.product,
        quantity: group.quantity,
        averagePricePaise,
        investedPaise: group.investedPaise,
        lastPricePaise,
        isPriced: price !== undefined,
        currentValuePaise,
        dayChangePaise: group.quantity * (lastPricePaise - previousClosePaise),
        dayChangeBps: ratioBps(lastPricePaise - previousClosePaise, previousClosePaise),
        pnlPaise,
        pnlBps: ratioBps(pnlPaise, group.investedPaise),
      };
    });
  const investedPaise = rows.reduce((total, row) => total + row.investedPaise, 0n);
  const currentValuePaise = rows.reduce((total, row) => total + row.currentValuePaise, 0n);
  const dayPnlPaise = rows.reduce((total, row) => total + row.dayChangePaise, 0n);
  const pnlPaise = currentValuePaise - investedPaise;
  return {
    rows,
    summary: {
      investedPaise,
      currentValuePaise,
      dayPnlPaise,
      dayPnlBps: ratioBps(dayPnlPaise, currentValuePaise - dayPnlPaise),
      pnlPaise,
      pnlBps: ratioBps(pnlPaise, investedPaise),
    },
  };
}
