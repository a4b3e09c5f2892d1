import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * `post_entry(...)`: the body of the repository's postEntry as one PL/pgSQL function, so posting an
 * entry is one round trip whose statements are planned once per connection (PL/pgSQL caches its
 * plans) instead of three statements parsed and planned on every call. The rules do not move: the
 * repository still asserts the balance before calling, the deferred triggers still check it at
 * commit, the CHECK constraint still refuses negative cash. Measured in bench/ledger.ts (ADR 0003).
 *
 * Returns the entry's id and whether this call created it (false: the key was posted before and
 * nothing else was written).
 */
export const postEntryFunction: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE FUNCTION post_entry(
        p_key text, p_kind text, p_reference_type text, p_reference_id text,
        p_posted_by_type text, p_posted_by_id text, p_reverses_entry_id bigint, p_memo text,
        p_created_at timestamptz, p_accounts bigint[], p_amounts bigint[], p_currencies text[]
      ) RETURNS TABLE (entry_id bigint, created boolean) LANGUAGE plpgsql AS $$
        DECLARE
          new_entry_id bigint;
        BEGIN
          INSERT INTO journal_entries (entry_key, kind, reference_type, reference_id, posted_by_type,
                                       posted_by_id, reverses_entry_id, memo, created_at)
          VALUES (p_key, p_kind, p_reference_type, p_reference_id, p_posted_by_type,
                  p_posted_by_id, p_reverses_entry_id, p_memo, p_created_at)
          ON CONFLICT (entry_key) DO NOTHING
          RETURNING id INTO new_entry_id;
          IF new_entry_id IS NULL THEN
            RETURN QUERY SELECT e.id, false FROM journal_entries e WHERE e.entry_key = p_key;
            RETURN;
          END IF;

          -- Lock the user accounts in ascending id order (one fixed order: two entries never
          -- deadlock on each other), add each account's net change, and give every posting the
          -- account's balance after it. House accounts (no cached balance) are neither locked nor
          -- updated: their balance_after stays NULL.
          WITH deltas AS (
            SELECT d.account_id, sum(d.amount) AS delta
              FROM unnest(p_accounts, p_amounts) AS d(account_id, amount)
             GROUP BY d.account_id
          ),
          locked AS MATERIALIZED (
            SELECT a.id FROM ledger_accounts a JOIN deltas ON deltas.account_id = a.id
             WHERE a.owner_type = 'user' ORDER BY a.id FOR NO KEY UPDATE OF a
          ),
          updated AS (
            UPDATE ledger_accounts a SET balance_minor = a.balance_minor + deltas.delta
              FROM locked JOIN deltas ON deltas.account_id = locked.id
             WHERE a.id = locked.id
            RETURNING a.id, a.balance_minor - deltas.delta AS balance_before
          )
          INSERT INTO postings (entry_id, account_id, amount_minor, currency, balance_after_minor)
          SELECT new_entry_id, p.account_id, p.amount, p.currency,
                 updated.balance_before + sum(p.amount) OVER (PARTITION BY p.account_id ORDER BY p.ordinal)
            FROM unnest(p_accounts, p_amounts, p_currencies) WITH ORDINALITY AS p(account_id, amount, currency, ordinal)
            LEFT JOIN updated ON updated.id = p.account_id
           ORDER BY p.ordinal;

          RETURN QUERY SELECT new_entry_id, true;
        END
      $$`,
      // The per-row deferred posting trigger ran a PL/pgSQL call and an index probe for every
      // posting, only to find that almost all belong to an entry written in the same transaction
      // (whose own deferred trigger checks it). One statement-level trigger now looks at all the
      // postings a statement added at once and checks only entries written by an earlier
      // transaction, immediately: postEntry writes an entry's postings in one statement.
      `DROP TRIGGER postings_balanced ON postings`,
      `CREATE FUNCTION postings_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
          earlier_entry bigint;
        BEGIN
          FOR earlier_entry IN
            SELECT DISTINCT added.entry_id FROM added JOIN journal_entries e ON e.id = added.entry_id
             WHERE e.xmin::text <> pg_current_xact_id()::text
          LOOP
            PERFORM assert_entry_balanced(earlier_entry);
          END LOOP;
          RETURN NULL;
        END
      $$`,
      `CREATE TRIGGER postings_balanced AFTER INSERT ON postings REFERENCING NEW TABLE AS added
        FOR EACH STATEMENT EXECUTE FUNCTION postings_inserted()`,
    ]);
  },
};
