import { refuse } from '../../application/app-error.js';
import type { AppDeps } from '../../application/context.js';

/** A symbol as investors type it: trimmed and upper case. */
export const normalizeSymbol = (symbol: string): string => symbol.trim().toUpperCase();

/** The instrument row of a symbol, or the INSTRUMENT_NOT_FOUND refusal. */
export async function findInstrumentOrRefuse(deps: AppDeps, symbol: string) {
  const instrument = await deps.db
    .selectFrom('instruments')
    .selectAll()
    .where('symbol', '=', symbol)
    .executeTakeFirst();
  return instrument ?? refuse('INSTRUMENT_NOT_FOUND', { symbol });
}
