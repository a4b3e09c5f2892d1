import type { AppDeps, UserContext } from '../../application/context.js';
import { type GttRecord, settleGtt } from '../../repositories/gtt.repository.js';
import { changeOwnGtt, lockOwnActiveGtt } from './gtt-acts.js';

/** Deletes (cancels) an active GTT: it places no order. Audited and told to the investor. */
export async function deleteGtt(deps: AppDeps, context: UserContext, id: bigint): Promise<GttRecord> {
  return changeOwnGtt(deps, context, 'user.gtt.deleted', async (trx) => {
    const before = await lockOwnActiveGtt(trx, context, id);
    const after = await settleGtt(trx, id, { status: 'cancelled', atMs: context.nowMs });
    return { before, after, message: { kind: 'GTT_CANCELLED', params: { symbol: after.symbol } } };
  });
}
