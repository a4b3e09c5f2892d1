import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/** Watchlists (several named lists per investor), search history and corporate actions. */
export const watchlists: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TABLE watchlists (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
        position integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, name)
      )`,
      `CREATE TABLE watchlist_items (
        watchlist_id bigint NOT NULL REFERENCES watchlists (id) ON DELETE CASCADE,
        symbol text NOT NULL REFERENCES instruments (symbol),
        position integer NOT NULL,
        added_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (watchlist_id, symbol)
      )`,
      `CREATE TABLE search_history (
        user_id bigint NOT NULL REFERENCES users (id),
        symbol text NOT NULL REFERENCES instruments (symbol),
        searched_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, symbol)
      )`,
      `CREATE INDEX search_history_recent_idx ON search_history (user_id, searched_at DESC)`,
      `CREATE TABLE corporate_actions (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        symbol text NOT NULL REFERENCES instruments (symbol),
        kind text NOT NULL CHECK (kind IN ('split', 'bonus', 'dividend')),
        ex_date_ms bigint NOT NULL,
        ratio_from integer NOT NULL DEFAULT 1 CHECK (ratio_from > 0),
        ratio_to integer NOT NULL DEFAULT 1 CHECK (ratio_to > 0),
        dividend_paise bigint CHECK (dividend_paise IS NULL OR dividend_paise > 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX corporate_actions_symbol_idx ON corporate_actions (symbol, ex_date_ms)`,
    ]);
  },
};
