import type { BodyOf, DataOf, quote } from '@nivesh/contract';
import { computePriceBand, formatPaise } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { findCandleRange } from '../../repositories/candle.repository.js';
import { findLatestDelivery } from '../../repositories/daily-delivery.repository.js';
import { readQuotes } from '../../repositories/quote.repository.js';
import { findInstrumentOrRefuse, normalizeSymbol } from './find-instrument.js';
import { changePercent } from './list-indices.js';
import { isShown } from './price-source.js';

export const WEEK_52_MS = 52 * 7 * 24 * 60 * 60 * 1000;

/**
 * `market/quote`: every stock field that can be had honestly. Fields the platform cannot know
 * (foreign ownership, short selling, investor trends, balance sheet) are never in the reply; price
 * fields are absent until the first quote, market cap and share count when shares outstanding are
 * unknown, and the 52-week range when there is no daily candle in the last 52 weeks.
 */
export async function readQuote(
  deps: AppDeps,
  nowMs: number,
  input: BodyOf<typeof quote>,
): Promise<DataOf<typeof quote>> {
  const symbol = normalizeSymbol(input.symbol);
  const instrument = await findInstrumentOrRefuse(deps, symbol);
  const realOnly = !isShown(deps, 'simulated');
  const [quotes, range, delivery] = await Promise.all([
    readQuotes(deps.db, [symbol]),
    findCandleRange(deps.db, symbol, '1d', nowMs - WEEK_52_MS, realOnly),
    findLatestDelivery(deps.db, symbol),
  ]);
  const stored = quotes.get(symbol);
  const row = stored && isShown(deps, stored.source) ? stored : undefined;
  const sharesOutstanding = instrument.shares_outstanding;
  const reply: DataOf<typeof quote> = {
    symbol: instrument.symbol,
    code: instrument.symbol,
    name: instrument.name,
    exchange: instrument.exchange,
    segment: instrument.segment,
    ...(instrument.sector ? { industry: instrument.sector } : {}),
    ...(sharesOutstanding !== null ? { shareCount: Number(sharesOutstanding) } : {}),
    tickSize: formatPaise(instrument.tick_paise),
    lotSize: instrument.lot_size,
    leverages: instrument.leverages,
    shortable: instrument.shortable,
    tradable: instrument.tradable,
  };
  if (delivery) {
    reply.delivery = {
      date: delivery.tradeDate,
      deliveredQuantity: Number(delivery.deliveredQuantity),
      tradedQuantity: Number(delivery.tradedQuantity),
      // Basis points are hundredths of a percent, written with two decimals as paise are: 6937 → 69.37.
      percent: formatPaise(BigInt(delivery.deliveryBps)),
    };
  }
  if (range) {
    reply.week52High = formatPaise(range.highPaise);
    reply.week52Low = formatPaise(range.lowPaise);
  }
  if (!row) return reply;
  Object.assign(reply, {
    price: formatPaise(row.pricePaise),
    change: formatPaise(row.pricePaise - row.previousClosePaise),
    changeRate: changePercent(row.pricePaise, row.previousClosePaise),
    open: formatPaise(row.openPaise),
    previousClose: formatPaise(row.previousClosePaise),
    high: formatPaise(row.highPaise),
    low: formatPaise(row.lowPaise),
    volume: Number(row.volume),
    turnover: formatPaise(row.turnoverPaise),
    simulated: row.simulated,
    source: row.source,
    time: row.tickAtMs,
  });
  if (sharesOutstanding !== null) reply.marketCap = formatPaise(row.pricePaise * sharesOutstanding);
  if (instrument.price_band_bps > 0 && row.previousClosePaise > 0n) {
    const band = computePriceBand(row.previousClosePaise, instrument.price_band_bps, instrument.tick_paise);
    reply.priceBand = { lower: formatPaise(band.lowerPaise), upper: formatPaise(band.upperPaise) };
  }
  return reply;
}
