import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { connectDatabase, type DatabaseHandle } from '../db/database.js';

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
