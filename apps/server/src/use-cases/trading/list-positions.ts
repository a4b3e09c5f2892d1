import type { BodyOf, listPositions } from '@nivesh/contract';
import type { AppDeps, UserContext } from '../../application/context.js';
import { findPositionPage } from '../../repositories/position.repository.js';
import { DEFAULT_PAGE, type PositionPage, toPage } from './position-page.js';

/**
 * The investor's positions for one of the spec's tabs, newest first, holdings valued at live prices:
 * - `pending`: equity orders waiting to fill;
 * - `holding` (in progress): open equity positions;
 * - `ended`: closed and cancelled, every instrument;
 * - `inventory`: delivery holdings: long, unlevered, not intraday equity positions (shares owned);
 * - `crypto_forex`: pending and open positions in crypto and FX pairs.
 */
export async function listPositionsOfTab(
  deps: AppDeps,
  context: UserContext,
  input: BodyOf<typeof listPositions>,
): Promise<PositionPage> {
  const limit = input.limit ?? DEFAULT_PAGE;
  const rows = await findPositionPage(deps.db, {
    userId: context.user.id,
    tab: input.tab,
    beforeId: input.cursor ? BigInt(input.cursor) : undefined,
    limit,
  });
  return toPage(deps, rows.slice(0, limit), rows.length > limit, context.nowMs);
}
