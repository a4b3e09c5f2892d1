import { canGttMoveTo } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, UserContext } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { type GttRecord, lockGtt, updateGttTerms } from '../../repositories/gtt.repository.js';
import { publishMessage } from '../../repositories/message.repository.js';
import { recordGttChange } from './gtt-acts.js';
import { type GttRequest, readGttTerms } from './gtt-terms.js';
import { gttMessageParams } from './place-gtt.js';

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
  const { gtt, message } = await inTransaction(deps.db, async (trx) => {
    const before = await lockGtt(trx, id);
    if (!before || before.userId !== context.user.id) refuse('GTT_NOT_FOUND');
    if (!canGttMoveTo(before!.status, 'cancelled')) refuse('GTT_NOT_ACTIVE', { status: before!.status });
    if (terms.symbol !== before!.symbol)
      refuse('VALIDATION_FAILED', { field: 'tradingsymbol', reason: 'a GTT keeps its symbol' });
    const gtt = await updateGttTerms(trx, id, terms, context.nowMs);
    const message = await recordGttChange(trx, {
      actor: context,
      action: 'user.gtt.modified',
      before: before!,
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
