import type { DataOf, holdings } from '@nivesh/contract';
import { formatPaise, productOf, summariseHoldings } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { findOpenPositionsOfUser } from '../../repositories/position.repository.js';

/**
 * The holdings view (as Kite's Holdings): the investor's open long delivery positions (CNC, MTF),
 * grouped by symbol and product, valued at the one feed price (DESIGN §1.2). Intraday and short
 * positions are positions, not holdings.
 */
export async function readHoldings(deps: AppDeps, userId: bigint): Promise<DataOf<typeof holdings>> {
  const open = await findOpenPositionsOfUser(deps.db, userId);
  const held = open
    .filter((position) => position.state === 'holding' && position.side === 'long' && !position.intraday)
    .map((position) => ({
      symbol: position.symbol,
      product: productOf(position),
      quantity: BigInt(position.quantity),
      entryPricePaise: position.entryPricePaise ?? position.placedPricePaise,
    }));
  const prices = await deps.prices.currentMany(held.map((position) => position.symbol));
  const { rows, summary } = summariseHoldings(
    held,
    new Map(
      [...prices].map(([symbol, price]) => [
        symbol,
        { lastPaise: price.pricePaise, previousClosePaise: price.previousClosePaise },
      ]),
    ),
  );
  // Basis points are hundredths of a percent, so they print as a percentage with two decimals.
  const percent = formatPaise;
  return {
    items: rows.map((row) => ({
      symbol: row.symbol,
      product: row.product,
      quantity: Number(row.quantity),
      averagePrice: formatPaise(row.averagePricePaise),
      lastPrice: formatPaise(row.lastPricePaise),
      isPriced: row.isPriced,
      invested: formatPaise(row.investedPaise),
      currentValue: formatPaise(row.currentValuePaise),
      dayChange: formatPaise(row.dayChangePaise),
      dayChangePercent: percent(row.dayChangeBps),
      pnl: formatPaise(row.pnlPaise),
      pnlPercent: percent(row.pnlBps),
    })),
    summary: {
      invested: formatPaise(summary.investedPaise),
      currentValue: formatPaise(summary.currentValuePaise),
      dayPnl: formatPaise(summary.dayPnlPaise),
      dayPnlPercent: percent(summary.dayPnlBps),
      pnl: formatPaise(summary.pnlPaise),
      pnlPercent: percent(summary.pnlBps),
    },
  };
}
