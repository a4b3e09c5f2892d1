import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * The DP charge is once per user, scrip and IST day (docs/adr/0020-charges-schedule-and-postings.md),
 * held by the schema rather than by account locks: `dp_charge_days` has one row per (user, symbol,
 * trade date) whose DP charge is paid, with the `trade_charges` row that paid it. `insert_trade_charges`
 * (migration 0024) now writes that row with the charge lines; a second sale of the day that also
 * carries the charge meets the primary key (waiting for the first to commit or roll back) and raises
 * 40001 "DP charge", which close_holding's callers already answer by pricing the sale again without
 * it. close_holding's own check after post_entry's account locks stays: it covers sales that share
 * an account, this covers those that do not (an own position and a copy-trading mirror).
 * Days already charged are copied in (the first paying row of each); rows are never changed.
 */
export const dpChargeDays: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TABLE dp_charge_days (
        user_id bigint NOT NULL REFERENCES users(id),
        symbol text NOT NULL,
        trade_date date NOT NULL,
        trade_charge_id bigint NOT NULL REFERENCES trade_charges(id),
        PRIMARY KEY (user_id, symbol, trade_date)
      )`,
      `INSERT INTO dp_charge_days (user_id, symbol, trade_date, trade_charge_id)
        SELECT DISTINCT ON (user_id, symbol, trade_date) user_id, symbol, trade_date, id
          FROM trade_charges WHERE dp_paise > 0
         ORDER BY user_id, symbol, trade_date, id`,
      `CREATE TRIGGER dp_charge_days_immutable BEFORE UPDATE OR DELETE ON dp_charge_days
        FOR EACH ROW EXECUTE FUNCTION refuse_change()`,
      `CREATE TRIGGER dp_charge_days_no_truncate BEFORE TRUNCATE ON dp_charge_days
        FOR EACH STATEMENT EXECUTE FUNCTION refuse_change()`,
      `CREATE OR REPLACE FUNCTION insert_trade_charges(
        p_position positions, p_leg text, p_charges jsonb, p_entry_id bigint
      ) RETURNS void LANGUAGE plpgsql AS $$
        DECLARE
          written trade_charges;
        BEGIN
          INSERT INTO trade_charges (position_id, user_id, leg, product, side, symbol, quantity, price_paise,
            turnover_paise, executed_at, trade_date, brokerage_paise, stt_paise, exchange_paise, sebi_paise,
            stamp_paise, gst_paise, dp_paise, total_paise, journal_entry_id)
          SELECT p_position.id, p_position.user_id, p_leg, p_position.product, c.side, p_position.symbol,
                 p_position.quantity, c.price_paise, c.turnover_paise, c.executed_at, c.trade_date,
                 c.brokerage_paise, c.stt_paise, c.exchange_paise, c.sebi_paise, c.stamp_paise, c.gst_paise,
                 c.dp_paise, c.total_paise, p_entry_id
            FROM jsonb_populate_record(NULL::trade_charges, p_charges) AS c
          RETURNING * INTO written;
          IF written.dp_paise > 0 THEN
            INSERT INTO dp_charge_days (user_id, symbol, trade_date, trade_charge_id)
              VALUES (written.user_id, written.symbol, written.trade_date, written.id)
              ON CONFLICT DO NOTHING;
            IF NOT FOUND THEN
              RAISE EXCEPTION 'the DP charge of % on % is already paid', written.symbol, written.trade_date
                USING ERRCODE = '40001';
            END IF;
          END IF;
        END
      $$`,
    ]);
  },
};
