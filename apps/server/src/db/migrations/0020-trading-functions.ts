import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * The writes of opening and closing a position as two PL/pgSQL functions, so that an investor's
 * order or close is one statement, one round trip and one implicit transaction, instead of BEGIN,
 * the row's write, post_entry and COMMIT (docs/adr/0016-trading-round-trip.md). The rules stay in
 * TypeScript: the caller computes the row's columns and the entry's postings with packages/core and
 * passes them in; the functions only write them together, and refuse what only the database can see
 * at that moment.
 *
 * open_position(row, action, kind, posted by, at, postings, pool_handled): inserts the position from
 * a JSON object of its columns and posts `order:<id>:<action>` ('open' or 'hold') through post_entry.
 * A short on an instrument whose lending is enabled must draw on the lending pool in the same
 * transaction (apps/server/src/use-cases/lending/draw-on-lending-pool.ts): unless the caller says it
 * does (pool_handled), such a short is refused with SQLSTATE NV001 and the caller takes the
 * transactional path instead. The instrument row is read here, so a staff switch counts at once.
 *
 * close_holding(id, expected, closing, kind, posted by, at, postings, refuse_if_lent): turns a
 * holding into a closed position with the closing columns and posts `position:<id>:close`. The
 * settlement was computed from the holding as the caller read it, so the update applies only while
 * the row is still that holding (state, quantity, entry price and margin as expected); otherwise
 * SQLSTATE NV002 and nothing is written. A holding with a lending in progress is refused with NV003
 * (its term end in the detail) when refuse_if_lent; a new lending locks the same row first, so the
 * check and the close cannot interleave.
 */
export const tradingFunctions: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE FUNCTION open_position(
        p_row jsonb, p_action text, p_kind text, p_posted_by_type text, p_posted_by_id text,
        p_at timestamptz, p_accounts bigint[], p_amounts bigint[], p_currencies text[], p_pool_handled boolean
      ) RETURNS SETOF positions LANGUAGE plpgsql AS $$
        DECLARE
          opened positions;
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
          PERFORM post_entry('order:' || opened.id || ':' || p_action, p_kind, 'position', opened.id::text,
                             p_posted_by_type, p_posted_by_id, NULL, NULL, p_at,
                             p_accounts, p_amounts, p_currencies);
          RETURN NEXT opened;
        END
      $$`,
      `CREATE FUNCTION close_holding(
        p_id bigint, p_expected jsonb, p_closing jsonb, p_kind text, p_posted_by_type text,
        p_posted_by_id text, p_at timestamptz, p_accounts bigint[], p_amounts bigint[],
        p_currencies text[], p_refuse_if_lent boolean
      ) RETURNS SETOF positions LANGUAGE plpgsql AS $$
        DECLARE
          expected positions := jsonb_populate_record(NULL::positions, p_expected);
          closing positions := jsonb_populate_record(NULL::positions, p_closing);
          closed positions;
          lent_until timestamptz;
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
          PERFORM post_entry('position:' || p_id || ':close', p_kind, 'position', p_id::text,
                             p_posted_by_type, p_posted_by_id, NULL, NULL, p_at,
                             p_accounts, p_amounts, p_currencies);
          RETURN NEXT closed;
        END
      $$`,
    ]);
  },
};
