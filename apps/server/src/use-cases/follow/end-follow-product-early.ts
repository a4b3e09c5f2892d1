import type { staffEndFollowProduct as call } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import { findFollowProduct } from '../../repositories/follow.repository.js';
import { endFollowProduct } from './end-follow-product.js';
import { toStaffFollowProductView } from './follow-views.js';

/**
 * Staff end a product before its end time, with a reason: the same steps as the end time
 * (end-follow-product.ts), audited with the staff member. An ended product answers "do not repeat
 * the operation"; one whose symbols have no price yet answers PRICE_UNAVAILABLE and stays in progress.
 */
export const endFollowProductEarly: StaffUseCase<typeof call> = async (deps, context, input) => {
  const id = BigInt(input.id);
  const product = (await findFollowProduct(deps.db, id)) ?? refuse('PRODUCT_NOT_FOUND');
  if (product.state === 'ended') refuse('REPEATED_OPERATION', { state: 'in progress' });
  const outcome = await endFollowProduct(deps, {
    productId: id,
    endReason: 'staff',
    actor: { type: 'staff', id: context.staff.id },
    reason: input.reason,
    nowMs: context.nowMs,
    requestId: context.requestId,
    ip: context.ip,
  });
  if (outcome === 'already_ended') refuse('REPEATED_OPERATION', { state: 'in progress' });
  if (outcome === 'postponed') refuse('PRICE_UNAVAILABLE');
  return toStaffFollowProductView(deps, (await findFollowProduct(deps.db, id))!, context.nowMs);
};
