import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Partial sells and the daily interest of MTF holdings (docs/adr/0019-partial-sells.md).
 *
 * - `positions.split_from_id`: a holding sold in part is split in two; the remainder keeps the
 *   original id (its opening entry and its opening trade_charges row stay with it) and the part sold
 *   is a new row that names the position it was split from, then closes with its own close entry.
 * - `mtf_interest_charges`: one row per MTF holding and IST day, the funded part (entry notional
 *   less margin) × the daily rate in force, with the entry `position:<id>:mtf-interest:<ist-date>`.
 *   What cash could not cover is waived and recorded, never a debt (as the borrow fee of a short).
 */
export const partialSellsAndMtfInterest: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `ALTER TABLE positions ADD COLUMN split_from_id bigint REFERENCES positions (id)`,
      `CREATE INDEX positions_split_from_idx ON positions (split_from_id) WHERE split_from_id IS NOT NULL`,
      `CREATE TABLE mtf_interest_charges (
        position_id bigint NOT NULL REFERENCES positions (id),
        ist_date text NOT NULL CHECK (ist_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
        user_id bigint NOT NULL REFERENCES users (id),
        funded_paise bigint NOT NULL CHECK (funded_paise > 0),
        interest_bps_per_day integer NOT NULL CHECK (interest_bps_per_day >= 0),
        interest_paise bigint NOT NULL CHECK (interest_paise >= 0),
        charged_paise bigint NOT NULL CHECK (charged_paise >= 0),
        waived_paise bigint NOT NULL CHECK (waived_paise >= 0),
        charged_at timestamptz NOT NULL,
        PRIMARY KEY (position_id, ist_date),
        CONSTRAINT mtf_interest_charges_sum CHECK (charged_paise + waived_paise = interest_paise)
      )`,
    ]);
  },
};
