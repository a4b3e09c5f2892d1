import type { BodyOf, blockOrders, DataOf } from '@nivesh/contract';
import type { AppDeps, UserContext } from '../../application/context.js';
import { listBlockTrades } from '../../repositories/block.repository.js';
import { readKeysetPage } from '../../repositories/paging.js';
import { toBlockTradeView } from './block-views.js';

const DEFAULT_LIMIT = 20;

/** The investor's own block trades, newest first, paged by id. */
export async function listBlockOrders(
  deps: AppDeps,
  context: UserContext,
  input: BodyOf<typeof blockOrders>,
): Promise<DataOf<typeof blockOrders>> {
  const { page, nextCursor } = await readKeysetPage(input, DEFAULT_LIMIT, ({ cursorId, limit }) =>
    listBlockTrades(deps.db, { userId: context.user.id, beforeId: cursorId, limit }),
  );
  return { items: page.map(toBlockTradeView), nextCursor };
}
