import { refuse } from '../../application/app-error.js';
import type { AppDeps } from '../../application/context.js';
import { findInstrumentBySymbol } from '../../repositories/instrument.repository.js';

/** A symbol as investors type it: trimmed and upper case. */
export const normalizeSymbol = (symbol: string): string => symbol.trim().toUpperCase();

/** The instrument row of a symbol, or the INSTRUMENT_NOT_FOUND refusal. */
export async function findInstrumentOrRefuse(deps: Pick<AppDeps, 'db'>, symbol: string) {
  return (await findInstrumentBySymbol(deps.db, symbol)) ?? refuse('INSTRUMENT_NOT_FOUND', { symbol });
}
