import { formatPaise } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, UserContext } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import {
  countActiveGtts,
  GTT_ACTIVE_PER_USER_MAX,
  type GttRecord,
  insertGtt,
} from '../../repositories/gtt.repository.js';
import { publishMessage } from '../../repositories/message.repository.js';
import { recordGttChange } from './gtt-acts.js';
import { type GttRequest, readGttTerms } from './gtt-terms.js';

/**
 * Places a GTT (docs/adr/0031): checks its terms (gtt-terms.ts), stores it active, audits the act and
 * tells the investor; the engine indexes its legs at once (gttChanges).
 */
export async function placeGtt(deps: AppDeps, context: UserContext, request: GttRequest): Promise<GttRecord> {
  const terms = await readGttTerms(deps, context, request);
  if ((await countActiveGtts(deps.db, context.user.id)) >= GTT_ACTIVE_PER_USER_MAX)
    refuse('GTT_ACTIVE_TOO_MANY', { max: GTT_ACTIVE_PER_USER_MAX });
  const { gtt, message } = await inTransaction(deps.db, async (trx) => {
    const gtt = await insertGtt(trx, { ...terms, userId: context.user.id, atMs: context.nowMs });
    const message = await recordGttChange(trx, {
      actor: context,
      action: 'user.gtt.created',
      before: null,
      after: gtt,
      message: { kind: 'GTT_CREATED', params: gttMessageParams(gtt) },
      atMs: context.nowMs,
    });
    return { gtt, message };
  });
  publishMessage(deps.userEvents, message);
  deps.gttChanges.emit(gtt);
  return gtt;
}

export function gttMessageParams(gtt: GttRecord) {
  return { symbol: gtt.symbol, triggers: gtt.legs.map((leg) => formatPaise(leg.triggerPaise)).join(' / ') };
}
