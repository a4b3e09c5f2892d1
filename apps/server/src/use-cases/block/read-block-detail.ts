import type { BodyOf, blockDetail, DataOf } from '@nivesh/contract';
import { blockWindowAt, istDate } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { findLatestBlockReferences } from '../../repositories/block.repository.js';
import { readBlockRules, requireBlockInstrument } from './block-rules.js';
import { toInstrumentView, toRulesView, toWindowView } from './block-views.js';
import { fixBlockReferences } from './fix-block-references.js';

/** One eligible instrument with its reference, band, the rules and the window state. */
export async function readBlockDetail(
  deps: AppDeps,
  nowMs: number,
  input: BodyOf<typeof blockDetail>,
): Promise<DataOf<typeof blockDetail>> {
  const instrument = await requireBlockInstrument(deps.db, input.symbol);
  const symbol = instrument.symbol;
  const { parameters } = await readBlockRules(deps.db);
  const state = blockWindowAt(deps.calendar.current, parameters.hours, nowMs);
  const reference = state.open
    ? (await fixBlockReferences(deps, state.window, [instrument], nowMs)).get(symbol)
    : (await findLatestBlockReferences(deps.db, [symbol])).get(symbol);
  const quote = await deps.prices.current(symbol, nowMs);
  return {
    window: toWindowView(state, nowMs),
    rules: toRulesView(parameters),
    item: toInstrumentView(instrument, {
      quote,
      reference,
      current: state.open,
      bandBps: parameters.bandBps,
      today: istDate(nowMs),
    }),
  };
}
