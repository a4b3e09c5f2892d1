import type { BodyOf, blockOrders, DataOf } from '@nivesh/contract';
import type { AppDeps, UserContext } from '../../application/context.js';
import { keysetPage } from '../../repositories/paging.js';
import { blockTradesQuery } from './block-trade-query.js';
import { toBlockTradeView } from './block-views.js';

const DEFAULT_LIMIT = 20;

/** The investor's own block trades, newest first, paged by id. */
export async function listBlockOrders(
  deps: AppDeps,
  context: UserContext,
  input: BodyOf<typeof blockOrders>,
): Promise<DataOf<typeof blockOrders>> {
  const limit = input.limit ?? DEFAULT_LIMIT;
  let query = blockTradesQuery(deps.db)
    .where('block_trades.user_id', '=', context.user.id)
    .orderBy('block_trades.id', 'desc')
    .limit(limit + 1);
  if (input.cursor) query = query.where('block_trades.id', '<', BigInt(input.cursor));
  const rows = await query.execute();
  const { page, nextCursor } = keysetPage(rows, limit);
  return {
    items: page.map(toBlockTradeView),
    nextCursor,
  };
}
