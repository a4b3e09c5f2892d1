import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Contract notes (docs/adr/0021-contract-notes.md): one PDF per investor per trade date, numbered
 * `CN/<financial year>/<sequence>` and kept as issued. The PDF and its SHA-256 never change: the
 * ledger's `refuse_change()` trigger refuses UPDATE, DELETE and TRUNCATE, as on journal entries.
 * `parties` holds the broker's and the client's details as printed, so the note can be rendered
 * again byte for byte from this row and the day's `trade_charges` rows.
 */
export const contractNotes: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TABLE contract_notes (
        id bigserial PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users(id),
        trade_date date NOT NULL,
        number text NOT NULL UNIQUE,
        financial_year text NOT NULL,
        sequence integer NOT NULL CHECK (sequence > 0),
        trade_count integer NOT NULL CHECK (trade_count > 0),
        net_obligation_paise bigint NOT NULL,
        parties jsonb NOT NULL,
        pdf bytea NOT NULL,
        sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, trade_date),
        UNIQUE (financial_year, sequence)
      )`,
      `CREATE INDEX contract_notes_trade_date ON contract_notes (trade_date DESC)`,
      `CREATE TRIGGER contract_notes_immutable BEFORE UPDATE OR DELETE ON contract_notes
        FOR EACH ROW EXECUTE FUNCTION refuse_change()`,
      `CREATE TRIGGER contract_notes_no_truncate BEFORE TRUNCATE ON contract_notes
        FOR EACH STATEMENT EXECUTE FUNCTION refuse_change()`,
    ]);
  },
};
