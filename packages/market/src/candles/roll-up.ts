import { type Candle, type CandleAlignment, type CandlePeriod, combinedSource } from './candle.js';
import { bucketStartMs, canRollUp } from './candle-buckets.js';

/**
 * Rolls finer candles up into a coarser period: open of the first, close of the last, the highest
 * high, the lowest low and the summed volume. Candles of several symbols may be mixed; the result
 * is sorted by symbol, then time. Example: five 1m candles from 09:15 to 09:19 IST make one 5m
 * candle starting 09:15.
 *
 * Throws when the candles are of different periods, or when their buckets do not fit whole inside
 * the target's (weeks into months, 30m into 15m).
 */
export function rollUp(
  candles: readonly Candle[],
  target: CandlePeriod,
  alignment: CandleAlignment = 'nse-session',
): Candle[] {
  const first = candles[0];
  if (!first) return [];
  for (const candle of candles) {
    if (candle.period !== first.period) throw new RangeError('rollUp needs candles of one period');
  }
  if (!canRollUp(first.period, target)) {
    throw new RangeError(`cannot roll ${first.period} candles up into ${target}`);
  }
  const sorted = [...candles].sort(compareCandles);
  const result: Candle[] = [];
  // Candles of many symbols share their times (a day's file: 2,300 symbols, one day), so each
  // time's bucket is computed once.
  const bucketStarts = new Map<number, number>();
  let current: Candle | undefined;
  for (const candle of sorted) {
    let startMs = bucketStarts.get(candle.startMs);
    if (startMs === undefined) {
      startMs = bucketStartMs(target, candle.startMs, alignment);
      bucketStarts.set(candle.startMs, startMs);
    }
    if (current && current.symbol === candle.symbol && current.startMs === startMs) {
      if (candle.highPaise > current.highPaise) current.highPaise = candle.highPaise;
      if (candle.lowPaise < current.lowPaise) current.lowPaise = candle.lowPaise;
      current.closePaise = candle.closePaise;
      current.volume += candle.volume;
      if (current.source !== candle.source) {
        current.source = combinedSource(current.source ?? 'simulated', candle.source ?? 'simulated');
      }
      continue;
    }
    current = { ...candle, period: target, startMs };
    result.push(current);
  }
  return result;
}

function compareCandles(left: Candle, right: Candle): number {
  if (left.symbol !== right.symbol) return left.symbol < right.symbol ? -1 : 1;
  return left.startMs - right.startMs;
}
