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
import { type AdjustmentMode, adjustCandles, type Candle, istDateOf, istMidnightMs } from '@nivesh/market';
import { refuse } from '../../application/app-error.js';
import type { AppDeps } from '../../application/context.js';
import type { CandlePeriod } from '../../db/schema.js';
import { findLatestCandle, listCandles } from '../../repositories/candle.repository.js';
import { listCorporateActionsOf } from '../../repositories/corporate-action.repository.js';
import { findInstrumentOrRefuse, normalizeSymbol } from './find-instrument.js';
import { isShown } from './price-source.js';

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
  const realOnly = !isShown(deps, 'simulated');
  const stored = window ? await listCandles(deps.db, symbol, { ...window, realOnly }) : [];
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
      source: candle.source ?? 'simulated',
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
  const latest = await findLatestCandle(deps.db, symbol, '1m', input.before);
  if (!latest) return undefined;
  const dayStartMs = istMidnightMs(istDateOf(latest.startMs));
  return {
    period: '1m',
    fromMs: dayStartMs,
    beforeMs: Math.min(dayStartMs + DAY_MS, input.before ?? Number.MAX_SAFE_INTEGER),
    // A whole session (375 minutes) unless the caller asks for fewer.
    limit: input.limit ?? CANDLES_LIMIT_MAX,
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
  const actions = await listCorporateActionsOf(deps.db, symbol);
  if (actions.length === 0) return stored;
  const references: Candle[] = [];
  for (const action of actions) {
    if (action.kind !== 'dividend') continue;
    const before = await findLatestCandle(deps.db, symbol, '1d', action.exDateMs);
    if (before) references.push(before);
  }
  // adjustCandles maps one to one and in order, so the references are the leading entries.
  return adjustCandles([...references, ...stored], actions, mode).slice(references.length);
}
