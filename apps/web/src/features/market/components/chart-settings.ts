import type { CallBody } from '../../../api/calls';
/** What the stock chart can show: the spec's periods, ranges, adjustments and indicators. */
export const CHART_PERIODS = ['timeshare', '1m', '5m', '15m', '30m', '1d', '1w', '1M'] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];
export const CHART_RANGES = ['1W', '1M', '3M', '6M', '1Y'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];
export const CHART_ADJUSTMENTS = ['none', 'forward', 'backward'] as const;
export type ChartAdjustment = (typeof CHART_ADJUSTMENTS)[number];
export const MAIN_INDICATORS = ['MA', 'EMA', 'BOLL', 'none'] as const;
export type MainIndicator = (typeof MAIN_INDICATORS)[number];
export const SUB_INDICATORS = ['VOL', 'MACD', 'KDJ', 'RSI', 'none'] as const;
export type SubIndicator = (typeof SUB_INDICATORS)[number];

export interface ChartSettings {
  /** A period, or a range of daily candles (the range wins when set). */
  period: ChartPeriod;
  range: ChartRange | null;
  adjustment: ChartAdjustment;
  main: MainIndicator;
  sub: SubIndicator;
}

export const DEFAULT_CHART_SETTINGS: ChartSettings = {
  period: 'timeshare',
  range: null,
  adjustment: 'none',
  main: 'MA',
  sub: 'VOL',
};

const MINUTE = 60_000;

/** Calendar days a range reaches back (the server's span; every day trades round the clock). */
const RANGE_DAYS: Record<ChartRange, number> = { '1W': 7, '1M': 31, '3M': 92, '6M': 183, '1Y': 366 };
/** Minutes in a day: the most 1m candles a time share can hold (NSE's session is 375 of them). */
const DAY_MINUTES = 1_440;

/**
 * A time share and a range come whole: the chart shows all their candles at once (the session from
 * 09:15 IST to now, every day of the range), not the last screenful of bars.
 */
export function showsWhole(settings: Pick<ChartSettings, 'period' | 'range'>): boolean {
  return settings.range !== null || settings.period === 'timeshare';
}

/** The bar width (px) that fits `count` bars in `widthPx`; the library's default 10 px when paging. */
export function barSpaceToFit(widthPx: number, count: number): number {
  if (count <= 0 || widthPx <= 0) return DEFAULT_BAR_SPACE_PX;
  return Math.min(DEFAULT_BAR_SPACE_PX, Math.max(MIN_BAR_SPACE_PX, widthPx / count));
}
export const DEFAULT_BAR_SPACE_PX = 10;
/**
 * A paged period (1m to Month) opens on at least this many of its newest bars, as Kite and Groww
 * do: about 3 px a bar on a phone held upright, 7 px on its side. Zooming shows more or fewer.
 */
export const DEFAULT_VISIBLE_BARS = 120;
/** The narrowest bar the chart draws (a day of minutes on a phone is below 1 px). */
export const MIN_BAR_SPACE_PX = 0.2;

/** The length of one bar, to decide whether a live tick extends the last bar or starts a new one. */
export function barLengthMs(settings: Pick<ChartSettings, 'period' | 'range'>): number | null {
  if (settings.range) return null;
  switch (settings.period) {
    case 'timeshare':
    case '1m':
      return MINUTE;
    case '5m':
      return 5 * MINUTE;
    case '15m':
      return 15 * MINUTE;
    case '30m':
      return 30 * MINUTE;
    default:
      return null;
  }
}

/** The body of market/candles for these settings; `before` pages back from the oldest bar. */
export function candlesRequest(
  symbol: string,
  settings: Pick<ChartSettings, 'period' | 'range' | 'adjustment'>,
  before?: number,
): CallBody<'market/candles'> {
  // Enough candles for the whole span: a range's days, a day's minutes (the server's limit, 1,440).
  const limit = settings.range
    ? RANGE_DAYS[settings.range] + 1
    : settings.period === 'timeshare'
      ? DAY_MINUTES
      : undefined;
  return {
    symbol,
    period: settings.range ? '1d' : settings.period,
    adjustment: settings.adjustment,
    ...(settings.range ? { range: settings.range } : {}),
    ...(limit !== undefined ? { limit } : {}),
    ...(before !== undefined ? { before } : {}),
  };
}
