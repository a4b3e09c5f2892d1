import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * `market/search` over the whole NSE cash market (docs/adr/0023): a symbol prefix is an index range
 * on `lower(symbol)` (text_pattern_ops: LIKE 'reli%' becomes a range of bytes whatever the
 * database's collation), so the symbol matches, which come first, are read without a scan.
 */
export const marketSearchIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      'CREATE INDEX instruments_symbol_lower_prefix ON instruments (lower(symbol) text_pattern_ops)',
    ]);
  },
};
