import type { Db } from '../db/database.js';

/** The text of one configuration entry (the console's Config page), or undefined while it is unset. */
export async function readConfigValue(db: Db, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('config_entries')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value;
}
