import type { Candle } from './candle.js';
import { istDateOf } from './ist-time.js';

/** One minute of the intraday ("time-share") line chart. */
export interface TimeSharePoint {
  /** Start of the minute. */
  atMs: number;
  /** The minute's close. */
  pricePaise: bigint;
  /**
   * The day's running volume-weighted average price so far, to the paisa, measured on minute
   * closes (tick-level turnover is not kept in candles). The close itself while no volume traded.
   */
  averagePricePaise: bigint;
  volume: number;
}

/**
 * The time-share series of one symbol for one IST date, from its 1m candles. Example: minutes
 * closing at 100.00 (10 shares) and 101.00 (30 shares) give averages 100.00 and 100.75.
 */
export function buildTimeShare(candles1m: readonly Candle[], dateIst: string): TimeSharePoint[] {
  const minutes = candles1m
    .filter((candle) => candle.period === '1m' && istDateOf(candle.startMs) === dateIst)
    .sort((left, right) => left.startMs - right.startMs);
  const points: TimeSharePoint[] = [];
  let turnoverPaise = 0n;
  let volume = 0n;
  for (const candle of minutes) {
    turnoverPaise += candle.closePaise * BigInt(candle.volume);
    volume += BigInt(candle.volume);
    const averagePricePaise =
      volume === 0n ? candle.closePaise : (2n * turnoverPaise + volume) / (2n * volume);
    points.push({
      atMs: candle.startMs,
      pricePaise: candle.closePaise,
      averagePricePaise,
      volume: candle.volume,
    });
  }
  return points;
}
