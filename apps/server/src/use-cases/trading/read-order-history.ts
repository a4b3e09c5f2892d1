import type { BodyOf, orderHistory } from '@nivesh/contract';
import type { AppDeps, UserContext } from '../../application/context.js';
import { DEFAULT_PAGE, type PositionPage, toPage } from './position-page.js';

/** Every order of the investor in any state, newest first. */
export async function readOrderHistory(
  deps: AppDeps,
  context: UserContext,
  input: BodyOf<typeof orderHistory>,
): Promise<PositionPage> {
  const limit = input.limit ?? DEFAULT_PAGE;
  let query = deps.db
    .selectFrom('positions')
    .innerJoin('instruments', 'instruments.symbol', 'positions.symbol')
    .selectAll('positions')
    .select('instruments.name as instrument_name')
    .where('positions.user_id', '=', context.user.id);
  if (input.symbol) query = query.where('positions.symbol', '=', input.symbol.trim().toUpperCase());
  if (input.cursor) query = query.where('positions.id', '<', BigInt(input.cursor));
  const rows = await query
    .orderBy('positions.id', 'desc')
    .limit(limit + 1)
    .execute();
  return toPage(deps, rows.slice(0, limit), rows.length > limit, context.nowMs);
}
