import type { BodyOf, DataOf, kline } from '@nivesh/contract';
import { paiseToChartNumber } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps } from '../../application/context.js';
import type { CandlePeriod } from '../../db/schema.js';
import { listCandles } from '../../repositories/candle.repository.js';
import { findInstrumentOrRefuse, normalizeSymbol } from './find-instrument.js';

/** The spec's `kline_type` values: minutes as numbers, and day, week and month names. */
const PERIOD_BY_KLINE_TYPE: Record<string, CandlePeriod> = {
  '1': '1m',
  '5': '5m',
  '15': '15m',
  '30': '30m',
  D: '1d',
  day: '1d',
  W: '1w',
  week: '1w',
  M: '1M',
  month: '1M',
};
export const KLINE_POINTS = 100;

/**
 * `trade/kline`: the last 100 closes of a symbol as `{time, close}`, oldest first. Chart series are
 * display numbers (rupees), not money; the exact value stays in paise in the database.
 */
export async function readKline(deps: AppDeps, input: BodyOf<typeof kline>): Promise<DataOf<typeof kline>> {
  const period =
    PERIOD_BY_KLINE_TYPE[String(input.kline_type ?? '1')] ??
    refuse('PERIOD_UNKNOWN', { period: String(input.kline_type) });
  const symbol = normalizeSymbol(input.symbol);
  await findInstrumentOrRefuse(deps, symbol);
  const candles = await listCandles(deps.db, symbol, { period, limit: KLINE_POINTS });
  return candles.map((candle) => ({ time: candle.startMs, close: paiseToChartNumber(candle.closePaise) }));
}
