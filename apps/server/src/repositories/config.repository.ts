import type { Db } from '../db/database.js';
import { findRow, lockRow } from './row-lookups.js';

/** The `config_entries` table: named texts staff keep (title, logo, agreements, the feed's mode). */
export interface ConfigEntry {
  name: string;
  value: string;
  updatedAtMs: number;
}

export async function listConfigEntries(db: Db): Promise<ConfigEntry[]> {
  const rows = await db.selectFrom('config_entries').select(['name', 'value', 'updated_at']).execute();
  return rows.map((row) => ({ name: row.name, value: row.value, updatedAtMs: row.updated_at.getTime() }));
}

/** The public entries (the ones `common/config` serves), by name. */
export async function listPublicConfig(db: Db): Promise<{ name: string; value: string }[]> {
  return db
    .selectFrom('config_entries')
    .select(['name', 'value'])
    .where('is_public', '=', true)
    .orderBy('name')
    .execute();
}

export async function findConfigValue(db: Db, name: string): Promise<string | undefined> {
  return (await findRow(db, 'config_entries', { name }))?.value;
}

/** An entry's value, its row locked until the transaction ends. */
export async function lockConfigValue(trx: Db, name: string): Promise<string | undefined> {
  return (await lockRow(trx, 'config_entries', { name }))?.value;
}

/**
 * Stores an entry's value. `isPublic` applies when the entry is new (absent: the table's default);
 * a stored entry keeps its visibility.
 */
export async function upsertConfigEntry(
  db: Db,
  entry: { name: string; value: string; atMs: number; isPublic?: boolean },
): Promise<void> {
  const at = new Date(entry.atMs);
  await db
    .insertInto('config_entries')
    .values({
      name: entry.name,
      value: entry.value,
      ...(entry.isPublic === undefined ? {} : { is_public: entry.isPublic }),
      updated_at: at,
    })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ value: entry.value, updated_at: at }))
    .execute();
}
