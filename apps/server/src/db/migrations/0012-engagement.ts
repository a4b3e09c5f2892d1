import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Daily check-in with staff-set rewards, and news per language (docs/api.md "Engagement").
 * A check-in row per user and IST day: the primary key makes a second check-in the same day
 * impossible, even when two arrive at once. A reward is claimed at most once per user (primary key),
 * and its money moves by a ledger entry keyed on the claim.
 */
export const engagement: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TABLE checkins (
        user_id bigint NOT NULL REFERENCES users (id),
        ist_day date NOT NULL,
        streak integer NOT NULL CHECK (streak >= 1),
        checked_in_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, ist_day)
      )`,
      `CREATE TABLE checkin_rewards (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        required_count integer NOT NULL UNIQUE CHECK (required_count >= 1),
        amount_paise bigint NOT NULL CHECK (amount_paise > 0),
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE TABLE checkin_claims (
        user_id bigint NOT NULL REFERENCES users (id),
        reward_id bigint NOT NULL REFERENCES checkin_rewards (id),
        claimed_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, reward_id)
      )`,
      `CREATE TABLE news (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        language text NOT NULL CHECK (language IN ('en', 'hi', 'zh')),
        title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
        cover_url text,
        body_html text NOT NULL,
        published_at timestamptz,
        created_by bigint NOT NULL REFERENCES staff_users (id),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        deleted_at timestamptz
      )`,
      `CREATE INDEX news_published_idx ON news (language, published_at DESC, id DESC)
        WHERE deleted_at IS NULL AND published_at IS NOT NULL`,
    ]);
  },
};
