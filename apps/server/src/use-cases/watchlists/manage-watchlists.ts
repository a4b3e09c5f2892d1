import type * as calls from '@nivesh/contract';
import { type BodyOf, WATCHLIST_SYMBOLS_MAX, WATCHLISTS_MAX } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { UserContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import {
  findWatchlists,
  lockOwnWatchlist,
  type WatchlistView,
} from '../../repositories/watchlist.repository.js';

const DEFAULT_LIST_NAME = 'Watchlist';

/** The investor's watchlists, creating the first one on first use so there is always one to add to. */
export async function listWatchlists(db: Db, context: UserContext): Promise<WatchlistView[]> {
  const lists = await findWatchlists(db, context.user.id);
  if (lists.length > 0) return lists;
  await db
    .insertInto('watchlists')
    .values({ user_id: context.user.id, name: DEFAULT_LIST_NAME, position: 0 })
    .onConflict((conflict) => conflict.columns(['user_id', 'name']).doNothing())
    .execute();
  return findWatchlists(db, context.user.id);
}

export async function createWatchlist(
  db: Db,
  context: UserContext,
  input: BodyOf<typeof calls.createWatchlist>,
) {
  const name = input.name.trim();
  if (name === '') refuse('FORM_INCOMPLETE');
  try {
    return await db.transaction().execute(async (trx) => {
      // Serialise a user's list changes so the count check holds under concurrent requests.
      await trx.selectFrom('users').select('id').where('id', '=', context.user.id).forUpdate().execute();
      const lists = await findWatchlists(trx, context.user.id);
      if (lists.length >= WATCHLISTS_MAX) refuse('WATCHLIST_LIMIT', { limit: WATCHLISTS_MAX });
      const row = await trx
        .insertInto('watchlists')
        .values({ user_id: context.user.id, name, position: lists.length })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: String(row.id), name, symbols: [] };
    });
  } catch (error) {
    if (isUniqueViolation(error)) refuse('REPEATED_OPERATION', { state: 'new' });
    throw error;
  }
}

export async function deleteWatchlist(
  db: Db,
  context: UserContext,
  input: BodyOf<typeof calls.deleteWatchlist>,
) {
  const deleted = await db
    .deleteFrom('watchlists')
    .where('id', '=', BigInt(input.listId))
    .where('user_id', '=', context.user.id)
    .executeTakeFirst();
  if (deleted.numDeletedRows === 0n) refuse('ORDER_NOT_FOUND');
  return null;
}

export async function addToWatchlist(
  db: Db,
  context: UserContext,
  input: BodyOf<typeof calls.addToWatchlist>,
) {
  const symbol = input.symbol.toUpperCase();
  const instrument = await db
    .selectFrom('instruments')
    .select('symbol')
    .where('symbol', '=', symbol)
    .executeTakeFirst();
  if (!instrument) refuse('INSTRUMENT_NOT_FOUND', { symbol });
  const listId = input.listId ? BigInt(input.listId) : BigInt((await listWatchlists(db, context))[0]!.id);
  await db.transaction().execute(async (trx) => {
    (await lockOwnWatchlist(trx, context.user.id, listId)) ?? refuse('ORDER_NOT_FOUND');
    const items = await trx
      .selectFrom('watchlist_items')
      .select('symbol')
      .where('watchlist_id', '=', listId)
      .execute();
    if (items.some((item) => item.symbol === symbol)) return;
    if (items.length >= WATCHLIST_SYMBOLS_MAX) refuse('WATCHLIST_LIMIT', { limit: WATCHLIST_SYMBOLS_MAX });
    await trx
      .insertInto('watchlist_items')
      .values({ watchlist_id: listId, symbol, position: items.length })
      .execute();
  });
  return watchlistById(db, context, listId);
}

export async function removeFromWatchlist(
  db: Db,
  context: UserContext,
  input: BodyOf<typeof calls.removeFromWatchlist>,
) {
  const listId = BigInt(input.listId);
  await db.transaction().execute(async (trx) => {
    (await lockOwnWatchlist(trx, context.user.id, listId)) ?? refuse('ORDER_NOT_FOUND');
    await trx
      .deleteFrom('watchlist_items')
      .where('watchlist_id', '=', listId)
      .where(
        'symbol',
        'in',
        input.symbols.map((symbol) => symbol.toUpperCase()),
      )
      .execute();
  });
  return watchlistById(db, context, listId);
}

export async function reorderWatchlist(
  db: Db,
  context: UserContext,
  input: BodyOf<typeof calls.reorderWatchlist>,
) {
  const listId = BigInt(input.listId);
  const wanted = input.symbols.map((symbol) => symbol.toUpperCase());
  await db.transaction().execute(async (trx) => {
    (await lockOwnWatchlist(trx, context.user.id, listId)) ?? refuse('ORDER_NOT_FOUND');
    const current = (
      await trx.selectFrom('watchlist_items').select('symbol').where('watchlist_id', '=', listId).execute()
    ).map((item) => item.symbol);
    const sameSet =
      wanted.length === current.length &&
      new Set(wanted).size === wanted.length &&
      wanted.every((symbol) => current.includes(symbol));
    if (!sameSet)
      refuse('VALIDATION_FAILED', {
        field: 'symbols',
        reason: 'must list the watchlist’s symbols, each once',
      });
    for (const [position, symbol] of wanted.entries()) {
      await trx
        .updateTable('watchlist_items')
        .set({ position })
        .where('watchlist_id', '=', listId)
        .where('symbol', '=', symbol)
        .execute();
    }
  });
  return watchlistById(db, context, listId);
}

async function watchlistById(db: Db, context: UserContext, listId: bigint): Promise<WatchlistView> {
  const lists = await findWatchlists(db, context.user.id);
  return lists.find((list) => list.id === String(listId)) ?? refuse('ORDER_NOT_FOUND');
}
