import type { staffStrategyPositions as call } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffUseCase } from '../../application/context.js';
import { findFollowProduct } from '../../repositories/follow.repository.js';
import { findPositionsWithInstrumentName } from '../../repositories/position.repository.js';
import { type PositionView, toPositionView } from '../trading/position-view.js';

/** Positions listed at most: the newest ones. */
const POSITIONS_MAX = 100;

/** The strategy account's orders and positions, newest first, holdings valued at the live feed. */
export const listStrategyPositions: StaffUseCase<typeof call> = async (deps, { nowMs }, input) => {
  const product = (await findFollowProduct(deps.db, BigInt(input.id))) ?? refuse('PRODUCT_NOT_FOUND');
  return listNamedPositions(deps, { userId: product.strategyUserId }, nowMs);
};

/**
 * The newest positions of the strategy account or of one follow's mirrors as views, named after
 * their instrument (the symbol when unlisted), holdings valued at the live feed.
 */
export async function listNamedPositions(
  deps: AppDeps,
  owner: { userId: bigint } | { followId: bigint },
  nowMs: number,
): Promise<{ items: PositionView[] }> {
  const rows = await findPositionsWithInstrumentName(deps.db, owner, POSITIONS_MAX);
  const live = await deps.prices.currentMany(rows.map(({ position }) => position.symbol));
  return {
    items: rows.map(({ position, instrumentName }) =>
      toPositionView(position, {
        name: instrumentName ?? position.symbol,
        livePricePaise: live.get(position.symbol)?.pricePaise,
        nowMs,
      }),
    ),
  };
}
