import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/** Runs every pending migration in order; throws with the failing migration's name on error. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db: db as unknown as Kysely<unknown>,
    provider: new StaticMigrationProvider(),
    // Numbers are reserved per feature and land in any order; each migration stands alone, so a
    // database that has a later number may still receive an earlier one that landed after it.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed?.migrationName ?? 'unknown';
    throw new Error(`migration ${name} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).map((result) => result.migrationName);
}
