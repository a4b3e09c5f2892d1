import {
  type addSearchHistory,
  type DataOf,
  SEARCH_HISTORY_KEPT_MAX,
  SEARCH_HISTORY_SHOWN_MAX,
  type searchHistory,
} from '@nivesh/contract';
import type { AppDeps, InvestorUseCase, UserContext } from '../../application/context.js';
import {
  deleteSearchHistory,
  listSearchHistory as listSearchedSymbols,
  trimSearchHistory,
  upsertSearchedSymbol,
} from '../../repositories/search-history.repository.js';
import { findInstrumentOrRefuse, normalizeSymbol } from './find-instrument.js';

/** `favorite/searchHistory`: the investor's last 20 searched symbols, newest first. */
export async function listSearchHistory(
  deps: AppDeps,
  context: UserContext,
): Promise<DataOf<typeof searchHistory>> {
  const rows = await listSearchedSymbols(deps.db, context.user.id, SEARCH_HISTORY_SHOWN_MAX);
  return rows.map((row) => ({ symbol: row.symbol, name: row.name, searchedAt: row.searchedAtMs }));
}

/**
 * `favorite/addSearchHistory`: records a searched symbol, moving it to the top when it is already
 * there, and forgets all but the 50 newest so that the table cannot grow without bound.
 */
export const addToSearchHistory: InvestorUseCase<typeof addSearchHistory> = async (deps, context, input) => {
  const symbol = normalizeSymbol(input.symbol);
  await findInstrumentOrRefuse(deps, symbol);
  await deps.db.transaction().execute(async (trx) => {
    await upsertSearchedSymbol(trx, context.user.id, symbol, context.nowMs);
    await trimSearchHistory(trx, context.user.id, SEARCH_HISTORY_KEPT_MAX);
  });
  return null;
};

/** `favorite/clearSearchHistory`: forgets every searched symbol of the investor. */
export async function clearSearchHistory(deps: AppDeps, context: UserContext): Promise<null> {
  await deleteSearchHistory(deps.db, context.user.id);
  return null;
}
