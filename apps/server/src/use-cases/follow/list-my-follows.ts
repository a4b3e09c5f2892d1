import type { BodyOf, followPositions } from '@nivesh/contract';
import { invariant } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, UserContext } from '../../application/context.js';
import {
  type FollowProductRecord,
  findFollow,
  findFollowProduct,
  findFollowsOfUser,
} from '../../repositories/follow.repository.js';
import type { PositionView } from '../trading/position-view.js';
import { type FollowView, toFollowView } from './follow-views.js';
import { listNamedPositions } from './list-strategy-positions.js';

const LIST_LIMIT = 50;

/** The investor's follows, newest first: buy amount, daily and total profit at live prices, state. */
export async function listMyFollows(deps: AppDeps, context: UserContext): Promise<{ items: FollowView[] }> {
  const follows = await findFollowsOfUser(deps.db, context.user.id, LIST_LIMIT);
  const products = new Map<bigint, FollowProductRecord>();
  const items: FollowView[] = [];
  for (const follow of follows) {
    let product = products.get(follow.productId);
    if (!product) {
      product = await findFollowProduct(deps.db, follow.productId);
      invariant(product, `follow ${follow.id} has its product ${follow.productId}`);
      products.set(product.id, product);
    }
    items.push(await toFollowView(deps, follow, product, context.nowMs));
  }
  return { items };
}

/** The mirrored positions of one of the investor's own follows, newest first. */
export async function listFollowPositions(
  deps: AppDeps,
  context: UserContext,
  input: BodyOf<typeof followPositions>,
): Promise<{ items: PositionView[] }> {
  const follow = (await findFollow(deps.db, BigInt(input.id), context.user.id)) ?? refuse('ORDER_NOT_FOUND');
  return listNamedPositions(deps, { followId: follow.id }, context.nowMs);
}
