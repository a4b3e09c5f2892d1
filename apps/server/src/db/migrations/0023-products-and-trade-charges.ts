import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Products and the charges of each executed order (docs/glossary.md "Product", "Charges").
 *
 * - `positions.product`: CNC, MIS or MTF, derived from the intraday flag and the leverage by the
 *   rule of core `productOf` (a generated column, so every old and new position has it and it can
 *   never disagree with the fields it comes from).
 * - `trade_charges`: one row per executed order, the opening or the closing leg of a position, with
 *   every statutory and brokerage line in paise as it posted in the trade's journal entry. Contract
 *   notes, the tax P&L and the Kite charges answer read these rows; nothing recomputes them.
 */
export const productsAndTradeCharges: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `ALTER TABLE positions ADD COLUMN product text GENERATED ALWAYS AS (
        CASE WHEN intraday THEN 'MIS' WHEN leverage > 1 THEN 'MTF' ELSE 'CNC' END) STORED`,
      `CREATE TABLE trade_charges (
        id bigserial PRIMARY KEY,
        position_id bigint NOT NULL REFERENCES positions(id),
        user_id bigint NOT NULL REFERENCES users(id),
        leg text NOT NULL CHECK (leg IN ('open', 'close')),
        product text NOT NULL CHECK (product IN ('CNC', 'MIS', 'MTF')),
        side text NOT NULL CHECK (side IN ('buy', 'sell')),
        symbol text NOT NULL,
        quantity bigint NOT NULL CHECK (quantity > 0),
        price_paise bigint NOT NULL CHECK (price_paise > 0),
        turnover_paise bigint NOT NULL CHECK (turnover_paise > 0),
        executed_at timestamptz NOT NULL,
        trade_date date NOT NULL,
        brokerage_paise bigint NOT NULL CHECK (brokerage_paise >= 0),
        stt_paise bigint NOT NULL CHECK (stt_paise >= 0),
        exchange_paise bigint NOT NULL CHECK (exchange_paise >= 0),
        sebi_paise bigint NOT NULL CHECK (sebi_paise >= 0),
        stamp_paise bigint NOT NULL CHECK (stamp_paise >= 0),
        gst_paise bigint NOT NULL CHECK (gst_paise >= 0),
        dp_paise bigint NOT NULL CHECK (dp_paise >= 0),
        total_paise bigint NOT NULL CHECK (total_paise = brokerage_paise + stt_paise + exchange_paise
          + sebi_paise + stamp_paise + gst_paise + dp_paise),
        journal_entry_id bigint REFERENCES journal_entries(id),
        UNIQUE (position_id, leg)
      )`,
      `CREATE INDEX trade_charges_user_date ON trade_charges (user_id, trade_date)`,
    ]);
  },
};
