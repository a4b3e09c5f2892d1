import { canGttMoveTo } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, UserContext } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { type GttRecord, lockGtt, settleGtt } from '../../repositories/gtt.repository.js';
import { publishMessage } from '../../repositories/message.repository.js';
import { recordGttChange } from './gtt-acts.js';

/** Deletes (cancels) an active GTT: it places no order. Audited and told to the investor. */
export async function deleteGtt(deps: AppDeps, context: UserContext, id: bigint): Promise<GttRecord> {
  const { gtt, message } = await inTransaction(deps.db, async (trx) => {
    const before = await lockGtt(trx, id);
    if (!before || before.userId !== context.user.id) refuse('GTT_NOT_FOUND');
    if (!canGttMoveTo(before!.status, 'cancelled')) refuse('GTT_NOT_ACTIVE', { status: before!.status });
    const gtt = await settleGtt(trx, id, { status: 'cancelled', atMs: context.nowMs });
    const message = await recordGttChange(trx, {
      actor: context,
      action: 'user.gtt.deleted',
      before: before!,
      after: gtt,
      message: { kind: 'GTT_CANCELLED', params: { symbol: gtt.symbol } },
      atMs: context.nowMs,
    });
    return { gtt, message };
  });
  publishMessage(deps.userEvents, message);
  deps.gttChanges.emit(gtt);
  return gtt;
}
