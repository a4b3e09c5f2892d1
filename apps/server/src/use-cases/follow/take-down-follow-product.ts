import type { staffTakeDownFollowProduct as call } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import {
  findFollowProduct,
  lockFollowProduct,
  markFollowProductTakenDown,
} from '../../repositories/follow.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import { toStaffFollowProductView } from './follow-views.js';

/**
 * Staff take a product off the investors' list, with a reason: new investments are refused
 * ("product does not exist or was taken down"); follows in progress keep mirroring until the end
 * time, since their money is already in the strategy's trades. Taking down twice, or taking down an
 * ended product, answers "do not repeat the operation".
 */
export const takeDownFollowProduct: StaffUseCase<typeof call> = async (deps, context, input) => {
  const id = BigInt(input.id);
  await inTransaction(deps.db, async (trx) => {
    const product = (await lockFollowProduct(trx, id)) ?? refuse('PRODUCT_NOT_FOUND');
    if (product.state === 'ended' || product.takenDownAtMs !== null) {
      refuse('REPEATED_OPERATION', { state: 'listed' });
    }
    await markFollowProductTakenDown(trx, id, { atMs: context.nowMs, reason: input.reason });
    await auditStaffAct(trx, context, {
      action: 'follow.take_down',
      target: { type: 'follow_product', id },
      before: { takenDown: false },
      after: { takenDown: true },
      reason: input.reason,
    });
  });
  return toStaffFollowProductView(deps, (await findFollowProduct(deps.db, id))!, context.nowMs);
};
