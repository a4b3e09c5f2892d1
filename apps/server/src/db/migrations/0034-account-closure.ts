import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Account closure with retention (docs/adr/0024-openapi-suites-and-account-closure.md): when an
 * investor closed the account, and when its personal data was removed after the retention periods.
 * Financial records are never touched.
 */
export const accountClosure: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `ALTER TABLE users ADD COLUMN closed_at timestamptz`,
      `ALTER TABLE users ADD COLUMN personal_data_purged_at timestamptz`,
      `CREATE INDEX users_closed_not_purged_idx ON users (closed_at)
        WHERE closed_at IS NOT NULL AND personal_data_purged_at IS NULL`,
    ]);
  },
};
