import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run-statements.js';

const RATE = (column: string) =>
  `${column} bigint NOT NULL CHECK (${column} >= 0 AND ${column} <= 1000000000)`;

/**
 * The charges of every executed order (docs/adr/0020-charges-schedule-and-postings.md).
 *
 * - `charge_schedules`: the rates in force from an IST date (every rate an integer in parts per
 *   billion, core charges.ts; brokerage plans per product as JSON), who added the row and why. One
 *   row per date; the first, from 2024-10-01, holds the rates of core DEFAULT_CHARGE_SCHEDULE. Rows
 *   are never updated or deleted: a change of rates is a new row from a later date.
 * - open_position and close_holding (migration 0020) take the leg's charge lines as a JSON object
 *   and write its `trade_charges` row with the entry's id, in the same statement. A close whose
 *   lines carry the DP charge checks, after post_entry has locked the user's accounts (so an earlier
 *   close of the same user has committed), that no other sale of the scrip that day paid it; if one
 *   did, 40001, and the caller prices the close again without it.
 * - The parameters trade_fee_bps and close_tax_bps are superseded by the schedule.
 */
export const chargeSchedules: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TABLE charge_schedules (
        id bigserial PRIMARY KEY,
        effective_from date NOT NULL UNIQUE,
        brokerage_plans jsonb NOT NULL,
        ${RATE('stt_delivery_buy_ppb')},
        ${RATE('stt_delivery_sell_ppb')},
        ${RATE('stt_intraday_buy_ppb')},
        ${RATE('stt_intraday_sell_ppb')},
        ${RATE('exchange_ppb')},
        ${RATE('sebi_ppb')},
        ${RATE('stamp_delivery_buy_ppb')},
        ${RATE('stamp_intraday_buy_ppb')},
        ${RATE('gst_ppb')},
        dp_charge_paise bigint NOT NULL CHECK (dp_charge_paise >= 0),
        created_by_staff_id bigint REFERENCES staff_users (id),
        reason text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE FUNCTION charge_schedules_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          RAISE EXCEPTION 'charge schedules are never changed: add a row from a later date'
            USING ERRCODE = '42501';
        END
      $$`,
      `CREATE TRIGGER charge_schedules_append_only BEFORE UPDATE OR DELETE ON charge_schedules
        FOR EACH ROW EXECUTE FUNCTION charge_schedules_append_only()`,
      `INSERT INTO charge_schedules (effective_from, brokerage_plans, stt_delivery_buy_ppb,
        stt_delivery_sell_ppb, stt_intraday_buy_ppb, stt_intraday_sell_ppb, exchange_ppb, sebi_ppb,
        stamp_delivery_buy_ppb, stamp_intraday_buy_ppb, gst_ppb, dp_charge_paise, reason)
       VALUES ('2024-10-01',
        '{"CNC":{"kind":"zero"},"MTF":{"kind":"zero"},"MIS":{"kind":"percent","ratePpb":"300000","capPaise":"2000"}}',
        1000000, 1000000, 0, 250000, 29700, 1000, 150000, 30000, 180000000, 1300,
        'Statutory rates in force since 2024-10-01 (exchange charge 0.00297%, SEBI "true to label"); delivery brokerage zero, intraday the lower of Rs 20 and 0.03%, DP Rs 13 + GST')`,
      `CREATE INDEX trade_charges_dp_day ON trade_charges (user_id, symbol, trade_date) WHERE dp_paise > 0`,
      `DROP FUNCTION open_position(jsonb, text, text, text, text, timestamptz, bigint[], bigint[], text[], boolean)`,
      `CREATE FUNCTION open_position(
        p_row jsonb, p_action text, p_kind text, p_posted_by_type text, p_posted_by_id text,
        p_at timestamptz, p_accounts bigint[], p_amounts bigint[], p_currencies text[], p_pool_handled boolean,
        p_charges jsonb DEFAULT NULL
      ) RETURNS SETOF positions LANGUAGE plpgsql AS $$
        DECLARE
          opened positions;
          posted_entry_id bigint;
        BEGIN
          INSERT INTO positions (
            user_id, symbol, currency, side, order_type, intraday, leverage, quantity, limit_price_paise,
            trigger_price_paise, triggered, state, placed_at, placed_price_paise, held_paise,
            entry_price_paise, entry_tick_at, opened_at, margin_paise, open_fee_paise, lock_days,
            lock_minutes, locked_until, stop_out_price_paise, origin, follow_id, mirrors_position_id)
          SELECT v.user_id, v.symbol, coalesce(v.currency, 'INR'), v.side, v.order_type,
                 coalesce(v.intraday, false), v.leverage, v.quantity, v.limit_price_paise,
                 v.trigger_price_paise, coalesce(v.triggered, false), v.state, v.placed_at,
                 v.placed_price_paise, coalesce(v.held_paise, 0), v.entry_price_paise, v.entry_tick_at,
                 v.opened_at, v.margin_paise, v.open_fee_paise, coalesce(v.lock_days, 0),
                 coalesce(v.lock_minutes, 0), v.locked_until, v.stop_out_price_paise,
                 coalesce(v.origin, 'order'), v.follow_id, v.mirrors_position_id
            FROM jsonb_populate_record(NULL::positions, p_row) AS v
          RETURNING * INTO opened;
          IF opened.side = 'short' AND NOT p_pool_handled
             AND EXISTS (SELECT 1 FROM instruments i WHERE i.symbol = opened.symbol AND i.lending_enabled) THEN
            RAISE EXCEPTION 'a short on % draws on the lending pool', opened.symbol USING ERRCODE = 'NV001';
          END IF;
          SELECT e.entry_id INTO posted_entry_id
            FROM post_entry('order:' || opened.id || ':' || p_action, p_kind, 'position', opened.id::text,
                            p_posted_by_type, p_posted_by_id, NULL, NULL, p_at,
                            p_accounts, p_amounts, p_currencies) AS e;
          IF p_charges IS NOT NULL THEN
            PERFORM insert_trade_charges(opened, 'open', p_charges, posted_entry_id);
          END IF;
          RETURN NEXT opened;
        END
      $$`,
      `CREATE FUNCTION insert_trade_charges(p_position positions, p_leg text, p_charges jsonb, p_entry_id bigint)
        RETURNS void LANGUAGE sql AS $$
        INSERT INTO trade_charges (position_id, user_id, leg, product, side, symbol, quantity, price_paise,
          turnover_paise, executed_at, trade_date, brokerage_paise, stt_paise, exchange_paise, sebi_paise,
          stamp_paise, gst_paise, dp_paise, total_paise, journal_entry_id)
        SELECT p_position.id, p_position.user_id, p_leg, p_position.product, c.side, p_position.symbol,
               p_position.quantity, c.price_paise, c.turnover_paise, c.executed_at, c.trade_date,
               c.brokerage_paise, c.stt_paise, c.exchange_paise, c.sebi_paise, c.stamp_paise, c.gst_paise,
               c.dp_paise, c.total_paise, p_entry_id
          FROM jsonb_populate_record(NULL::trade_charges, p_charges) AS c
      $$`,
      `DROP FUNCTION close_holding(bigint, jsonb, jsonb, text, text, text, timestamptz, bigint[], bigint[], text[], boolean)`,
      `CREATE FUNCTION close_holding(
        p_id bigint, p_expected jsonb, p_closing jsonb, p_kind text, p_posted_by_type text,
        p_posted_by_id text, p_at timestamptz, p_accounts bigint[], p_amounts bigint[],
        p_currencies text[], p_refuse_if_lent boolean, p_charges jsonb DEFAULT NULL
      ) RETURNS SETOF positions LANGUAGE plpgsql AS $$
        DECLARE
          expected positions := jsonb_populate_record(NULL::positions, p_expected);
          closing positions := jsonb_populate_record(NULL::positions, p_closing);
          charged trade_charges := jsonb_populate_record(NULL::trade_charges, p_charges);
          closed positions;
          lent_until timestamptz;
          posted_entry_id bigint;
        BEGIN
          UPDATE positions p
             SET state = 'closed', exit_price_paise = closing.exit_price_paise,
                 exit_tick_at = closing.exit_tick_at, closed_at = closing.closed_at,
                 close_reason = closing.close_reason, close_fee_paise = closing.close_fee_paise,
                 tax_paise = closing.tax_paise, pnl_paise = closing.pnl_paise,
                 payout_paise = closing.payout_paise, house_absorbed_paise = closing.house_absorbed_paise
           WHERE p.id = p_id AND p.state = 'holding' AND p.quantity = expected.quantity
             AND p.entry_price_paise = expected.entry_price_paise AND p.margin_paise = expected.margin_paise
          RETURNING p.* INTO closed;
          IF NOT FOUND THEN
            RAISE EXCEPTION 'position % is no longer the holding that was settled', p_id USING ERRCODE = 'NV002';
          END IF;
          IF p_refuse_if_lent THEN
            SELECT l.term_ends_at INTO lent_until FROM lendings l
             WHERE l.position_id = p_id AND l.state = 'in_progress';
            IF FOUND THEN
              RAISE EXCEPTION 'position % is lent', p_id
                USING ERRCODE = 'NV003', DETAIL = (extract(epoch FROM lent_until) * 1000)::bigint::text;
            END IF;
          END IF;
          SELECT e.entry_id INTO posted_entry_id
            FROM post_entry('position:' || p_id || ':close', p_kind, 'position', p_id::text,
                            p_posted_by_type, p_posted_by_id, NULL, NULL, p_at,
                            p_accounts, p_amounts, p_currencies) AS e;
          IF p_charges IS NOT NULL THEN
            -- The DP charge is once per scrip per day: post_entry now holds the user's account locks, so
            -- this statement sees any earlier sale of the same user that committed meanwhile.
            IF charged.dp_paise > 0 AND EXISTS (
                SELECT 1 FROM trade_charges t
                 WHERE t.user_id = closed.user_id AND t.symbol = closed.symbol
                   AND t.trade_date = charged.trade_date AND t.dp_paise > 0) THEN
              RAISE EXCEPTION 'the DP charge of % on % is already paid', closed.symbol, charged.trade_date
                USING ERRCODE = '40001';
            END IF;
            PERFORM insert_trade_charges(closed, 'close', p_charges, posted_entry_id);
          END IF;
          RETURN NEXT closed;
        END
      $$`,
      `DELETE FROM parameters WHERE name IN ('trade_fee_bps', 'close_tax_bps')`,
    ]);
  },
};
