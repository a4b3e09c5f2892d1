import type { BodyOf, DataOf, listPositions, orderHistory, positionDetail } from '@nivesh/contract';
import { refuse } from '../../http/app-error.js';
import type { AppDeps, UserContext } from '../../http/context.js';
import { findPosition, toPositionRecord } from '../../repositories/position.repository.js';
import { type PositionView, toPositionView } from './position-view.js';

const DEFAULT_PAGE = 20;

type Page = DataOf<typeof listPositions>;

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
): Promise<Page> {
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

/** Every order of the investor in any state, newest first. */
export async function readOrderHistory(
  deps: AppDeps,
  context: UserContext,
  input: BodyOf<typeof orderHistory>,
): Promise<Page> {
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

/** One order or position of the investor with every field. */
export async function readPositionDetail(
  deps: AppDeps,
  context: UserContext,
  input: BodyOf<typeof positionDetail>,
): Promise<PositionView> {
  const position =
    (await findPosition(deps.db, BigInt(input.id), context.user.id)) ?? refuse('ORDER_NOT_FOUND');
  const instrument = await deps.db
    .selectFrom('instruments')
    .select('name')
    .where('symbol', '=', position.symbol)
    .executeTakeFirstOrThrow();
  const live = position.state === 'holding' ? await deps.prices.currentMany([position.symbol]) : new Map();
  return toPositionView(position, {
    name: instrument.name,
    livePricePaise: live.get(position.symbol)?.pricePaise,
    nowMs: context.nowMs,
  });
}

async function toPage(
  deps: AppDeps,
  rows: Array<Parameters<typeof toPositionRecord>[0] & { instrument_name: string }>,
  hasMore: boolean,
  nowMs: number,
): Promise<Page> {
  const holdings = rows.filter((row) => row.state === 'holding').map((row) => row.symbol);
  const prices = holdings.length > 0 ? await deps.prices.currentMany(holdings) : new Map();
  const items = rows.map((row) =>
    toPositionView(toPositionRecord(row), {
      name: row.instrument_name,
      livePricePaise: prices.get(row.symbol)?.pricePaise,
      nowMs,
    }),
  );
  return { items, nextCursor: hasMore && items.length > 0 ? items[items.length - 1]!.id : null };
}
