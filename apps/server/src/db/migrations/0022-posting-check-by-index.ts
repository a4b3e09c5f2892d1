import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * The statement-level posting trigger (migration 0010) joined its transition table to
 * journal_entries. The planner knows nothing of a transition table's size, so it hashed the whole
 * journal on every posting statement: one sequential scan of journal_entries per entry posted, a
 * cost that grew with the ledger (seen in bench/trading.ts: 3,450 scans reading 6 million rows in
 * six seconds). It now probes the primary key once per distinct entry the statement touched
 * (postEntry writes one entry per statement, so once).
 *
 * The same-transaction test compares xids (`xmin = pg_current_xact_id()::xid`) instead of their
 * text: the xid8 text carries the epoch and stops matching the 32-bit xmin after the first
 * wraparound, which would have checked every entry twice from then on.
 */
export const postingCheckByIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE OR REPLACE FUNCTION postings_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
          added_entry bigint;
        BEGIN
          FOR added_entry IN SELECT DISTINCT added.entry_id FROM added LOOP
            -- An entry written by this transaction is checked at commit by its own deferred trigger;
            -- postings added to an earlier entry are checked now.
            IF NOT EXISTS (SELECT 1 FROM journal_entries e
                            WHERE e.id = added_entry AND e.xmin = pg_current_xact_id()::xid) THEN
              PERFORM assert_entry_balanced(added_entry);
            END IF;
          END LOOP;
          RETURN NULL;
        END
      $$`,
    ]);
  },
};
