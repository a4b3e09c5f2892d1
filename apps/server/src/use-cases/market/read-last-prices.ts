import type { BodyOf, DataOf, lastPrices } from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { type QuoteRecord, readQuotes } from '../../repositories/quote.repository.js';
import { normalizeSymbol } from './find-instrument.js';
import { changePercent } from './list-indices.js';
import { isShown } from './price-source.js';

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
  const quotes = await readQuotes(deps.db, symbols);
  return symbols.flatMap((symbol) => {
    const quote = quotes.get(symbol);
    if (!quote || !isShown(deps, quote.source)) return [];
    return [lastPriceView(quote)];
  });
}

/**
 * A quote as a last price: the price, its change since the previous close (in rupees and in
 * percent), when it ticked and where it came from. The stream's `ltp` mode sends the same object.
 */
export function lastPriceView(quote: QuoteRecord) {
  return {
    symbol: quote.symbol,
    price: formatPaise(quote.pricePaise),
    change: formatPaise(quote.pricePaise - quote.previousClosePaise),
    changeRate: changePercent(quote.pricePaise, quote.previousClosePaise),
    time: quote.tickAtMs,
    simulated: quote.simulated,
    source: quote.source,
  };
}
