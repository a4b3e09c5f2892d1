import type { BodyOf, staffListFollowProducts as call, followProductDetail } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffUseCase, UserContext } from '../../application/context.js';
import {
  findFollowProduct,
  findFollowProducts,
  findLatestFollowOfProduct,
} from '../../repositories/follow.repository.js';
import {
  type FollowProductView,
  type FollowView,
  toFollowProductView,
  toFollowView,
  toStaffFollowProductView,
} from './follow-views.js';

const LIST_LIMIT = 50;

/** The products open to investors: in progress and not taken down, newest first. */
export async function listOpenFollowProducts(
  deps: AppDeps,
  context: UserContext,
): Promise<{ items: FollowProductView[] }> {
  const products = await findFollowProducts(deps.db, {
    state: 'in_progress',
    listedOnly: true,
    limit: LIST_LIMIT,
  });
  const items = [];
  for (const product of products) items.push(await toFollowProductView(deps, product, context.nowMs));
  return { items };
}

/**
 * One product and the investor's newest follow of it. A product taken down stays readable by its
 * followers; to anyone else it does not exist.
 */
export async function readFollowProduct(
  deps: AppDeps,
  context: UserContext,
  input: BodyOf<typeof followProductDetail>,
): Promise<{ product: FollowProductView; follow: FollowView | null }> {
  const product = (await findFollowProduct(deps.db, BigInt(input.id))) ?? refuse('PRODUCT_NOT_FOUND');
  const follow = await findLatestFollowOfProduct(deps.db, product.id, context.user.id);
  if (!follow && product.takenDownAtMs !== null) refuse('PRODUCT_NOT_FOUND');
  return {
    product: await toFollowProductView(deps, product, context.nowMs),
    follow: follow ? await toFollowView(deps, follow, product, context.nowMs) : null,
  };
}

/** Every product for staff, newest first, optionally in one state. */
export const listFollowProductsForStaff: StaffUseCase<typeof call> = async (deps, { nowMs }, input) => {
  const products = await findFollowProducts(deps.db, { state: input.state, limit: LIST_LIMIT });
  const items = [];
  for (const product of products) items.push(await toStaffFollowProductView(deps, product, nowMs));
  return { items };
};
