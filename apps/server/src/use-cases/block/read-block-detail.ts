import type { BodyOf, blockDetail, DataOf } from '@nivesh/contract';
import { blockWindowAt, istDate } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps } from '../../application/context.js';
import {
  findLatestBlockReferences,
  isBlockEligible,
  readBlockParameters,
} from '../../repositories/block.repository.js';
import { readTradingParameters } from '../../repositories/trading-parameters.repository.js';
import { findInstrumentCached } from '../../trading/instrument-cache.js';
import { normalizeSymbol } from '../market/find-instrument.js';
import { toInstrumentView, toRulesView, toWindowView } from './block-views.js';
import { fixBlockReferences } from './fix-block-references.js';

/** One eligible instrument with its reference, band, the rules and the window state. */
export async function readBlockDetail(
  deps: AppDeps,
  nowMs: number,
  input: BodyOf<typeof blockDetail>,
): Promise<DataOf<typeof blockDetail>> {
  const symbol = normalizeSymbol(input.symbol);
  const instrument =
    (await findInstrumentCached(deps.db, symbol)) ?? refuse('INSTRUMENT_NOT_FOUND', { symbol });
  if (!isBlockEligible(instrument)) refuse('INSTRUMENT_NOT_TRADABLE', { symbol });
  const [parameters, trading] = await Promise.all([
    readBlockParameters(deps.db),
    readTradingParameters(deps.db),
  ]);
  const state = blockWindowAt(deps.calendar.current, parameters.hours, nowMs);
  const reference = state.open
    ? (await fixBlockReferences(deps, state.window, [instrument], nowMs)).get(symbol)
    : (await findLatestBlockReferences(deps.db, [symbol])).get(symbol);
  const quote = await deps.prices.current(symbol, nowMs);
  return {
    window: toWindowView(state, nowMs),
    rules: toRulesView(parameters, trading.feeBps),
    item: toInstrumentView(instrument, {
      quote,
      reference,
      current: state.open,
      bandBps: parameters.bandBps,
      today: istDate(nowMs),
    }),
  };
}
