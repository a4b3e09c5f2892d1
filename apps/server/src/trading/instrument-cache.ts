import type { Db } from '../db/database.js';
import { findAllInstruments, type InstrumentRow } from '../repositories/instrument.repository.js';
import { perDbCache } from '../repositories/per-db-cache.js';

export type { InstrumentRow } from '../repositories/instrument.repository.js';

const instruments = perDbCache<Map<string, InstrumentRow>>(5_000);

/**
 * Every instrument by symbol, from a copy at most 5 s old: an order needs the tick, band, leverages
 * and calendar of its instrument, and reading the row on every order and close would cost a query
 * each. Staff changes reach orders within seconds.
 */
export async function findInstrumentCached(
  db: Db,
  symbol: string,
  /**
   * The handle to read with when the copy is stale: inside a transaction pass it, since on PGlite
   * (one session) a read through the root handle waits for that transaction and never returns.
   */
  readWith: Db = db,
): Promise<InstrumentRow | undefined> {
  const bySymbol = await instruments.get(
    db,
    async () => {
      const rows = await findAllInstruments(readWith);
      return new Map(rows.map((row) => [row.symbol, row]));
    },
    readWith,
  );
  return bySymbol.get(symbol);
}

/** Drops the copy at once, when this process changed an instrument (an IPO created or listed). */
export function forgetInstrumentCache(db: Db): void {
  instruments.forget(db);
}
