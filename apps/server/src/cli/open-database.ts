import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { connectDatabase, type DatabaseHandle, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

/**
 * The database the server uses, for a command-line tool: PostgreSQL when NIVESH_DATABASE_URL is set,
 * else the embedded (PGlite) one, which must not be open in the server at the same time.
 */
export async function openServerDatabase(): Promise<DatabaseHandle> {
  const config = loadConfig();
  if (config.databaseUrl) return connectDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
  if (existsSync(path.join(config.dataDir, 'postmaster.pid')))
    throw new Error(`The embedded database in ${config.dataDir} is open in another process (the server?).`);
  return connectDatabase({ dataDir: config.dataDir });
}

/** Brings `database` to the latest migration, runs `work` on it, and closes it whatever happens. */
export async function onMigratedDatabase<T>(
  database: DatabaseHandle,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  try {
    await migrateToLatest(database.db);
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/**
 * Runs a command-line tool: what `main` answers is the exit code; a throw prints
 * `<failure>: <message>` on stderr and exits with `failureCode`.
 */
export async function runCommand(
  failure: string,
  main: () => Promise<number>,
  failureCode = 1,
): Promise<void> {
  try {
    process.exitCode = await main();
  } catch (error) {
    process.stderr.write(`${failure}: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = failureCode;
  }
}
