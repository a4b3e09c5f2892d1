import type { BodyOf, DataOf, quote } from '@nivesh/contract';
import { computePriceBand, formatPaise } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { findInstrumentOrRefuse, normalizeSymbol } from './find-instrument.js';
import { changePercent } from './list-indices.js';

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
  const [row, range] = await Promise.all([
    deps.db.selectFrom('quotes').selectAll().where('symbol', '=', symbol).executeTakeFirst(),
    deps.db
      .selectFrom('candles')
      .select((eb) => [eb.fn.max('high_paise').as('high_paise'), eb.fn.min('low_paise').as('low_paise')])
      .where('symbol', '=', symbol)
      .where('period', '=', '1d')
      .where('bucket_start_ms', '>', BigInt(nowMs - WEEK_52_MS))
      .executeTakeFirst(),
  ]);
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
  if (range?.high_paise != null && range.low_paise != null) {
    reply.week52High = formatPaise(BigInt(range.high_paise));
    reply.week52Low = formatPaise(BigInt(range.low_paise));
  }
  if (!row) return reply;
  Object.assign(reply, {
    price: formatPaise(row.price_paise),
    change: formatPaise(row.price_paise - row.previous_close_paise),
    changeRate: changePercent(row.price_paise, row.previous_close_paise),
    open: formatPaise(row.open_paise),
    previousClose: formatPaise(row.previous_close_paise),
    high: formatPaise(row.high_paise),
    low: formatPaise(row.low_paise),
    volume: Number(row.volume),
    turnover: formatPaise(row.turnover_paise),
    simulated: row.simulated,
    time: Number(row.tick_at_ms),
  });
  if (sharesOutstanding !== null) reply.marketCap = formatPaise(row.price_paise * sharesOutstanding);
  if (instrument.price_band_bps > 0 && row.previous_close_paise > 0n) {
    const band = computePriceBand(row.previous_close_paise, instrument.price_band_bps, instrument.tick_paise);
    reply.priceBand = { lower: formatPaise(band.lowerPaise), upper: formatPaise(band.upperPaise) };
  }
  return reply;
}
