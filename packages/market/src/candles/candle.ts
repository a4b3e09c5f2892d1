/**
 * A candle is one bucket of trading for one symbol: open, high, low and close in paise, and the
 * shares traded. Prices stay bigint paise in the domain; the API turns chart series into plain
 * numbers for display only.
 */

/** Chart periods. Minute buckets are intraday; `1d`, `1w` and `1M` follow the IST calendar. */
export type CandlePeriod = '1m' | '5m' | '15m' | '30m' | '1d' | '1w' | '1M';

export const CANDLE_PERIODS: readonly CandlePeriod[] = ['1m', '5m', '15m', '30m', '1d', '1w', '1M'];

/**
 * How minute buckets longer than the session's natural step are placed.
 *
 * - `nse-session`: buckets count from 09:15 IST, as NSE charts (Kite, TradingView on NSE) draw
 *   them: 30-minute candles start 09:15, 09:45, …, 15:15. For 1, 5 and 15 minutes this is the same
 *   as clock multiples, because 09:15 is a multiple of 15 minutes.
 * - `clock`: buckets start at clock multiples in IST (00:00, 00:30, …), the natural choice for
 *   instruments that trade around the clock (crypto, forex).
 */
export type CandleAlignment = 'nse-session' | 'clock';

/**
 * Where a price comes from: the built-in simulator, an NSE daily file, or a real market feed
 * (docs/adr/0023-nse-instrument-master-and-price-provenance.md).
 */
export type PriceSource = 'simulated' | 'imported' | 'feed';

export const PRICE_SOURCES: readonly PriceSource[] = ['simulated', 'imported', 'feed'];

/**
 * The source of a candle made of candles from `left` and `right`: one source stays itself; any
 * simulated part makes the whole simulated (it is not the real market's), otherwise a feed and a
 * file together are the feed's. Example: a week of four imported days and one simulated day is
 * simulated.
 */
export function combinedSource(left: PriceSource, right: PriceSource): PriceSource {
  if (left === right) return left;
  return left === 'simulated' || right === 'simulated' ? 'simulated' : 'feed';
}

export interface Candle {
  symbol: string;
  period: CandlePeriod;
  /** Start of the bucket, epoch milliseconds (UTC instant). */
  startMs: number;
  openPaise: bigint;
  highPaise: bigint;
  lowPaise: bigint;
  closePaise: bigint;
  /** Shares traded in the bucket: a whole number, always a safe integer. */
  volume: number;
  /** Where its prices come from; absent for the simulator's own candles, which are simulated. */
  source?: PriceSource;
}

export function isCandlePeriod(value: string): value is CandlePeriod {
  return (CANDLE_PERIODS as readonly string[]).includes(value);
}
