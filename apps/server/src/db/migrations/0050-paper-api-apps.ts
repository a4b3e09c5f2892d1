import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * An API app is created for the real or the paper book (docs/adr/0026-paper-trading.md): a paper
 * app's Kite sessions act as the investor's paper account, so a strategy runs against paper first.
 * The book of an app never changes.
 */
export const paperApiApps: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `ALTER TABLE api_apps ADD COLUMN book text NOT NULL DEFAULT 'real' CHECK (book IN ('real', 'paper'))`,
      `CREATE FUNCTION refuse_api_app_book_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.book IS DISTINCT FROM OLD.book THEN
            RAISE EXCEPTION 'the book of API app % never changes', OLD.id USING ERRCODE = 'insufficient_privilege';
          END IF;
          RETURN NEW;
        END
      $$`,
      `CREATE TRIGGER api_apps_book_immutable BEFORE UPDATE OF book ON api_apps
        FOR EACH ROW EXECUTE FUNCTION refuse_api_app_book_change()`,
    ]);
  },
};
