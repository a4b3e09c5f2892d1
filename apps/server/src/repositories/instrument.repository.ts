import type { Db } from '../db/database.js';

// Securities lending (use-cases/lending): an instrument's switch onto the lending pool.

/** Whether the instrument's shorts draw on the lending pool; false for an unknown symbol. */
export async function isLendingEnabled(db: Db, symbol: string): Promise<boolean> {
  const row = await db
    .selectFrom('instruments')
    .select('lending_enabled')
    .where('symbol', '=', symbol)
    .executeTakeFirst();
  return row?.lending_enabled ?? false;
}

/** The instrument's kind and lending switch, its row locked for the rest of the transaction. */
export async function lockInstrumentLending(
  trx: Db,
  symbol: string,
): Promise<{ kind: 'equity' | 'index' | 'crypto' | 'forex'; lendingEnabled: boolean } | undefined> {
  const row = await trx
    .selectFrom('instruments')
    .select(['lending_enabled', 'kind'])
    .where('symbol', '=', symbol)
    .forUpdate()
    .executeTakeFirst();
  return row && { kind: row.kind, lendingEnabled: row.lending_enabled };
}

export async function setInstrumentLendingEnabled(trx: Db, symbol: string, enabled: boolean): Promise<void> {
  await trx
    .updateTable('instruments')
    .set({ lending_enabled: enabled })
    .where('symbol', '=', symbol)
    .execute();
}
