import {
  type addSearchHistory,
  type BodyOf,
  type DataOf,
  SEARCH_HISTORY_KEPT_MAX,
  SEARCH_HISTORY_SHOWN_MAX,
  type searchHistory,
} from '@nivesh/contract';
import type { AppDeps, UserContext } from '../../application/context.js';
import { findInstrumentOrRefuse, normalizeSymbol } from './find-instrument.js';

/** `favorite/searchHistory`: the investor's last 20 searched symbols, newest first. */
export async function listSearchHistory(
  deps: AppDeps,
  context: UserContext,
): Promise<DataOf<typeof searchHistory>> {
  const rows = await deps.db
    .selectFrom('search_history')
    .innerJoin('instruments', 'instruments.symbol', 'search_history.symbol')
    .select(['search_history.symbol', 'instruments.name', 'search_history.searched_at'])
    .where('search_history.user_id', '=', context.user.id)
    .orderBy('search_history.searched_at', 'desc')
    .orderBy('search_history.symbol')
    .limit(SEARCH_HISTORY_SHOWN_MAX)
    .execute();
  return rows.map((row) => ({
    symbol: row.symbol,
    name: row.name,
    searchedAt: new Date(row.searched_at).getTime(),
  }));
}

/**
 * `favorite/addSearchHistory`: records a searched symbol, moving it to the top when it is already
 * there, and forgets all but the 50 newest so that the table cannot grow without bound.
 */
export async function addToSearchHistory(
  deps: AppDeps,
  context: UserContext,
  input: BodyOf<typeof addSearchHistory>,
): Promise<null> {
  const symbol = normalizeSymbol(input.symbol);
  await findInstrumentOrRefuse(deps, symbol);
  const searchedAt = new Date(context.nowMs);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('search_history')
      .values({ user_id: context.user.id, symbol, searched_at: searchedAt })
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'symbol']).doUpdateSet({ searched_at: searchedAt }),
      )
      .execute();
    const kept = trx
      .selectFrom('search_history')
      .select('symbol')
      .where('user_id', '=', context.user.id)
      .orderBy('searched_at', 'desc')
      .orderBy('symbol')
      .limit(SEARCH_HISTORY_KEPT_MAX);
    await trx
      .deleteFrom('search_history')
      .where('user_id', '=', context.user.id)
      .where('symbol', 'not in', kept)
      .execute();
  });
  return null;
}

/** `favorite/clearSearchHistory`: forgets every searched symbol of the investor. */
export async function clearSearchHistory(deps: AppDeps, context: UserContext): Promise<null> {
  await deps.db.deleteFrom('search_history').where('user_id', '=', context.user.id).execute();
  return null;
}
