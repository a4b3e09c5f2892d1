import type { Db } from '../db/database.js';

// Trading: the stored feed prices the live prices and the engine leader fall back on.

/** A symbol's last stored price, as the feed's writer left it. */
export interface StoredPrice {
  symbol: string;
  pricePaise: bigint;
  previousClosePaise: bigint;
  /** When the tick that set this price happened, epoch ms. */
  tickAtMs: number;
  simulated: boolean;
}

function storedPriceQuery(db: Db) {
  return db
    .selectFrom('quotes')
    .select(['symbol', 'price_paise', 'previous_close_paise', 'tick_at_ms', 'simulated']);
}

function toStoredPrice(row: {
  symbol: string;
  price_paise: bigint;
  previous_close_paise: bigint;
  tick_at_ms: bigint;
  simulated: boolean;
}): StoredPrice {
  return {
    symbol: row.symbol,
    pricePaise: row.price_paise,
    previousClosePaise: row.previous_close_paise,
    tickAtMs: Number(row.tick_at_ms),
    simulated: row.simulated,
  };
}

/** The stored price of one symbol, if it ever ticked. */
export async function findStoredPrice(db: Db, symbol: string): Promise<StoredPrice | undefined> {
  const row = await storedPriceQuery(db).where('symbol', '=', symbol).executeTakeFirst();
  return row && toStoredPrice(row);
}

/** The stored prices of several symbols (those that ever ticked). */
export async function findStoredPrices(db: Db, symbols: readonly string[]): Promise<StoredPrice[]> {
  const rows = await storedPriceQuery(db).where('symbol', 'in', symbols).execute();
  return rows.map(toStoredPrice);
}

/** Every stored price whose tick is later than an instant: what another process's feed wrote since. */
export async function findPricesTickedAfter(db: Db, afterTickMs: number): Promise<StoredPrice[]> {
  const rows = await storedPriceQuery(db).where('tick_at_ms', '>', BigInt(afterTickMs)).execute();
  return rows.map(toStoredPrice);
}
