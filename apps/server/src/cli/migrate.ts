// `npm run db:migrate`: runs pending migrations on DATABASE_URL or the PGlite data folder.
import { mkdirSync } from 'node:fs';
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

const config = loadConfig();
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const database = await connectDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
});
try {
  const applied = await migrateToLatest(database.db);
  console.log(
    applied.length ? `Applied: ${applied.join(', ')}` : 'Nothing to migrate: the database is up to date.',
  );
} finally {
  await database.close();
}
