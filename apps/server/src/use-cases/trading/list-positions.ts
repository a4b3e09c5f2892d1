import type { BodyOf, listPositions } from '@nivesh/contract';
import type { AppDeps, UserContext } from '../../application/context.js';
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
  let query = deps.db
    .selectFrom('positions')
    .innerJoin('instruments', 'instruments.symbol', 'positions.symbol')
    .selectAll('positions')
    .select('instruments.name as instrument_name')
    .where('positions.user_id', '=', context.user.id);
  const equity = ['equity'] as const;
  switch (input.tab) {
    case 'pending':
      query = query.where('positions.state', '=', 'pending').where('instruments.kind', 'in', equity);
      break;
    case 'holding':
      query = query.where('positions.state', '=', 'holding').where('instruments.kind', 'in', equity);
      break;
    case 'ended':
      query = query.where('positions.state', 'in', ['closed', 'cancelled']);
      break;
    case 'inventory':
      query = query
        .where('positions.state', '=', 'holding')
        .where('instruments.kind', 'in', equity)
        .where('positions.side', '=', 'long')
        .where('positions.leverage', '=', 1)
        .where('positions.intraday', '=', false);
      break;
    case 'crypto_forex':
      query = query
        .where('positions.state', 'in', ['pending', 'holding'])
        .where('instruments.kind', 'in', ['crypto', 'forex']);
      break;
  }
  if (input.cursor) query = query.where('positions.id', '<', BigInt(input.cursor));
  const rows = await query
    .orderBy('positions.id', 'desc')
    .limit(limit + 1)
    .execute();
  return toPage(deps, rows.slice(0, limit), rows.length > limit, context.nowMs);
}
