import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Orders and positions (DESIGN §5). One row is one order and the position it becomes:
 * pending → holding → closed, or pending → cancelled. Money is in paise; the ledger entries that move
 * it carry the row's id in their keys (`order:<id>:hold`, `order:<id>:open`, `order:<id>:cancel`,
 * `position:<id>:close`). `synced_at` is the database's clock at each change: the engine leader
 * re-reads rows changed since its last read to follow orders placed through other processes.
 *
 * Also: day-trading applications with their review, and the trading parameters' default rows.
 */
export const trading: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TABLE positions (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id),
        symbol text NOT NULL REFERENCES instruments (symbol),
        currency text NOT NULL DEFAULT 'INR',
        side text NOT NULL CHECK (side IN ('long', 'short')),
        order_type text NOT NULL CHECK (order_type IN ('market', 'limit', 'sl', 'sl-m')),
        intraday boolean NOT NULL DEFAULT false,
        leverage integer NOT NULL CHECK (leverage >= 1),
        quantity bigint NOT NULL CHECK (quantity >= 1),
        limit_price_paise bigint CHECK (limit_price_paise > 0),
        trigger_price_paise bigint CHECK (trigger_price_paise > 0),
        triggered boolean NOT NULL DEFAULT false,
        state text NOT NULL CHECK (state IN ('pending', 'holding', 'closed', 'cancelled')),
        placed_at timestamptz NOT NULL,
        placed_price_paise bigint NOT NULL CHECK (placed_price_paise > 0),
        held_paise bigint NOT NULL DEFAULT 0 CHECK (held_paise >= 0),
        entry_price_paise bigint CHECK (entry_price_paise > 0),
        entry_tick_at timestamptz,
        opened_at timestamptz,
        margin_paise bigint CHECK (margin_paise > 0),
        open_fee_paise bigint CHECK (open_fee_paise >= 0),
        lock_days integer NOT NULL DEFAULT 0 CHECK (lock_days >= 0),
        lock_minutes integer NOT NULL DEFAULT 0 CHECK (lock_minutes >= 0),
        locked_until timestamptz,
        stop_out_price_paise bigint,
        exit_price_paise bigint CHECK (exit_price_paise > 0),
        exit_tick_at timestamptz,
        closed_at timestamptz,
        close_reason text CHECK (close_reason IN ('user', 'stop_out', 'square_off')),
        close_fee_paise bigint CHECK (close_fee_paise >= 0),
        tax_paise bigint CHECK (tax_paise >= 0),
        pnl_paise bigint,
        payout_paise bigint CHECK (payout_paise >= 0),
        house_absorbed_paise bigint CHECK (house_absorbed_paise >= 0),
        cancelled_at timestamptz,
        cancel_reason text CHECK (cancel_reason IN ('user', 'expired', 'funds')),
        synced_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        CONSTRAINT positions_limit_price CHECK ((order_type IN ('limit', 'sl')) = (limit_price_paise IS NOT NULL)),
        CONSTRAINT positions_trigger_price CHECK ((order_type IN ('sl', 'sl-m')) = (trigger_price_paise IS NOT NULL)),
        CONSTRAINT positions_opened CHECK (
          (state IN ('holding', 'closed')) = (opened_at IS NOT NULL AND entry_price_paise IS NOT NULL
            AND entry_tick_at IS NOT NULL AND margin_paise IS NOT NULL AND open_fee_paise IS NOT NULL)),
        CONSTRAINT positions_closed CHECK (
          (state = 'closed') = (closed_at IS NOT NULL AND exit_price_paise IS NOT NULL AND exit_tick_at IS NOT NULL
            AND close_reason IS NOT NULL AND pnl_paise IS NOT NULL AND payout_paise IS NOT NULL)),
        CONSTRAINT positions_cancelled CHECK ((state = 'cancelled') = (cancelled_at IS NOT NULL AND cancel_reason IS NOT NULL))
      )`,
      `CREATE INDEX positions_user_idx ON positions (user_id, id DESC)`,
      `CREATE INDEX positions_user_state_idx ON positions (user_id, state, id DESC)`,
      `CREATE INDEX positions_live_idx ON positions (state, symbol) WHERE state IN ('pending', 'holding')`,
      `CREATE INDEX positions_synced_idx ON positions (synced_at)`,
      `CREATE FUNCTION positions_touch() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          NEW.synced_at := clock_timestamp();
          RETURN NEW;
        END
      $$`,
      `CREATE TRIGGER positions_touch BEFORE UPDATE ON positions FOR EACH ROW EXECUTE FUNCTION positions_touch()`,
      `CREATE TABLE day_trading_applications (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id),
        state text NOT NULL CHECK (state IN ('pending', 'approved', 'rejected')),
        applied_at timestamptz NOT NULL,
        decided_at timestamptz,
        decided_by_staff_id bigint REFERENCES staff_users (id),
        reason text,
        CONSTRAINT day_trading_decided CHECK ((state = 'pending') = (decided_at IS NULL))
      )`,
      // One application under review per user at a time.
      `CREATE UNIQUE INDEX day_trading_one_pending ON day_trading_applications (user_id) WHERE state = 'pending'`,
      `CREATE INDEX day_trading_state_idx ON day_trading_applications (state, id)`,
      // Trading settings outside the console's parameter registry (fee, tax, stop-out, locks and
      // square-off are registry parameters: packages/core/src/parameters).
      `INSERT INTO parameters (name, value) VALUES
        ('trading.quote_age_ms_max', '60000'),
        ('trading.min_opening_amount', '"100.00"'),
        ('trading.lock_by_symbol', '{}')
      ON CONFLICT (name) DO NOTHING`,
    ]);
  },
};
