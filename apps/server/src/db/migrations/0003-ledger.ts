import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * The double-entry ledger (DESIGN.md section 4, ADR 0003). The database itself enforces what must
 * never happen: entries and postings are immutable, an entry's postings sum to zero per currency
 * (checked at commit by a deferred constraint trigger), a posting's currency is its account's, and a
 * user's own-money accounts never go below zero.
 *
 * House accounts carry no cached balance (balance_minor is NULL): their balance is the sum of their
 * postings, so the fee or counterparty account that every trade touches is never a hot row.
 */
export const ledger: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TABLE ledger_accounts (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        owner_type text NOT NULL CHECK (owner_type IN ('user', 'house')),
        user_id bigint REFERENCES users (id),
        purpose text NOT NULL CHECK (purpose ~ '^[a-z_]{2,40}$'),
        currency text NOT NULL CHECK (currency ~ '^[A-Z]{3,5}$'),
        balance_minor bigint,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ledger_account_owner CHECK ((owner_type = 'user') = (user_id IS NOT NULL)),
        CONSTRAINT ledger_account_cache CHECK ((owner_type = 'user') = (balance_minor IS NOT NULL)),
        CONSTRAINT user_balance_not_negative
          CHECK (owner_type <> 'user' OR purpose = 'loan_payable' OR balance_minor >= 0),
        CONSTRAINT ledger_account_id_currency UNIQUE (id, currency)
      )`,
      `CREATE UNIQUE INDEX ledger_accounts_user_key ON ledger_accounts (user_id, purpose, currency)
        WHERE owner_type = 'user'`,
      `CREATE UNIQUE INDEX ledger_accounts_house_key ON ledger_accounts (purpose, currency)
        WHERE owner_type = 'house'`,
      `CREATE TABLE journal_entries (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        entry_key text NOT NULL UNIQUE CHECK (length(entry_key) BETWEEN 3 AND 200),
        kind text NOT NULL,
        reference_type text,
        reference_id text,
        posted_by_type text NOT NULL CHECK (posted_by_type IN ('user', 'staff', 'system')),
        posted_by_id text,
        reverses_entry_id bigint REFERENCES journal_entries (id),
        memo text,
        created_at timestamptz NOT NULL
      )`,
      `CREATE UNIQUE INDEX journal_entries_one_reversal ON journal_entries (reverses_entry_id)
        WHERE reverses_entry_id IS NOT NULL`,
      `CREATE INDEX journal_entries_reference_idx ON journal_entries (reference_type, reference_id)`,
      `CREATE TABLE postings (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        entry_id bigint NOT NULL REFERENCES journal_entries (id),
        account_id bigint NOT NULL,
        amount_minor bigint NOT NULL CHECK (amount_minor <> 0),
        currency text NOT NULL,
        balance_after_minor bigint,
        CONSTRAINT postings_account_currency FOREIGN KEY (account_id, currency)
          REFERENCES ledger_accounts (id, currency)
      )`,
      `CREATE INDEX postings_entry_idx ON postings (entry_id)`,
      `CREATE INDEX postings_account_idx ON postings (account_id, id DESC)`,
      `CREATE TRIGGER journal_entries_immutable BEFORE UPDATE OR DELETE ON journal_entries
        FOR EACH ROW EXECUTE FUNCTION refuse_change()`,
      `CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON journal_entries
        FOR EACH STATEMENT EXECUTE FUNCTION refuse_change()`,
      `CREATE TRIGGER postings_immutable BEFORE UPDATE OR DELETE ON postings
        FOR EACH ROW EXECUTE FUNCTION refuse_change()`,
      `CREATE TRIGGER postings_no_truncate BEFORE TRUNCATE ON postings
        FOR EACH STATEMENT EXECUTE FUNCTION refuse_change()`,
      // Checked at COMMIT, when every posting of the entry is in: at least two postings, and a zero
      // sum for each currency. An unbalanced entry fails the whole transaction with 23514.
      `CREATE FUNCTION assert_entry_balanced(checked_entry bigint) RETURNS void LANGUAGE plpgsql AS $$
        DECLARE
          posting_count integer;
          unbalanced_currency text;
        BEGIN
          SELECT count(*) INTO posting_count FROM postings WHERE entry_id = checked_entry;
          IF posting_count < 2 THEN
            RAISE EXCEPTION 'journal entry % has % postings; at least 2 are required', checked_entry, posting_count
              USING ERRCODE = 'check_violation';
          END IF;
          SELECT currency INTO unbalanced_currency FROM postings WHERE entry_id = checked_entry
            GROUP BY currency HAVING sum(amount_minor) <> 0 LIMIT 1;
          IF unbalanced_currency IS NOT NULL THEN
            RAISE EXCEPTION 'journal entry % does not balance in %', checked_entry, unbalanced_currency
              USING ERRCODE = 'check_violation';
          END IF;
        END
      $$`,
      `CREATE FUNCTION journal_entry_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM assert_entry_balanced(NEW.id);
          RETURN NULL;
        END
      $$`,
      `CREATE FUNCTION posting_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM assert_entry_balanced(NEW.entry_id);
          RETURN NULL;
        END
      $$`,
      `CREATE CONSTRAINT TRIGGER journal_entries_balanced AFTER INSERT ON journal_entries
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entry_inserted()`,
      `CREATE CONSTRAINT TRIGGER postings_balanced AFTER INSERT ON postings
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION posting_inserted()`,
    ]);
  },
};
