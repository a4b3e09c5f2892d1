import type { Db } from '../db/database.js';

/** One of a user's watchlists with its symbols in order. */
export interface WatchlistRecord {
  id: bigint;
  name: string;
  symbols: string[];
}

/** A user's watchlists in order, each with its symbols in order. */
export async function findWatchlists(db: Db, userId: bigint): Promise<WatchlistRecord[]> {
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
    id: list.id,
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

/** Adds a list at a position; with `ifAbsent` a list of the same name already there is kept instead. */
export async function insertWatchlist(
  db: Db,
  input: { userId: bigint; name: string; position: number; ifAbsent?: boolean },
): Promise<bigint | undefined> {
  let query = db
    .insertInto('watchlists')
    .values({ user_id: input.userId, name: input.name, position: input.position });
  if (input.ifAbsent)
    query = query.onConflict((conflict) => conflict.columns(['user_id', 'name']).doNothing());
  const row = await query.returning('id').executeTakeFirst();
  return row?.id;
}

/** Deletes one of the user's lists (its items go with it); false when it is not theirs. */
export async function deleteOwnWatchlist(db: Db, userId: bigint, listId: bigint): Promise<boolean> {
  const deleted = await db
    .deleteFrom('watchlists')
    .where('id', '=', listId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** A list's symbols (in no particular order). */
export async function findWatchlistSymbols(db: Db, listId: bigint): Promise<string[]> {
  const rows = await db
    .selectFrom('watchlist_items')
    .select('symbol')
    .where('watchlist_id', '=', listId)
    .execute();
  return rows.map((row) => row.symbol);
}

export async function insertWatchlistItem(
  db: Db,
  input: { listId: bigint; symbol: string; position: number },
): Promise<void> {
  await db
    .insertInto('watchlist_items')
    .values({ watchlist_id: input.listId, symbol: input.symbol, position: input.position })
    .execute();
}

export async function deleteWatchlistItems(
  db: Db,
  listId: bigint,
  symbols: readonly string[],
): Promise<void> {
  await db
    .deleteFrom('watchlist_items')
    .where('watchlist_id', '=', listId)
    .where('symbol', 'in', symbols)
    .execute();
}

/** Puts a list's symbols in the given order. */
export async function setWatchlistOrder(db: Db, listId: bigint, symbols: readonly string[]): Promise<void> {
  for (const [position, symbol] of symbols.entries()) {
    await db
      .updateTable('watchlist_items')
      .set({ position })
      .where('watchlist_id', '=', listId)
      .where('symbol', '=', symbol)
      .execute();
  }
}
