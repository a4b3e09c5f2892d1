import {
  type BodyOf,
  CANDLES_LIMIT_DEFAULT,
  CANDLES_LIMIT_MAX,
  CHART_ADJUSTMENTS,
  CHART_PERIODS,
  type candles,
  type DataOf,
} from '@nivesh/contract';
import { paiseToChartNumber } from '@nivesh/core';
import {
  type AdjustmentMode,
  adjustCandles,
  type Candle,
  type CorporateAction,
  istDateOf,
  istMidnightMs,
} from '@nivesh/market';
import { refuse } from '../../application/app-error.js';
import type { AppDeps } from '../../application/context.js';
import type { CandlePeriod } from '../../db/schema.js';
import { findInstrumentOrRefuse, normalizeSymbol } from './find-instrument.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How far back each range reaches, in days of the calendar. */
const RANGE_DAYS: Record<NonNullable<BodyOf<typeof candles>['range']>, number> = {
  '1W': 7,
  '1M': 31,
  '3M': 92,
  '6M': 183,
  '1Y': 366,
};

type ChartPeriod = (typeof CHART_PERIODS)[number];
const isChartPeriod = (value: string): value is ChartPeriod =>
  (CHART_PERIODS as readonly string[]).includes(value);
const isAdjustment = (value: string): value is AdjustmentMode =>
  (CHART_ADJUSTMENTS as readonly string[]).includes(value);

interface Window {
  period: CandlePeriod;
  fromMs?: number;
  beforeMs?: number;
  limit: number;
}

/**
 * `market/candles`: stored candles, oldest first, optionally adjusted for corporate actions. A
 * `range` reads daily candles over that span; `timeshare` reads the 1m candles of the IST trading
 * date of the latest one. Period and adjustment arrive as any text and are checked here, so an
 * unknown one gets its own code instead of a schema 400.
 */
export async function readCandles(
  deps: AppDeps,
  nowMs: number,
  input: BodyOf<typeof candles>,
): Promise<DataOf<typeof candles>> {
  const period = input.period;
  if (!isChartPeriod(period)) refuse('PERIOD_UNKNOWN', { period });
  const adjustment = input.adjustment ?? 'none';
  if (!isAdjustment(adjustment)) refuse('ADJUSTMENT_UNKNOWN', { adjustment });
  const symbol = normalizeSymbol(input.symbol);
  await findInstrumentOrRefuse(deps, symbol);
  const window = await chooseWindow(deps, symbol, nowMs, input, period as ChartPeriod);
  const rows = window ? await selectCandles(deps, symbol, window) : [];
  const stored = rows.map((row) => candleOf(symbol, row, window?.period));
  const adjusted = await adjust(deps, symbol, stored, adjustment as AdjustmentMode);
  return {
    symbol,
    period: input.range ? '1d' : period,
    adjustment,
    candles: adjusted.map((candle) => ({
      time: candle.startMs,
      open: paiseToChartNumber(candle.openPaise),
      high: paiseToChartNumber(candle.highPaise),
      low: paiseToChartNumber(candle.lowPaise),
      close: paiseToChartNumber(candle.closePaise),
      volume: candle.volume,
    })),
  };
}

async function chooseWindow(
  deps: AppDeps,
  symbol: string,
  nowMs: number,
  input: BodyOf<typeof candles>,
  period: ChartPeriod,
): Promise<Window | undefined> {
  const limit = input.limit ?? CANDLES_LIMIT_DEFAULT;
  if (input.range) {
    const untilMs = input.before ?? nowMs;
    return {
      period: '1d',
      // Whole IST days back from the date of `before` (or today), so a range does not depend on the hour.
      fromMs: istMidnightMs(istDateOf(untilMs)) - RANGE_DAYS[input.range] * DAY_MS,
      beforeMs: untilMs,
      limit: input.limit ?? CANDLES_LIMIT_MAX,
    };
  }
  if (period !== 'timeshare') return { period, beforeMs: input.before, limit };
  const latest = await deps.db
    .selectFrom('candles')
    .select('bucket_start_ms')
    .where('symbol', '=', symbol)
    .where('period', '=', '1m')
    .$if(input.before !== undefined, (query) =>
      query.where('bucket_start_ms', '<', BigInt(input.before ?? 0)),
    )
    .orderBy('bucket_start_ms', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) return undefined;
  const dayStartMs = istMidnightMs(istDateOf(Number(latest.bucket_start_ms)));
  return {
    period: '1m',
    fromMs: dayStartMs,
    beforeMs: Math.min(dayStartMs + DAY_MS, input.before ?? Number.MAX_SAFE_INTEGER),
    // A whole session (375 minutes) unless the caller asks for fewer.
    limit: input.limit ?? CANDLES_LIMIT_MAX,
  };
}

