import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Copy-trading (docs/adr/0014-copy-trading.md). A product follows a strategy account: a
 * users row of kind 'strategy' that staff trade through the ordinary order flow and that cannot sign
 * in. A follow is one investor's allocation to one product; an investor has at most one follow in
 * progress (so the one `follow_allocation` ledger account per user holds exactly that follow's
 * money). A mirrored position is an ordinary positions row of origin 'follow' linked to its follow
 * and to the strategy position it mirrors; `follow_mirrors` records, once per (strategy position,
 * follow), what the mirroring did, which makes the engine job idempotent.
 */
export const follow: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `ALTER TABLE users ADD COLUMN account_kind text NOT NULL DEFAULT 'investor'
        CHECK (account_kind IN ('investor', 'strategy'))`,
      `CREATE TABLE follow_products (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        name text NOT NULL CHECK (length(name) BETWEEN 2 AND 80),
        description text NOT NULL CHECK (length(description) <= 2000),
        strategy_user_id bigint NOT NULL UNIQUE REFERENCES users (id),
        currency text NOT NULL DEFAULT 'INR',
        fund_size_paise bigint NOT NULL CHECK (fund_size_paise > 0),
        min_investment_paise bigint NOT NULL CHECK (min_investment_paise > 0),
        copy_until timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        state text NOT NULL DEFAULT 'in_progress' CHECK (state IN ('in_progress', 'ended')),
        taken_down_at timestamptz,
        taken_down_reason text,
        ended_at timestamptz,
        end_reason text CHECK (end_reason IN ('end_time', 'staff')),
        created_by_staff_id bigint NOT NULL REFERENCES staff_users (id),
        created_at timestamptz NOT NULL,
        CONSTRAINT follow_products_copy_before_end CHECK (copy_until <= ends_at),
        CONSTRAINT follow_products_ended CHECK ((state = 'ended') = (ended_at IS NOT NULL AND end_reason IS NOT NULL)),
        CONSTRAINT follow_products_taken_down CHECK ((taken_down_at IS NULL) = (taken_down_reason IS NULL))
      )`,
      `CREATE INDEX follow_products_due_idx ON follow_products (ends_at) WHERE state = 'in_progress'`,
      `CREATE TABLE follows (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        product_id bigint NOT NULL REFERENCES follow_products (id),
        user_id bigint NOT NULL REFERENCES users (id),
        amount_paise bigint NOT NULL CHECK (amount_paise > 0),
        state text NOT NULL DEFAULT 'in_progress' CHECK (state IN ('in_progress', 'ended')),
        started_at timestamptz NOT NULL,
        ended_at timestamptz,
        returned_paise bigint CHECK (returned_paise >= 0),
        CONSTRAINT follows_ended CHECK ((state = 'ended') = (ended_at IS NOT NULL AND returned_paise IS NOT NULL))
      )`,
      // One follow in progress per investor: the follow_allocation account is then that follow's.
      `CREATE UNIQUE INDEX follows_one_in_progress ON follows (user_id) WHERE state = 'in_progress'`,
      `CREATE INDEX follows_product_idx ON follows (product_id, state)`,
      `ALTER TABLE positions ADD COLUMN follow_id bigint REFERENCES follows (id)`,
      `ALTER TABLE positions ADD COLUMN mirrors_position_id bigint REFERENCES positions (id)`,
      `ALTER TABLE positions ADD CONSTRAINT positions_follow_link
        CHECK ((origin = 'follow') = (follow_id IS NOT NULL AND mirrors_position_id IS NOT NULL))`,
      `CREATE INDEX positions_follow_idx ON positions (follow_id) WHERE follow_id IS NOT NULL`,
      `CREATE INDEX positions_mirrors_idx ON positions (mirrors_position_id) WHERE mirrors_position_id IS NOT NULL`,
      `CREATE TABLE follow_mirrors (
        strategy_position_id bigint NOT NULL REFERENCES positions (id),
        follow_id bigint NOT NULL REFERENCES follows (id),
        follower_position_id bigint UNIQUE REFERENCES positions (id),
        outcome text NOT NULL CHECK (outcome IN ('mirrored', 'skipped_zero_quantity', 'skipped_funds')),
        quantity bigint NOT NULL CHECK (quantity >= 0),
        created_at timestamptz NOT NULL,
        PRIMARY KEY (strategy_position_id, follow_id),
        CONSTRAINT follow_mirrors_position CHECK ((outcome = 'mirrored') = (follower_position_id IS NOT NULL))
      )`,
    ]);
  },
};
