import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Paper trading (docs/adr/0026-paper-trading.md). A paper account is a shadow `users` row linked to
 * the real investor by `paper_of_user_id`; its ledger accounts, and the house accounts its trades
 * touch, are in the book 'paper'. The database keeps the books apart:
 *
 * - every ledger account has a book that never changes; a user's accounts take their user's book
 *   (set here by a trigger, so no caller can open a real account for a paper user or the reverse);
 * - house accounts are unique per book, purpose and currency (the paper fees, taxes and
 *   counterparty are not the real ones);
 * - an entry whose postings touch both books is refused at commit, like an unbalanced one (23514),
 *   so no code path, present or future, can move value between the books.
 *
 * `paper_accounts` names each investor's current paper account (a reset opens a new one, ADR 0026);
 * `sessions.book` is 'paper' while a session acts as it. Either change tells every server process
 * to forget the investor's cached sessions (migration 0046).
 */
export const paperBook: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `ALTER TABLE users ADD COLUMN paper_of_user_id bigint REFERENCES users (id)`,
      `ALTER TABLE users DROP CONSTRAINT users_account_kind_check`,
      `ALTER TABLE users ADD CONSTRAINT users_account_kind_check
        CHECK (account_kind IN ('investor', 'strategy', 'paper'))`,
      `ALTER TABLE users ADD CONSTRAINT users_paper_kind CHECK ((account_kind = 'paper') = (paper_of_user_id IS NOT NULL))`,
      `CREATE INDEX users_paper_of_idx ON users (paper_of_user_id) WHERE paper_of_user_id IS NOT NULL`,
      `CREATE FUNCTION refuse_paper_link_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.paper_of_user_id IS DISTINCT FROM OLD.paper_of_user_id THEN
            RAISE EXCEPTION 'the book of user % never changes', OLD.id USING ERRCODE = 'insufficient_privilege';
          END IF;
          RETURN NEW;
        END
      $$`,
      `CREATE TRIGGER users_paper_link_immutable BEFORE UPDATE OF paper_of_user_id ON users
        FOR EACH ROW EXECUTE FUNCTION refuse_paper_link_change()`,
      `CREATE TABLE paper_accounts (
        user_id bigint PRIMARY KEY REFERENCES users (id),
        paper_user_id bigint NOT NULL UNIQUE REFERENCES users (id),
        opened_at timestamptz NOT NULL,
        reset_count integer NOT NULL DEFAULT 0 CHECK (reset_count >= 0)
      )`,
      `ALTER TABLE sessions ADD COLUMN book text NOT NULL DEFAULT 'real' CHECK (book IN ('real', 'paper'))`,
      `ALTER TABLE ledger_accounts ADD COLUMN book text NOT NULL DEFAULT 'real' CHECK (book IN ('real', 'paper'))`,
      `DROP INDEX ledger_accounts_house_key`,
      `CREATE UNIQUE INDEX ledger_accounts_house_key ON ledger_accounts (book, purpose, currency)
        WHERE owner_type = 'house'`,
      // A user account's book is its user's: set here, whatever the insert said.
      `CREATE FUNCTION ledger_account_book() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'UPDATE' THEN
            IF NEW.book IS DISTINCT FROM OLD.book THEN
              RAISE EXCEPTION 'the book of ledger account % never changes', OLD.id
                USING ERRCODE = 'insufficient_privilege';
            END IF;
            RETURN NEW;
          END IF;
          IF NEW.owner_type = 'user' THEN
            SELECT CASE WHEN u.paper_of_user_id IS NULL THEN 'real' ELSE 'paper' END INTO NEW.book
              FROM users u WHERE u.id = NEW.user_id;
          END IF;
          RETURN NEW;
        END
      $$`,
      `CREATE TRIGGER ledger_accounts_book BEFORE INSERT OR UPDATE OF book ON ledger_accounts
        FOR EACH ROW EXECUTE FUNCTION ledger_account_book()`,
      // The balance check of migration 0005, plus one book per entry.
      `CREATE OR REPLACE FUNCTION assert_entry_balanced(checked_entry bigint) RETURNS void LANGUAGE plpgsql AS $$
        DECLARE
          posting_count integer;
          unbalanced_currency text;
          book_count integer;
        BEGIN
          SELECT sum(per_currency.postings)::integer,
                 min(per_currency.currency) FILTER (WHERE per_currency.total <> 0)
            INTO posting_count, unbalanced_currency
            FROM (SELECT currency, count(*) AS postings, sum(amount_minor) AS total
                    FROM postings WHERE entry_id = checked_entry GROUP BY currency) AS per_currency;
          IF coalesce(posting_count, 0) < 2 THEN
            RAISE EXCEPTION 'journal entry % has % postings; at least 2 are required', checked_entry, coalesce(posting_count, 0)
              USING ERRCODE = 'check_violation';
          END IF;
          IF unbalanced_currency IS NOT NULL THEN
            RAISE EXCEPTION 'journal entry % does not balance in %', checked_entry, unbalanced_currency
              USING ERRCODE = 'check_violation';
          END IF;
          SELECT count(DISTINCT a.book)::integer INTO book_count
            FROM postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE p.entry_id = checked_entry;
          IF book_count > 1 THEN
            RAISE EXCEPTION 'journal entry % mixes the real and paper books', checked_entry
              USING ERRCODE = 'check_violation';
          END IF;
        END
      $$`,
      `CREATE TRIGGER sessions_paper_change_notice AFTER UPDATE OF book ON sessions
        FOR EACH ROW EXECUTE FUNCTION notify_session_change()`,
      `CREATE TRIGGER paper_accounts_change_notice AFTER INSERT OR UPDATE OR DELETE ON paper_accounts
        FOR EACH ROW EXECUTE FUNCTION notify_session_change()`,
    ]);
  },
};
