import type { Db } from '../db/database.js';

export interface WatchlistView {
  id: string;
  name: string;
  symbols: string[];
}

/** A user's watchlists in order, each with its symbols in order. */
export async function findWatchlists(db: Db, userId: bigint): Promise<WatchlistView[]> {
  const lists = await db
    .selectFrom('watchlists')
    .select(['id', 'name'])
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  if (lists.length === 0) return [];
  const items = await db
    .selectFrom('watchlist_items')
    .select(['watchlist_id', 'symbol'])
    .where(
      'watchlist_id',
      'in',
      lists.map((list) => list.id),
    )
    .orderBy('position')
    .execute();
  return lists.map((list) => ({
    id: String(list.id),
    name: list.name,
    symbols: items.filter((item) => item.watchlist_id === list.id).map((item) => item.symbol),
  }));
}

/** Locks one of the user's watchlists for the transaction, or answers undefined when it is not theirs. */
export async function lockOwnWatchlist(db: Db, userId: bigint, listId: bigint) {
  return db
    .selectFrom('watchlists')
    .select(['id', 'name'])
    .where('id', '=', listId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}
