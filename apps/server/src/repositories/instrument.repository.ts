import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { InstrumentsTable } from '../db/schema.js';

// Trading: the instruments an order, a close and a position view read.

export type InstrumentRow = Selectable<InstrumentsTable>;

/** Every instrument (the trading instrument cache keeps them by symbol). */
export function findAllInstruments(db: Db): Promise<InstrumentRow[]> {
  return db.selectFrom('instruments').selectAll().execute();
}

/** An instrument's display name, or undefined when no instrument has the symbol. */
export async function findInstrumentName(db: Db, symbol: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('instruments')
    .select('name')
    .where('symbol', '=', symbol)
    .executeTakeFirst();
  return row?.name;
}
