import type { BodyOf, followProductDetail, staffListFollowProducts } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, UserContext } from '../../application/context.js';
import {
  findFollowProduct,
  toFollowProductRecord,
  toFollowRecord,
} from '../../repositories/follow.repository.js';
import {
  type FollowProductView,
  type FollowView,
  type StaffFollowProductView,
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
  const rows = await deps.db
    .selectFrom('follow_products')
    .selectAll()
    .where('state', '=', 'in_progress')
    .where('taken_down_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
  const items = [];
  for (const row of rows)
    items.push(await toFollowProductView(deps, toFollowProductRecord(row), context.nowMs));
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
  const row = await deps.db
    .selectFrom('follows')
    .selectAll()
    .where('product_id', '=', product.id)
    .where('user_id', '=', context.user.id)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row && product.takenDownAtMs !== null) refuse('PRODUCT_NOT_FOUND');
  return {
    product: await toFollowProductView(deps, product, context.nowMs),
    follow: row ? await toFollowView(deps, toFollowRecord(row), product, context.nowMs) : null,
  };
}

/** Every product for staff, newest first, optionally in one state. */
export async function listFollowProductsForStaff(
  deps: AppDeps,
  nowMs: number,
  input: BodyOf<typeof staffListFollowProducts>,
): Promise<{ items: StaffFollowProductView[] }> {
  let query = deps.db.selectFrom('follow_products').selectAll().orderBy('id', 'desc').limit(LIST_LIMIT);
  if (input.state) query = query.where('state', '=', input.state);
  const rows = await query.execute();
  const items = [];
  for (const row of rows) items.push(await toStaffFollowProductView(deps, toFollowProductRecord(row), nowMs));
  return { items };
}
