import type { BodyOf, DataOf, staffListBlockTrades } from '@nivesh/contract';
import type { AppDeps } from '../../application/context.js';
import { listBlockTrades } from '../../repositories/block.repository.js';
import { readKeysetPage } from '../../repositories/paging.js';
import { toBlockTradeView } from './block-views.js';

const DEFAULT_LIMIT = 50;

/** Every investor's block trades for the console, newest first (read-only: staff make no offers). */
export async function listBlockTradesForStaff(
  deps: AppDeps,
  input: BodyOf<typeof staffListBlockTrades>,
): Promise<DataOf<typeof staffListBlockTrades>> {
  const { page, nextCursor } = await readKeysetPage(input, DEFAULT_LIMIT, ({ cursorId, limit }) =>
    listBlockTrades(deps.db, { tradingDate: input.tradingDate || undefined, beforeId: cursorId, limit }),
  );
  return {
    items: page.map((row) => ({ ...toBlockTradeView(row), userId: String(row.user_id), phone: row.phone })),
    nextCursor,
  };
}
