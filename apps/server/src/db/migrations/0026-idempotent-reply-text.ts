import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * An idempotent replay must send the very bytes of the first reply (docs/api.md, "Idempotency"). As
 * jsonb the stored reply came back with its keys reordered, so it is now kept as the text that was
 * sent. Replies stored before keep their jsonb text, which is still the same JSON value.
 */
export const idempotentReplyText: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [`ALTER TABLE idempotency_keys ALTER COLUMN reply TYPE text USING reply::text`]);
  },
};
