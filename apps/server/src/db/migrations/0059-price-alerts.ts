import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Price alerts (docs/adr/0034-price-alerts.md): an investor asks to be told when a symbol's feed
 * price reaches a level from below (at_or_above) or from above (at_or_below). The trading engine
 * keeps the active ones in its per-symbol trigger index; an alert fires once: its row moves from
 * active to triggered with the price and time that fired it, in the transaction that writes the
 * investor's message.
 */
export const priceAlerts: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TABLE price_alerts (
         id bigserial PRIMARY KEY,
         user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
         symbol text NOT NULL REFERENCES instruments (symbol),
         direction text NOT NULL CHECK (direction IN ('at_or_above', 'at_or_below')),
         level_paise bigint NOT NULL CHECK (level_paise > 0),
         state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'triggered')),
         created_at timestamptz NOT NULL DEFAULT now(),
         triggered_at timestamptz,
         triggered_price_paise bigint,
         CHECK ((state = 'triggered') = (triggered_at IS NOT NULL AND triggered_price_paise IS NOT NULL))
       )`,
      'CREATE INDEX price_alerts_user ON price_alerts (user_id, id)',
      `CREATE INDEX price_alerts_active ON price_alerts (created_at) WHERE state = 'active'`,
    ]);
  },
};
