import type { listPositions } from '@nivesh/contract';
import type { InvestorUseCase } from '../../application/context.js';
import { readPositionPage } from './position-page.js';

/**
 * The investor's positions for one of the spec's tabs, newest first, holdings valued at live prices:
 * - `pending`: equity orders waiting to fill;
 * - `holding` (in progress): open equity positions;
 * - `ended`: closed and cancelled, every instrument;
 * - `inventory`: delivery holdings: long, unlevered, not intraday equity positions (shares owned);
 * - `crypto_forex`: pending and open positions in crypto and FX pairs.
 */
export const listPositionsOfTab: InvestorUseCase<typeof listPositions> = async (deps, context, input) => {
  return readPositionPage(deps, context, input);
};
