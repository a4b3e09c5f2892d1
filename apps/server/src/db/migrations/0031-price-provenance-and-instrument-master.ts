import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Where every price comes from, and the instrument master NSE's files build
 * (docs/adr/0023-nse-instrument-master-and-price-provenance.md).
 *
 * - `candles.source` and `quotes.source`: `simulated` (the built-in simulator), `imported` (an NSE
 *   daily file) or `feed` (a real market feed). Candles stored before this migration cannot be told
 *   apart, so they are all called simulated: an import drops them for each symbol it prices, and
 *   the symbol's chart then starts at its first real day. A quote stored with `simulated = false`
 *   could only have come from an import. `quotes.simulated` stays, always equal to
 *   `source = 'simulated'` (a CHECK), for the readers that only ask that.
 * - `instruments.series`: NSE's series (`EQ` normal, `BE` trade-for-trade), null for instruments
 *   that are not NSE equities.
 * - `daily_deliveries`: the full bhavcopy's deliverable quantity of a symbol's day. The percentage
 *   is kept as NSE states it (basis points), not recomputed, so the screen shows NSE's figure.
 */
export const priceProvenanceAndInstrumentMaster: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `ALTER TABLE candles ADD COLUMN source text NOT NULL DEFAULT 'simulated'
        CONSTRAINT candles_source_known CHECK (source IN ('simulated', 'imported', 'feed'))`,
      `ALTER TABLE quotes ADD COLUMN source text NOT NULL DEFAULT 'simulated'
        CONSTRAINT quotes_source_known CHECK (source IN ('simulated', 'imported', 'feed'))`,
      `UPDATE quotes SET source = 'imported' WHERE NOT simulated`,
      `ALTER TABLE quotes ADD CONSTRAINT quotes_simulated_is_source
        CHECK (simulated = (source = 'simulated'))`,
      `ALTER TABLE instruments ADD COLUMN series text
        CONSTRAINT instruments_series_form CHECK (series ~ '^[A-Z0-9]{1,2}$')`,
      `CREATE TABLE daily_deliveries (
        symbol text NOT NULL REFERENCES instruments(symbol),
        trade_date date NOT NULL,
        traded_quantity bigint NOT NULL CHECK (traded_quantity >= 0),
        delivered_quantity bigint NOT NULL CHECK (delivered_quantity >= 0),
        delivery_bps integer NOT NULL CHECK (delivery_bps BETWEEN 0 AND 10000),
        PRIMARY KEY (symbol, trade_date),
        CHECK (delivered_quantity <= traded_quantity)
      )`,
    ]);
  },
};
