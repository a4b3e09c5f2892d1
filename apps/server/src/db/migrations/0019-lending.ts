import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Securities lending (docs/adr/0015-securities-lending.md).
 *
 * - `instruments.lending_enabled`: shorts on the instrument draw on the lending pool (off by default,
 *   so shorting elsewhere works as before).
 * - `lendings`: one row per lending of a holding's shares, in_progress → completed. The fee is fixed
 *   at lending (value, rate and term are kept) and paid at the end by the entry `lending:<id>:fee`.
 *   At most one lending in progress per position; a lent holding cannot be closed by its owner.
 * - `lending_pool_draws`: a short that drew on the pool when it was placed. It counts against the
 *   pool while its position is pending or holding.
 * - `lending_borrow_fees`: one row per pool-backed short and IST day, with the entry
 *   `short:<id>:borrow-fee:<ist-date>`. What cash could not cover is waived, recorded, never a debt.
 */
export const lending: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `ALTER TABLE instruments ADD COLUMN lending_enabled boolean NOT NULL DEFAULT false`,
      `CREATE TABLE lendings (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id),
        position_id bigint NOT NULL REFERENCES positions (id),
        symbol text NOT NULL REFERENCES instruments (symbol),
        quantity bigint NOT NULL CHECK (quantity >= 1),
        price_paise bigint NOT NULL CHECK (price_paise > 0),
        value_paise bigint NOT NULL CHECK (value_paise > 0),
        term_days integer NOT NULL CHECK (term_days IN (7, 14, 30)),
        fee_bps_per_day integer NOT NULL CHECK (fee_bps_per_day >= 0),
        expected_fee_paise bigint NOT NULL CHECK (expected_fee_paise >= 0),
        state text NOT NULL CHECK (state IN ('in_progress', 'completed')),
        lent_at timestamptz NOT NULL,
        term_ends_at timestamptz NOT NULL,
        completed_at timestamptz,
        end_reason text CHECK (end_reason IN ('term', 'position_closed')),
        fee_paid_paise bigint CHECK (fee_paid_paise >= 0 AND fee_paid_paise <= expected_fee_paise),
        CONSTRAINT lendings_term CHECK (term_ends_at > lent_at),
        CONSTRAINT lendings_completed CHECK (
          (state = 'completed') = (completed_at IS NOT NULL AND end_reason IS NOT NULL AND fee_paid_paise IS NOT NULL))
      )`,
      // Lending twice: one lending in progress per position.
      `CREATE UNIQUE INDEX lendings_one_in_progress ON lendings (position_id) WHERE state = 'in_progress'`,
      `CREATE INDEX lendings_user_idx ON lendings (user_id, id DESC)`,
      `CREATE INDEX lendings_due_idx ON lendings (term_ends_at) WHERE state = 'in_progress'`,
      `CREATE INDEX lendings_symbol_idx ON lendings (symbol) WHERE state = 'in_progress'`,
      `CREATE TABLE lending_pool_draws (
        position_id bigint PRIMARY KEY REFERENCES positions (id),
        symbol text NOT NULL REFERENCES instruments (symbol),
        quantity bigint NOT NULL CHECK (quantity >= 1),
        drawn_at timestamptz NOT NULL
      )`,
      `CREATE INDEX lending_pool_draws_symbol_idx ON lending_pool_draws (symbol)`,
      `CREATE TABLE lending_borrow_fees (
        position_id bigint NOT NULL REFERENCES lending_pool_draws (position_id),
        ist_date text NOT NULL CHECK (ist_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
        user_id bigint NOT NULL REFERENCES users (id),
        notional_paise bigint NOT NULL CHECK (notional_paise > 0),
        fee_bps_per_day integer NOT NULL CHECK (fee_bps_per_day >= 0),
        fee_paise bigint NOT NULL CHECK (fee_paise >= 0),
        charged_paise bigint NOT NULL CHECK (charged_paise >= 0),
        waived_paise bigint NOT NULL CHECK (waived_paise >= 0),
        charged_at timestamptz NOT NULL,
        PRIMARY KEY (position_id, ist_date),
        CONSTRAINT lending_borrow_fees_sum CHECK (charged_paise + waived_paise = fee_paise)
      )`,
    ]);
  },
};
