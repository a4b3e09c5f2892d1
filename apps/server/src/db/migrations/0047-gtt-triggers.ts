import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * GTT triggers (docs/adr/0031-gtt-and-after-market-orders.md): an investor's standing instruction
 * to place an order when the price of a symbol reaches a trigger, for up to a year. A `single` GTT
 * has one trigger and one order; a `two-leg` GTT (OCO) has a lower trigger (stop-loss) and an upper
 * one (target), each with its order, and the columns `second_*` hold the upper leg. Prices are
 * paise. When one fires, `fired_leg` names it and `position_id` the order it placed; a refused order
 * leaves its code in `reject_code`. Only an active row changes (core's canGttMoveTo).
 */
export const gttTriggers: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TABLE gtt_triggers (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id),
        symbol text NOT NULL REFERENCES instruments (symbol),
        type text NOT NULL CHECK (type IN ('single', 'two-leg')),
        status text NOT NULL CHECK (status IN ('active', 'triggered', 'cancelled', 'expired', 'rejected')),
        last_price_paise bigint NOT NULL CHECK (last_price_paise > 0),
        trigger_paise bigint NOT NULL CHECK (trigger_paise > 0),
        transaction_type text NOT NULL CHECK (transaction_type IN ('BUY', 'SELL')),
        product text NOT NULL CHECK (product IN ('CNC', 'MIS', 'MTF')),
        quantity bigint NOT NULL CHECK (quantity > 0),
        price_paise bigint NOT NULL CHECK (price_paise > 0),
        second_trigger_paise bigint CHECK (second_trigger_paise > trigger_paise),
        second_transaction_type text CHECK (second_transaction_type IN ('BUY', 'SELL')),
        second_product text CHECK (second_product IN ('CNC', 'MIS', 'MTF')),
        second_quantity bigint CHECK (second_quantity > 0),
        second_price_paise bigint CHECK (second_price_paise > 0),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        fired_leg smallint CHECK (fired_leg IN (0, 1)),
        fired_price_paise bigint,
        position_id bigint REFERENCES positions (id),
        reject_code text,
        CHECK ((type = 'single') = (second_trigger_paise IS NULL)),
        CHECK ((second_trigger_paise IS NULL) = (second_transaction_type IS NULL)
           AND (second_trigger_paise IS NULL) = (second_product IS NULL)
           AND (second_trigger_paise IS NULL) = (second_quantity IS NULL)
           AND (second_trigger_paise IS NULL) = (second_price_paise IS NULL))
      )`,
      `CREATE INDEX gtt_triggers_user_idx ON gtt_triggers (user_id, id)`,
      `CREATE INDEX gtt_triggers_active_idx ON gtt_triggers (expires_at) WHERE status = 'active'`,
      `CREATE INDEX gtt_triggers_updated_idx ON gtt_triggers (updated_at)`,
    ]);
  },
};
