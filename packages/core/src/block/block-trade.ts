import { addIstDays, type IstDate, istDate, istInstantMs, parseClockMinutes } from '../calendar/ist-time.js';
import {
  MAX_DAYS_WITHOUT_TRADING,
  type TradingCalendar,
  tradingSessionOn,
} from '../calendar/trading-calendar.js';
import { invariant } from '../invariant.js';
import { mulDiv } from '../money/rounding.js';
import type { ClockWindow } from '../parameters/registry.js';
import { computePriceBand } from '../trading/price-rules.js';

/**
 * Block deals as NSE runs them (SEBI's block deal framework): orders of at least a minimum size,
 * placed only in two short windows, executed at the window's reference price. The windows and the
 * band are server parameters (`block_window_morning`, `block_window_afternoon`,
 * `block_price_band_bps`): this module takes them as arguments and keeps no defaults of its own.
 */

export type BlockWindowName = 'morning' | 'afternoon';
export const BLOCK_WINDOW_NAMES: readonly BlockWindowName[] = ['morning', 'afternoon'];

/** The two windows as the parameters hold them: IST wall-clock `HH:MM`, start inclusive, end exclusive. */
export type BlockWindowHours = Record<BlockWindowName, ClockWindow>;

/** One window on one trading day, as instants. */
export interface BlockWindowInstance {
  name: BlockWindowName;
  date: IstDate;
  opensAtMs: number;
  closesAtMs: number;
}

/** Where block trading stands at an instant: the window that is open, or the next one to open. */
export type BlockWindowState =
  | { open: true; window: BlockWindowInstance }
  | { open: false; next: BlockWindowInstance };

/**
 * The block windows of a date, earliest first, or none when the exchange does not trade that day.
 * Windows apply only on days with the regular hours: a special session with other hours (Muhurat
 * trading) has no block window in our data.
 *
 * @example blockWindowsOn(nse, '2026-11-23', hours)[0] // { name: 'morning', opensAtMs: 08:45 IST, closesAtMs: 09:00 IST }
 */
export function blockWindowsOn(
  calendar: TradingCalendar,
  date: IstDate,
  hours: BlockWindowHours,
): BlockWindowInstance[] {
  const session = tradingSessionOn(calendar, date);
  if (!session?.hasRegularHours) return [];
  return BLOCK_WINDOW_NAMES.map((name) => ({
    name,
    date,
    opensAtMs: istInstantMs(date, parseClockMinutes(hours[name].start)),
    closesAtMs: istInstantMs(date, parseClockMinutes(hours[name].end)),
  })).sort((left, right) => left.opensAtMs - right.opensAtMs);
}

/**
 * The open block window at an instant, or the next one. The edges are exact: with the default
 * morning window, 08:44:59.999 is closed, 08:45:00.000 open, 08:59:59.999 open and 09:00:00.000
 * closed again.
 *
 * @example blockWindowAt(nse, hours, Date.UTC(2026, 10, 23, 3, 15)) // open: the morning window of Monday 2026-11-23
 */
export function blockWindowAt(
  calendar: TradingCalendar,
  hours: BlockWindowHours,
  atMs: number,
): BlockWindowState {
  let date = istDate(atMs);
  for (let step = 0; step <= MAX_DAYS_WITHOUT_TRADING; step += 1) {
    for (const window of blockWindowsOn(calendar, date, hours)) {
      if (atMs >= window.opensAtMs && atMs < window.closesAtMs) return { open: true, window };
      if (atMs < window.opensAtMs) return { open: false, next: window };
    }
    date = addIstDays(date, 1);
  }
  invariant(false, `no block window within ${MAX_DAYS_WITHOUT_TRADING} days of ${atMs}`);
}

/**
 * How the afternoon reference is measured, relative to the window's open: NSE fixes the 14:05
 * window's price from the volume-weighted average of 13:45 to 14:00, that is the 15 minutes that
 * end 5 minutes before the window opens. Kept relative so that a staff change of the window moves
 * the measuring period with it.
 */
export const VWAP_PERIOD_MINUTES = 15;
export const VWAP_GAP_BEFORE_WINDOW_MINUTES = 5;

/**
 * The period whose trades set the afternoon reference: [from, to) as instants.
 *
 * @example vwapPeriodBefore(istInstantMs('2026-11-23', 845)) // 13:45 to 14:00 IST
 */
export function vwapPeriodBefore(windowOpensAtMs: number): { fromMs: number; toMs: number } {
  const toMs = windowOpensAtMs - VWAP_GAP_BEFORE_WINDOW_MINUTES * 60_000;
  return { fromMs: toMs - VWAP_PERIOD_MINUTES * 60_000, toMs };
}

/** The summed minute candles of the measuring period: Σ (high + low + close) × volume and Σ volume. */
export interface VwapSums {
  typicalTimesVolume: bigint;
  volume: bigint;
}

/** Adds one minute candle to the sums. */
export function addCandleToVwap(
  sums: VwapSums,
  candle: { highPaise: bigint; lowPaise: bigint; closePaise: bigint; volume: bigint },
): VwapSums {
  invariant(candle.volume >= 0n, `a candle's volume is not negative: ${candle.volume}`);
  return {
    typicalTimesVolume:
      sums.typicalTimesVolume + (candle.highPaise + candle.lowPaise + candle.closePaise) * candle.volume,
    volume: sums.volume + candle.volume,
  };
}

/**
 * The volume-weighted average price of minute candles, each weighted at its typical price
 * (high + low + close) ÷ 3 (stored candles keep no turnover, so the typical price stands for the
 * trades inside the minute), rounded half up to the tick. Null when nothing traded: the caller then
 * uses the last price.
 *
 * @example
 * // Two minutes: ₹100.00 typical × 300 shares and ₹101.00 × 100: (30,000 + 10,100) ÷ 400 = ₹100.25.
 * vwapToTick({ typicalTimesVolume: 3n * (10_000n * 300n + 10_100n * 100n), volume: 400n }, 5n) // 10_025n
 */
export function vwapToTick(sums: VwapSums, tickPaise: bigint): bigint | null {
  invariant(tickPaise > 0n, `a tick is positive: ${tickPaise}`);
  if (sums.volume === 0n) return null;
  const ticks = mulDiv(sums.typicalTimesVolume, 1n, 3n * sums.volume * tickPaise, 'half_up');
  return ticks * tickPaise;
}

/**
 * The previous close as of a trading date, from the feed's quote: a quote whose last tick was on an
 * earlier date still shows that day's close as its price; a quote that has ticked today carries the
 * previous close beside it.
 *
 * @example previousCloseOn({ pricePaise: 101_000n, previousClosePaise: 99_000n, tickAtMs: friday15_29 }, '2026-11-23') // 101_000n
 */
export function previousCloseOn(
  quote: { pricePaise: bigint; previousClosePaise: bigint; tickAtMs: number },
  date: IstDate,
): bigint {
  return istDate(quote.tickAtMs) < date ? quote.pricePaise : quote.previousClosePaise;
}

/**
 * The prices a block order may carry: reference ± band, each rounded to the tick inward (the same
 * rule as the daily band, around the block reference instead of the previous close).
 *
 * @example blockBand(100_000n, 100, 5n) // { lowerPaise: 99_000n, upperPaise: 101_000n }: ±1% of ₹1,000.00
 */
export function blockBand(
  referencePaise: bigint,
  bandBps: number,
  tickPaise: bigint,
): { lowerPaise: bigint; upperPaise: bigint } {
  return computePriceBand(referencePaise, bandBps, tickPaise);
}
