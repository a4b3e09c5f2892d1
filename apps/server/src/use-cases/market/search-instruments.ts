import { type BodyOf, type DataOf, SEARCH_RESULTS_MAX, type search } from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { changePercent } from './list-indices.js';

/**
 * `market/search`: instruments whose symbol starts with the text or whose name contains it,
 * ignoring case; symbol matches come first, then by symbol. At most 20. Searched in a snapshot of
 * the instruments and quotes at most NIVESH_MARKET_LIST_CACHE_MS old, as the market list is
 * (docs/adr/0036).
 */
export async function searchInstruments(
  deps: AppDeps,
  input: BodyOf<typeof search>,
): Promise<DataOf<typeof search>> {
  const text = input.q.trim();
  if (text.length === 0) return [];
  const rows = await deps.marketList.search(deps.db, text, SEARCH_RESULTS_MAX);
  return rows.map((row) => ({
    symbol: row.symbol,
    name: row.name,
    exchange: row.exchange,
    segment: row.segment,
    ...(row.pricePaise !== null && row.previousClosePaise !== null
      ? {
          price: formatPaise(row.pricePaise),
          changeRate: changePercent(row.pricePaise, row.previousClosePaise),
        }
      : {}),
  }));
}
