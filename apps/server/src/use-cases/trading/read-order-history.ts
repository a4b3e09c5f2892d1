import type { BodyOf, orderHistory } from '@nivesh/contract';
import type { AppDeps, UserContext } from '../../application/context.js';
import { findPositionPage } from '../../repositories/position.repository.js';
import { DEFAULT_PAGE, type PositionPage, toPage } from './position-page.js';

/** Every order of the investor in any state, newest first. */
export async function readOrderHistory(
  deps: AppDeps,
  context: UserContext,
  input: BodyOf<typeof orderHistory>,
): Promise<PositionPage> {
  const limit = input.limit ?? DEFAULT_PAGE;
  const rows = await findPositionPage(deps.db, {
    userId: context.user.id,
    symbol: input.symbol ? input.symbol.trim().toUpperCase() : undefined,
    beforeId: input.cursor ? BigInt(input.cursor) : undefined,
    limit,
  });
  return toPage(deps, rows.slice(0, limit), rows.length > limit, context.nowMs);
}
