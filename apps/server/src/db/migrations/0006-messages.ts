import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Per-user notices (review outcomes, fills, stop-outs, loan and IPO events). A message stores its
 * kind and parameters, not text: it is rendered in the reader's language when read. The dedupe
 * key makes a notice from an idempotent action (an engine fill, a review) exist at most once.
 */
export const messages: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TABLE messages (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id),
        kind text NOT NULL,
        params jsonb NOT NULL DEFAULT '{}'::jsonb,
        dedupe_key text UNIQUE,
        created_at timestamptz NOT NULL,
        read_at timestamptz
      )`,
      `CREATE INDEX messages_user_idx ON messages (user_id, id DESC)`,
      `CREATE INDEX messages_unread_idx ON messages (user_id) WHERE read_at IS NULL`,
    ]);
  },
};
