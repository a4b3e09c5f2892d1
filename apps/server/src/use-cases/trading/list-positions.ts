import type { BodyOf, listPositions } from '@nivesh/contract';
import type { AppDeps, UserContext } from '../../application/context.js';
import { type PositionPage, readPositionPage } from './position-page.js';

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
  return readPositionPage(deps, context, input);
}
