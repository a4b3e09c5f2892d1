import type { blockList, DataOf } from '@nivesh/contract';
import { blockWindowAt, istDate } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import {
  type BlockReferenceRecord,
  findBlockEligibleInstruments,
  findLatestBlockReferences,
} from '../../repositories/block.repository.js';
import { readBlockRules } from './block-rules.js';
import { toInstrumentView, toRulesView, toWindowView } from './block-views.js';
import { fixBlockReferences } from './fix-block-references.js';

/**
 * The eligible list with each instrument's reference and band, the same for every investor (DESIGN
 * rule 1.2): while a window is open, the window's fixed reference (fixed now if nobody has yet);
 * while closed, the last window's reference, marked as not current.
 */
export async function readBlockList(deps: AppDeps, nowMs: number): Promise<DataOf<typeof blockList>> {
  const [{ parameters }, instruments] = await Promise.all([
    readBlockRules(deps.db),
    findBlockEligibleInstruments(deps.db),
  ]);
  const state = blockWindowAt(deps.calendar.current, parameters.hours, nowMs);
  const symbols = instruments.map((instrument) => instrument.symbol);
  const references: Map<string, BlockReferenceRecord> = state.open
    ? await fixBlockReferences(deps, state.window, instruments, nowMs)
    : await findLatestBlockReferences(deps.db, symbols);
  const quotes = await deps.prices.currentMany(symbols);
  const today = istDate(nowMs);
  return {
    window: toWindowView(state, nowMs),
    rules: toRulesView(parameters),
    items: instruments.map((instrument) =>
      toInstrumentView(instrument, {
        quote: quotes.get(instrument.symbol),
        reference: references.get(instrument.symbol),
        current: state.open,
        bandBps: parameters.bandBps,
        today,
      }),
    ),
  };
}
