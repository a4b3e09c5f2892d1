import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db/database.js';
import type { InstrumentsTable } from '../db/schema.js';

// For new-share issues (use-cases/ipo): an issue's instrument is created with it and listed by it.

export async function isSymbolTaken(db: Db, symbol: string): Promise<boolean> {
  const row = await db
    .selectFrom('instruments')
    .select('symbol')
    .where('symbol', '=', symbol)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertInstrument(trx: Db, values: Insertable<InstrumentsTable>): Promise<void> {
  await trx.insertInto('instruments').values(values).execute();
}

export async function updateInstrument(
  trx: Db,
  symbol: string,
  changes: Updateable<InstrumentsTable>,
): Promise<void> {
  await trx.updateTable('instruments').set(changes).where('symbol', '=', symbol).execute();
}
