import type { BodyOf, followPositions } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, UserContext } from '../../application/context.js';
import { toFollowProductRecord, toFollowRecord } from '../../repositories/follow.repository.js';
import { toPositionRecord } from '../../repositories/position.repository.js';
import { type PositionView, toPositionView } from '../trading/position-view.js';
import { type FollowView, toFollowView } from './follow-views.js';

const LIST_LIMIT = 50;

/** The investor's follows, newest first: buy amount, daily and total profit at live prices, state. */
export async function listMyFollows(deps: AppDeps, context: UserContext): Promise<{ items: FollowView[] }> {
  const rows = await deps.db
    .selectFrom('follows')
    .selectAll()
    .where('user_id', '=', context.user.id)
    .orderBy('id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
  const products = new Map<bigint, ReturnType<typeof toFollowProductRecord>>();
  const items: FollowView[] = [];
  for (const row of rows) {
    let product = products.get(row.product_id);
    if (!product) {
      product = toFollowProductRecord(
        await deps.db
          .selectFrom('follow_products')
          .selectAll()
          .where('id', '=', row.product_id)
          .executeTakeFirstOrThrow(),
      );
      products.set(product.id, product);
    }
    items.push(await toFollowView(deps, toFollowRecord(row), product, context.nowMs));
  }
  return { items };
}

/** The mirrored positions of one of the investor's own follows, newest first. */
export async function listFollowPositions(
  deps: AppDeps,
  context: UserContext,
  input: BodyOf<typeof followPositions>,
): Promise<{ items: PositionView[] }> {
  const follow = await deps.db
    .selectFrom('follows')
    .select('id')
    .where('id', '=', BigInt(input.id))
    .where('user_id', '=', context.user.id)
    .executeTakeFirst();
  if (!follow) refuse('ORDER_NOT_FOUND');
  const rows = await deps.db
    .selectFrom('positions')
    .leftJoin('instruments', 'instruments.symbol', 'positions.symbol')
    .selectAll('positions')
    .select('instruments.name as instrument_name')
    .where('positions.follow_id', '=', follow!.id)
    .orderBy('positions.id', 'desc')
    .limit(100)
    .execute();
  const live = await deps.prices.currentMany(rows.map((row) => row.symbol));
  return {
    items: rows.map((row) =>
      toPositionView(toPositionRecord(row), {
        name: row.instrument_name ?? row.symbol,
        livePricePaise: live.get(row.symbol)?.pricePaise,
        nowMs: context.nowMs,
      }),
    ),
  };
}
