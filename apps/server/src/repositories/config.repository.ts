import type { Db } from '../db/database.js';

export async function findConfigValue(db: Db, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('config_entries')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value;
}
