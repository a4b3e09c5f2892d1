import { refuse } from '../../application/app-error.js';
import type { AppDeps, UserContext } from '../../application/context.js';
import { type GttRecord, updateGttTerms } from '../../repositories/gtt.repository.js';
import { changeOwnGtt, gttMessageParams, lockOwnActiveGtt } from './gtt-acts.js';
import { type GttRequest, readGttTerms } from './gtt-terms.js';

/**
 * Changes an active GTT's terms (Kite's modifyGTT; docs/adr/0031): the same checks as placing it,
 * against the last price now; the symbol is the GTT's. A GTT that fired, expired or was deleted is
 * refused.
 */
export async function modifyGtt(
  deps: AppDeps,
  context: UserContext,
  id: bigint,
  request: GttRequest,
): Promise<GttRecord> {
  const terms = await readGttTerms(deps, context, request);
  return changeOwnGtt(deps, context, 'user.gtt.modified', async (trx) => {
    const before = await lockOwnActiveGtt(trx, context, id);
    if (terms.symbol !== before.symbol)
      refuse('VALIDATION_FAILED', { field: 'tradingsymbol', reason: 'a GTT keeps its symbol' });
    const after = await updateGttTerms(trx, id, terms, context.nowMs);
    return { before, after, message: { kind: 'GTT_CREATED', params: gttMessageParams(after) } };
  });
}
