import type { BodyOf, staffStrategyPositions } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps } from '../../application/context.js';
import { findFollowProduct } from '../../repositories/follow.repository.js';
import { toPositionRecord } from '../../repositories/position.repository.js';
import { type PositionView, toPositionView } from '../trading/position-view.js';

/** The strategy account's orders and positions, newest first, holdings valued at the live feed. */
export async function listStrategyPositions(
  deps: AppDeps,
  nowMs: number,
  input: BodyOf<typeof staffStrategyPositions>,
): Promise<{ items: PositionView[] }> {
  const product = (await findFollowProduct(deps.db, BigInt(input.id))) ?? refuse('PRODUCT_NOT_FOUND');
  const rows = await deps.db
    .selectFrom('positions')
    .leftJoin('instruments', 'instruments.symbol', 'positions.symbol')
    .selectAll('positions')
    .select('instruments.name as instrument_name')
    .where('positions.user_id', '=', product.strategyUserId)
    .orderBy('positions.id', 'desc')
    .limit(100)
    .execute();
  const live = await deps.prices.currentMany(rows.map((row) => row.symbol));
  return {
    items: rows.map((row) =>
      toPositionView(toPositionRecord(row), {
        name: row.instrument_name ?? row.symbol,
        livePricePaise: live.get(row.symbol)?.pricePaise,
        nowMs,
      }),
    ),
  };
}
