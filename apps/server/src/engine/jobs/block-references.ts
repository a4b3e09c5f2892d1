import { blockWindowAt } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import {
  type BlockParameters,
  findBlockEligibleInstruments,
  readBlockParameters,
} from '../../repositories/block.repository.js';
import { perDbCache } from '../../repositories/per-db-cache.js';
import { fixBlockReferences } from '../../use-cases/block/fix-block-references.js';
import { ENGINE_ACTOR } from '../../use-cases/trading/engine-support.js';

/** The last window this process fixed, per database: `YYYY-MM-DD:morning`. */
const doneFor = new WeakMap<object, string>();
/** The engine runs due work on every sweep (each second): the parameters are re-read at most every 5 s. */
const parametersCache = perDbCache<BlockParameters>(5_000);

function blockParametersCached(deps: AppDeps): Promise<BlockParameters> {
  return parametersCache.get(deps.db, () => readBlockParameters(deps.db));
}

/**
 * At a block window's open, the engine fixes every eligible instrument's reference price for the
 * window, so the list shows them at once and the first investor's call does not pay for it.
 * Investors' calls fix them lazily too (fixBlockReferences keeps the first stored row), so this job
 * is a convenience, not a condition: it is idempotent, runs once per window per leader, and a
 * failure only leaves the lazy path to do the work. Audited with the system as actor.
 */
export async function fixBlockReferencesDue(deps: AppDeps): Promise<void> {
  const nowMs = deps.clock.now();
  const parameters = await blockParametersCached(deps);
  const state = blockWindowAt(deps.calendar.current, parameters.hours, nowMs);
  if (!state.open) return;
  const key = `${state.window.date}:${state.window.name}`;
  if (doneFor.get(deps.db) === key) return;
  doneFor.set(deps.db, key);
  try {
    const instruments = await findBlockEligibleInstruments(deps.db);
    const references = await fixBlockReferences(deps, state.window, instruments, nowMs);
    await appendAudit(deps.db, {
      actor: ENGINE_ACTOR,
      action: 'block.references_fixed',
      target: { type: 'block_window', id: key },
      after: { fixed: references.size, eligible: instruments.length },
    });
  } catch (error) {
    doneFor.delete(deps.db);
    throw error;
  }
}
