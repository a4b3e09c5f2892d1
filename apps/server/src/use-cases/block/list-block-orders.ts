import type { blockOrders } from '@nivesh/contract';
import type { InvestorUseCase } from '../../application/context.js';
import { listBlockTrades } from '../../repositories/block.repository.js';
import { readKeysetPage } from '../../repositories/paging.js';
import { toBlockTradeView } from './block-views.js';

const DEFAULT_LIMIT = 20;

/** The investor's own block trades, newest first, paged by id. */
export const listBlockOrders: InvestorUseCase<typeof blockOrders> = async (deps, context, input) => {
  const { page, nextCursor } = await readKeysetPage(input, DEFAULT_LIMIT, ({ cursorId, limit }) =>
    listBlockTrades(deps.db, { userId: context.user.id, beforeId: cursorId, limit }),
  );
  return { items: page.map(toBlockTradeView), nextCursor };
};
