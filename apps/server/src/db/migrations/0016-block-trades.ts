import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Block trades (docs/adr/0012-block-trades.md).
 *
 * `block_reference_prices` fixes each window's reference price once per trading date, window and
 * symbol: the first reader (an investor's call or the engine at the window's open) inserts it, and
 * the primary key makes every later reader see that same row, so two investors can never be shown
 * or filled at two references.
 *
 * `block_trades` records each block order: the position it became (origin 'block') and the
 * reference row it executed at. A block trade without its reference row cannot exist.
 */
export const blockTrades: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TABLE block_reference_prices (
        trading_date text NOT NULL CHECK (trading_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
        block_window text NOT NULL CHECK (block_window IN ('morning', 'afternoon')),
        symbol text NOT NULL REFERENCES instruments (symbol),
        reference_price_paise bigint NOT NULL CHECK (reference_price_paise > 0),
        basis text NOT NULL CHECK (basis IN ('previous_close', 'vwap', 'last_price')),
        vwap_volume bigint NOT NULL DEFAULT 0 CHECK (vwap_volume >= 0),
        source_at_ms bigint NOT NULL,
        fixed_at timestamptz NOT NULL,
        PRIMARY KEY (trading_date, block_window, symbol),
        CHECK ((basis = 'vwap') = (vwap_volume > 0))
      )`,
      `CREATE TABLE block_trades (
        id bigserial PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id),
        position_id bigint NOT NULL UNIQUE REFERENCES positions (id),
        side text NOT NULL CHECK (side IN ('buy')),
        symbol text NOT NULL,
        trading_date text NOT NULL,
        block_window text NOT NULL,
        quantity bigint NOT NULL CHECK (quantity >= 1),
        limit_price_paise bigint CHECK (limit_price_paise > 0),
        reference_price_paise bigint NOT NULL CHECK (reference_price_paise > 0),
        band_lower_paise bigint NOT NULL CHECK (band_lower_paise > 0),
        band_upper_paise bigint NOT NULL CHECK (band_upper_paise >= band_lower_paise),
        lock_days integer NOT NULL CHECK (lock_days >= 0),
        placed_at timestamptz NOT NULL,
        FOREIGN KEY (trading_date, block_window, symbol)
          REFERENCES block_reference_prices (trading_date, block_window, symbol),
        CHECK (reference_price_paise BETWEEN band_lower_paise AND band_upper_paise),
        CHECK (limit_price_paise IS NULL OR limit_price_paise BETWEEN band_lower_paise AND band_upper_paise)
      )`,
      'CREATE INDEX block_trades_user_idx ON block_trades (user_id, id DESC)',
      'CREATE INDEX block_trades_date_idx ON block_trades (trading_date, block_window)',
    ]);
  },
};
