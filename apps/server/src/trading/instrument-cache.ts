import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { InstrumentsTable } from '../db/schema.js';

export type InstrumentRow = Selectable<InstrumentsTable>;

const INSTRUMENT_CACHE_MS = 5_000;
const cache = new WeakMap<Db, { readAtMs: number; bySymbol: Map<string, InstrumentRow> }>();

/**
 * Every instrument by symbol, from a copy at most INSTRUMENT_CACHE_MS old (wall time: a cache, not a
 * rule): an order needs the tick, band, leverages and calendar of its instrument, and reading the row
 * on every order and close would cost a query each. Staff changes reach orders within seconds.
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
  const nowMs = performance.now();
  let entry = cache.get(db);
  if (!entry || nowMs - entry.readAtMs >= INSTRUMENT_CACHE_MS) {
    const rows = await readWith.selectFrom('instruments').selectAll().execute();
    entry = { readAtMs: nowMs, bySymbol: new Map(rows.map((row) => [row.symbol, row])) };
    cache.set(db, entry);
  }
  return entry.bySymbol.get(symbol);
}

/** Drops the copy at once, when this process changed an instrument (an IPO created or listed). */
export function forgetInstrumentCache(db: Db): void {
  cache.delete(db);
}
