import type { DataOf, listPositions } from '@nivesh/contract';
import type { AppDeps, UserContext } from '../../application/context.js';
import { lentUntilOf } from '../../repositories/lending.repository.js';
import {
  findPositionPage,
  type PositionTab,
  toPositionRecord,
} from '../../repositories/position.repository.js';
import { toPositionView } from './position-view.js';

export const DEFAULT_PAGE = 20;

export type PositionPage = DataOf<typeof listPositions>;

/**
 * A page of position rows (with their instrument's name) as views, holdings valued at live prices and
 * marked when lent out.
 */
export async function toPage(
  deps: AppDeps,
  rows: Array<Parameters<typeof toPositionRecord>[0] & { instrument_name: string }>,
  hasMore: boolean,
  nowMs: number,
): Promise<PositionPage> {
  const holdings = rows.filter((row) => row.state === 'holding');
  const symbols = holdings.map((row) => row.symbol);
  const [prices, lentUntil] = await Promise.all([
    symbols.length > 0 ? deps.prices.currentMany(symbols) : new Map(),
    lentUntilOf(
      deps.db,
      holdings.map((row) => row.id),
    ),
  ]);
  const items = rows.map((row) =>
    toPositionView(toPositionRecord(row), {
      name: row.instrument_name,
      livePricePaise: prices.get(row.symbol)?.pricePaise,
      nowMs,
      lentUntilMs: lentUntil.get(row.id),
    }),
  );
  return { items, nextCursor: hasMore && items.length > 0 ? items[items.length - 1]!.id : null };
}

/**
 * A page of the investor's positions, newest first: those of one tab, or every one (of one symbol
 * when given), from the cursor on.
 */
export async function readPositionPage(
  deps: AppDeps,
  context: UserContext,
  input: { tab?: PositionTab; symbol?: string; cursor?: string | undefined; limit?: number | undefined },
): Promise<PositionPage> {
  const limit = input.limit ?? DEFAULT_PAGE;
  const rows = await findPositionPage(deps.db, {
    userId: context.user.id,
    tab: input.tab,
    symbol: input.symbol,
    beforeId: input.cursor ? BigInt(input.cursor) : undefined,
    limit,
  });
  return toPage(deps, rows.slice(0, limit), rows.length > limit, context.nowMs);
}
