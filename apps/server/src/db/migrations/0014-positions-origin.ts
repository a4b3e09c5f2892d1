import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Where a position came from, for the products built on the ordinary positions table (ADRs
 * 0011 to 0014): an investor's own order, a block trade, an IPO allotment that listed, or a copy-trading
 * mirror of a strategy account's trade. A product-ended close (copy-trading's end time) gets its own
 * close reason so the statement and the position detail can say why it closed.
 */
export const positionsOrigin: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `ALTER TABLE positions ADD COLUMN origin text NOT NULL DEFAULT 'order'
        CHECK (origin IN ('order', 'block', 'ipo', 'follow'))`,
      `ALTER TABLE positions DROP CONSTRAINT positions_close_reason_check`,
      `ALTER TABLE positions ADD CONSTRAINT positions_close_reason_check
        CHECK (close_reason IN ('user', 'stop_out', 'square_off', 'product_end'))`,
    ]);
  },
};
