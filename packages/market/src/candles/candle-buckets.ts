import type { CandleAlignment, CandlePeriod } from './candle.js';
import { DAY_MS, IST_OFFSET_MS, istDayNumberOf, MINUTE_MS } from './ist-time.js';

const MINUTES_BY_PERIOD: Partial<Record<CandlePeriod, number>> = { '1m': 1, '5m': 5, '15m': 15, '30m': 30 };

/** 09:15 IST as an offset from the UTC epoch: the anchor of `nse-session` minute buckets. */
const NSE_SESSION_ANCHOR_MS = (9 * 60 + 15) * MINUTE_MS - IST_OFFSET_MS;

/** Minutes in an intraday period, or undefined for `1d`, `1w` and `1M`. */
export function periodMinutes(period: CandlePeriod): number | undefined {
  return MINUTES_BY_PERIOD[period];
}

/**
 * The start of the bucket that holds an instant. Days start at 00:00 IST, weeks on Monday 00:00
 * IST, months on the 1st at 00:00 IST. Example: a tick at 09:52 IST falls in the 30-minute candle
 * of 09:45 with `nse-session` alignment and of 09:30 with `clock` alignment.
 */
export function bucketStartMs(
  period: CandlePeriod,
  atMs: number,
  alignment: CandleAlignment = 'nse-session',
): number {
  const minutes = MINUTES_BY_PERIOD[period];
  if (minutes !== undefined) {
    const sizeMs = minutes * MINUTE_MS;
    const anchorMs = alignment === 'nse-session' ? NSE_SESSION_ANCHOR_MS : 0;
    return anchorMs + Math.floor((atMs - anchorMs) / sizeMs) * sizeMs;
  }
  const dayNumber = istDayNumberOf(atMs);
  if (period === '1d') return dayNumber * DAY_MS - IST_OFFSET_MS;
  if (period === '1w') {
    // Day 0 (1970-01-01) was a Thursday: three days after a Monday.
    const daysSinceMonday = (((dayNumber + 3) % 7) + 7) % 7;
    return (dayNumber - daysSinceMonday) * DAY_MS - IST_OFFSET_MS;
  }
  const date = new Date(dayNumber * DAY_MS);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) - IST_OFFSET_MS;
}

/** The start of the bucket after the one starting at `startMs` (its exclusive end). */
export function nextBucketStartMs(period: CandlePeriod, startMs: number): number {
  const minutes = MINUTES_BY_PERIOD[period];
  if (minutes !== undefined) return startMs + minutes * MINUTE_MS;
  if (period === '1d') return startMs + DAY_MS;
  if (period === '1w') return startMs + 7 * DAY_MS;
  const date = new Date(startMs + IST_OFFSET_MS);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) - IST_OFFSET_MS;
}

/**
 * Whether buckets of `source` fit whole inside buckets of `target`, so that rolling up is exact.
 * Weeks do not fit in months, and 30-minute buckets do not fit in 15-minute ones. (With
 * `nse-session` alignment a 30-minute bucket of a round-the-clock instrument straddles midnight:
 * use `clock` alignment for those before rolling minutes up into days.)
 */
export function canRollUp(source: CandlePeriod, target: CandlePeriod): boolean {
  if (source === target) return true;
  const sourceMinutes = MINUTES_BY_PERIOD[source];
  const targetMinutes = MINUTES_BY_PERIOD[target];
  if (sourceMinutes !== undefined) {
    return targetMinutes === undefined || targetMinutes % sourceMinutes === 0;
  }
  if (targetMinutes !== undefined) return false;
  return source === '1d';
}
