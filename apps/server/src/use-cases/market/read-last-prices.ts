import type { BodyOf, DataOf, lastPrices } from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { normalizeSymbol } from './find-instrument.js';
import { changePercent } from './list-indices.js';

/**
 * `market/lastPrices`: the last price of each known symbol that has a quote, in the order asked.
 * Unknown symbols (and symbols without a quote yet) are left out rather than refused, so one stale
 * symbol in a client's list does not break the others.
 */
export async function readLastPrices(
  deps: AppDeps,
  input: BodyOf<typeof lastPrices>,
): Promise<DataOf<typeof lastPrices>> {
  const symbols = [...new Set(input.symbols.map(normalizeSymbol))];
  const rows = await deps.db
    .selectFrom('quotes')
    .select(['symbol', 'price_paise', 'previous_close_paise', 'tick_at_ms', 'simulated'])
    .where('symbol', 'in', symbols)
    .execute();
  const bySymbol = new Map(rows.map((row) => [row.symbol, row]));
  return symbols.flatMap((symbol) => {
    const row = bySymbol.get(symbol);
    if (!row) return [];
    return [
      {
        symbol,
        price: formatPaise(row.price_paise),
        change: formatPaise(row.price_paise - row.previous_close_paise),
        changeRate: changePercent(row.price_paise, row.previous_close_paise),
        time: Number(row.tick_at_ms),
        simulated: row.simulated,
      },
    ];
  });
}
