import type { BodyOf, DataOf, readUserPositions as readUserPositionsCall } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps } from '../../application/context.js';
import { keysetPage } from '../../repositories/paging.js';
import { toPositionRecord } from '../../repositories/position.repository.js';
import { findUserById } from '../../repositories/user.repository.js';
import { toPositionView } from '../trading/position-view.js';

const DEFAULT_PAGE = 20;

/**
 * An investor's orders and positions for the console, exactly as the investor's app shows them
 * (`toPositionView`; holdings valued at the live feed price), newest first, paged by id.
 */
export async function readUserPositions(
  deps: AppDeps,
  nowMs: number,
  input: BodyOf<typeof readUserPositionsCall>,
): Promise<DataOf<typeof readUserPositionsCall>> {
  const userId = BigInt(input.userId);
  (await findUserById(deps.db, userId)) ?? refuse('ACCOUNT_NOT_FOUND');
  const limit = input.limit ?? DEFAULT_PAGE;
  let query = deps.db
    .selectFrom('positions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (input.state) query = query.where('state', '=', input.state);
  if (input.cursor) query = query.where('id', '<', BigInt(input.cursor));
  const rows = (await query.execute()).map(toPositionRecord);
  const { page, nextCursor } = keysetPage(rows, limit);
  const symbols = [...new Set(page.map((position) => position.symbol))];
  const held = [...new Set(page.filter((p) => p.state === 'holding').map((p) => p.symbol))];
  const [instruments, live] = await Promise.all([
    symbols.length === 0
      ? []
      : deps.db.selectFrom('instruments').select(['symbol', 'name']).where('symbol', 'in', symbols).execute(),
    held.length === 0 ? new Map() : deps.prices.currentMany(held),
  ]);
  const names = new Map(instruments.map((instrument) => [instrument.symbol, instrument.name]));
  return {
    items: page.map((position) =>
      toPositionView(position, {
        name: names.get(position.symbol) ?? position.symbol,
        livePricePaise: position.state === 'holding' ? live.get(position.symbol)?.pricePaise : undefined,
        nowMs,
      }),
    ),
    nextCursor,
  };
}