function selectCandles(deps: AppDeps, symbol: string, window: Window) {
  return deps.db
    .selectFrom('candles')
    .select(['bucket_start_ms', 'open_paise', 'high_paise', 'low_paise', 'close_paise', 'volume'])
    .where('symbol', '=', symbol)
    .where('period', '=', window.period)
    .$if(window.fromMs !== undefined, (query) =>
      query.where('bucket_start_ms', '>=', BigInt(window.fromMs ?? 0)),
    )
    .$if(window.beforeMs !== undefined, (query) =>
      query.where('bucket_start_ms', '<', BigInt(window.beforeMs ?? 0)),
    )
    .orderBy('bucket_start_ms', 'desc')
    .limit(window.limit)
    .execute()
    .then((rows) => rows.reverse());
}

interface CandleRow {
  bucket_start_ms: bigint;
  open_paise: bigint;
  high_paise: bigint;
  low_paise: bigint;
  close_paise: bigint;
  volume: bigint;
}

function candleOf(symbol: string, row: CandleRow, period: CandlePeriod = '1d'): Candle {
  return {
    symbol,
    period,
    startMs: Number(row.bucket_start_ms),
    openPaise: row.open_paise,
    highPaise: row.high_paise,
    lowPaise: row.low_paise,
    closePaise: row.close_paise,
    volume: Number(row.volume),
  };
}

/**
 * Applies the symbol's corporate actions. A dividend's factor needs the close before its ex-date,
 * which may lie outside the page asked for, so the daily candle before each dividend is read and
 * given to the adjustment as a reference, then dropped from the reply.
 */
async function adjust(
  deps: AppDeps,
  symbol: string,
  stored: Candle[],
  mode: AdjustmentMode,
): Promise<Candle[]> {
  if (mode === 'none' || stored.length === 0) return stored;
  const actionRows = await deps.db
    .selectFrom('corporate_actions')
    .select(['kind', 'ex_date_ms', 'ratio_from', 'ratio_to', 'dividend_paise'])
    .where('symbol', '=', symbol)
    .orderBy('ex_date_ms')
    .execute();
  if (actionRows.length === 0) return stored;
  const actions: CorporateAction[] = actionRows.map((row) => ({
    symbol,
    exDateMs: Number(row.ex_date_ms),
    kind: row.kind,
    ratioFrom: row.ratio_from,
    ratioTo: row.ratio_to,
    ...(row.dividend_paise !== null ? { dividendPaise: row.dividend_paise } : {}),
  }));
  const references: Candle[] = [];
  for (const action of actions) {
    if (action.kind !== 'dividend') continue;
    const before = await deps.db
      .selectFrom('candles')
      .select(['bucket_start_ms', 'open_paise', 'high_paise', 'low_paise', 'close_paise', 'volume'])
      .where('symbol', '=', symbol)
      .where('period', '=', '1d')
      .where('bucket_start_ms', '<', BigInt(action.exDateMs))
      .orderBy('bucket_start_ms', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (before) references.push(candleOf(symbol, before));
  }
  // adjustCandles maps one to one and in order, so the references are the leading entries.
  return adjustCandles([...references, ...stored], actions, mode).slice(references.length);
}
