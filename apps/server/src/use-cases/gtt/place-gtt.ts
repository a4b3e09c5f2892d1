import { refuse } from '../../application/app-error.js';
import type { AppDeps, UserContext } from '../../application/context.js';
import {
  countActiveGtts,
  GTT_ACTIVE_PER_USER_MAX,
  type GttRecord,
  insertGtt,
} from '../../repositories/gtt.repository.js';
import { changeOwnGtt, gttMessageParams } from './gtt-acts.js';
import { type GttRequest, readGttTerms } from './gtt-terms.js';

/**
 * Places a GTT (docs/adr/0031): checks its terms (gtt-terms.ts), stores it active, audits the act and
 * tells the investor; the engine indexes its legs at once (gttChanges).
 */
export async function placeGtt(deps: AppDeps, context: UserContext, request: GttRequest): Promise<GttRecord> {
  const terms = await readGttTerms(deps, context, request);
  if ((await countActiveGtts(deps.db, context.user.id)) >= GTT_ACTIVE_PER_USER_MAX)
    refuse('GTT_ACTIVE_TOO_MANY', { max: GTT_ACTIVE_PER_USER_MAX });
  return changeOwnGtt(deps, context, 'user.gtt.created', async (trx) => {
    const after = await insertGtt(trx, { ...terms, userId: context.user.id, atMs: context.nowMs });
    return { before: null, after, message: { kind: 'GTT_CREATED', params: gttMessageParams(after) } };
  });
}
