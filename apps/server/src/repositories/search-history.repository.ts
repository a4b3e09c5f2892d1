import type { Db } from '../db/database.js';

/** The `search_history` table: the symbols an investor searched, newest first. */
export interface SearchedSymbol {
  symbol: string;
  name: string;
  searchedAtMs: number;
}

/** The investor's newest searched symbols with their names, at most `limit`. */
export async function listSearchHistory(db: Db, userId: bigint, limit: number): Promise<SearchedSymbol[]> {
  const rows = await db
    .selectFrom('search_history')
    .innerJoin('instruments', 'instruments.symbol', 'search_history.symbol')
    .select(['search_history.symbol', 'instruments.name', 'search_history.searched_at'])
    .where('search_history.user_id', '=', userId)
    .orderBy('search_history.searched_at', 'desc')
    .orderBy('search_history.symbol')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    symbol: row.symbol,
    name: row.name,
    searchedAtMs: new Date(row.searched_at).getTime(),
  }));
}

/** Records a search, moving the symbol to the top when it is already there. */
export async function upsertSearchedSymbol(
  db: Db,
  userId: bigint,
  symbol: string,
  atMs: number,
): Promise<void> {
  const searchedAt = new Date(atMs);
  await db
    .insertInto('search_history')
    .values({ user_id: userId, symbol, searched_at: searchedAt })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'symbol']).doUpdateSet({ searched_at: searchedAt }),
    )
    .execute();
}

/** Forgets all but the investor's `kept` newest searches. */
export async function trimSearchHistory(db: Db, userId: bigint, kept: number): Promise<void> {
  const newest = db
    .selectFrom('search_history')
    .select('symbol')
    .where('user_id', '=', userId)
    .orderBy('searched_at', 'desc')
    .orderBy('symbol')
    .limit(kept);
  await db
    .deleteFrom('search_history')
    .where('user_id', '=', userId)
    .where('symbol', 'not in', newest)
    .execute();
}

export async function deleteSearchHistory(db: Db, userId: bigint): Promise<void> {
  await db.deleteFrom('search_history').where('user_id', '=', userId).execute();
}
