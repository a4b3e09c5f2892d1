import type { BodyOf, DataOf, staffListBlockTrades } from '@nivesh/contract';
import type { AppDeps } from '../../application/context.js';
import { keysetPage } from '../../repositories/paging.js';
import { blockTradesQuery } from './block-trade-query.js';
import { toBlockTradeView } from './block-views.js';

const DEFAULT_LIMIT = 50;

/** Every investor's block trades for the console, newest first (read-only: staff make no offers). */
export async function listBlockTradesForStaff(
  deps: AppDeps,
  input: BodyOf<typeof staffListBlockTrades>,
): Promise<DataOf<typeof staffListBlockTrades>> {
  const limit = input.limit ?? DEFAULT_LIMIT;
  let query = blockTradesQuery(deps.db)
    .innerJoin('users', 'users.id', 'block_trades.user_id')
    .select('users.phone as phone')
    .orderBy('block_trades.id', 'desc')
    .limit(limit + 1);
  if (input.tradingDate) query = query.where('block_trades.trading_date', '=', input.tradingDate);
  if (input.cursor) query = query.where('block_trades.id', '<', BigInt(input.cursor));
  const rows = await query.execute();
  const { page, nextCursor } = keysetPage(rows, limit);
  return {
    items: page.map((row) => ({ ...toBlockTradeView(row), userId: String(row.user_id), phone: row.phone })),
    nextCursor,
  };
}
