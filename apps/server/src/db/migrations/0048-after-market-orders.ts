import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * After-market orders (docs/adr/0031-gtt-and-after-market-orders.md): a Kite `amo` order placed
 * while the market is closed waits here, with the terms it was given (prices in paise), until the
 * next session's open (`release_at`), when the engine's sweep places it through the same order use
 * cases as a regular one. Until then it may be modified or cancelled. `position_id` is the order it
 * became; a refusal at the open leaves its code in `reject_code`.
 */
export const afterMarketOrders: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TABLE after_market_orders (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id),
        symbol text NOT NULL REFERENCES instruments (symbol),
        status text NOT NULL CHECK (status IN ('pending', 'placed', 'cancelled', 'rejected')),
        transaction_type text NOT NULL CHECK (transaction_type IN ('BUY', 'SELL')),
        product text NOT NULL CHECK (product IN ('CNC', 'MIS', 'MTF')),
        order_type text NOT NULL CHECK (order_type IN ('market', 'limit', 'sl', 'sl-m')),
        quantity bigint NOT NULL CHECK (quantity > 0),
        price_paise bigint CHECK (price_paise > 0),
        trigger_price_paise bigint CHECK (trigger_price_paise > 0),
        placed_at timestamptz NOT NULL,
        release_at timestamptz NOT NULL,
        modified_at timestamptz,
        settled_at timestamptz,
        position_id bigint REFERENCES positions (id),
        reject_code text
      )`,
      `CREATE INDEX after_market_orders_user_idx ON after_market_orders (user_id, id)`,
      `CREATE INDEX after_market_orders_due_idx ON after_market_orders (release_at) WHERE status = 'pending'`,
    ]);
  },
};
