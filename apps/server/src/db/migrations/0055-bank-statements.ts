import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Bank-statement matching (docs/adr/0032-bank-statement-matching.md): each bank's column mapping,
 * the statements finance uploads (one row per statement, its content's fingerprint unique so a
 * statement is never stored twice) and their transaction lines. A line pays at most one deposit and
 * a deposit is paid by at most one line (unique indexes); a line is a debit or a credit, never both.
 */
export const bankStatements: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TABLE bank_statement_mappings (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        bank_name text NOT NULL CHECK (length(bank_name) BETWEEN 1 AND 60),
        date_column text NOT NULL,
        narration_column text NOT NULL,
        reference_column text NOT NULL,
        debit_column text NOT NULL,
        credit_column text NOT NULL,
        balance_column text,
        updated_by bigint NOT NULL REFERENCES staff_users (id),
        updated_at timestamptz NOT NULL
      )`,
      `CREATE UNIQUE INDEX bank_statement_mappings_bank_name ON bank_statement_mappings (lower(bank_name))`,
      `CREATE TABLE bank_statements (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        mapping_id bigint NOT NULL REFERENCES bank_statement_mappings (id),
        file_name text NOT NULL,
        content_sha256 text NOT NULL UNIQUE,
        first_date text NOT NULL CHECK (first_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
        last_date text NOT NULL CHECK (last_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
        line_count integer NOT NULL CHECK (line_count > 0),
        uploaded_by bigint NOT NULL REFERENCES staff_users (id),
        uploaded_at timestamptz NOT NULL
      )`,
      `CREATE TABLE bank_statement_lines (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        statement_id bigint NOT NULL REFERENCES bank_statements (id),
        line_number integer NOT NULL,
        value_date text NOT NULL CHECK (value_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
        narration text NOT NULL,
        reference text NOT NULL,
        debit_minor bigint NOT NULL CHECK (debit_minor >= 0),
        credit_minor bigint NOT NULL CHECK (credit_minor >= 0),
        balance_minor bigint,
        deposit_id bigint REFERENCES deposits (id),
        withdrawal_id bigint REFERENCES withdrawals (id),
        matched_by bigint REFERENCES staff_users (id),
        matched_at timestamptz,
        CHECK ((debit_minor > 0) <> (credit_minor > 0)),
        CHECK (deposit_id IS NULL OR credit_minor > 0),
        CHECK (withdrawal_id IS NULL OR debit_minor > 0),
        CHECK ((deposit_id IS NULL AND withdrawal_id IS NULL) = (matched_by IS NULL)),
        UNIQUE (statement_id, line_number)
      )`,
      `CREATE UNIQUE INDEX bank_statement_lines_deposit_once ON bank_statement_lines (deposit_id)
        WHERE deposit_id IS NOT NULL`,
      `CREATE UNIQUE INDEX bank_statement_lines_withdrawal_once ON bank_statement_lines (withdrawal_id)
        WHERE withdrawal_id IS NOT NULL`,
    ]);
  },
};
