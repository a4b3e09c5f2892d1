import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * The staff console (ADR 0010): reversing corrections that wait for a second approver, and the
 * indexes the console's searches need (entries by kind and time, the audit log by time).
 */
export const consoleOperations: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TABLE ledger_reversal_requests (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        entry_id bigint NOT NULL REFERENCES journal_entries (id),
        amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
        reason text NOT NULL CHECK (length(reason) > 0),
        requested_by bigint NOT NULL REFERENCES staff_users (id),
        requested_at timestamptz NOT NULL,
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected')),
        decided_by bigint REFERENCES staff_users (id),
        decided_at timestamptz,
        decision_reason text,
        reversal_entry_id bigint REFERENCES journal_entries (id),
        -- Two different people: the database refuses a decision by the requester.
        CHECK (decided_by IS NULL OR decided_by <> requested_by),
        CHECK ((state = 'pending') = (decided_by IS NULL))
      )`,
      // At most one pending request per entry.
      `CREATE UNIQUE INDEX ledger_reversal_requests_one_pending ON ledger_reversal_requests (entry_id)
        WHERE state = 'pending'`,
      `CREATE INDEX ledger_reversal_requests_state_idx ON ledger_reversal_requests (state, id DESC)`,
      `CREATE INDEX journal_entries_kind_time_idx ON journal_entries (kind, created_at)`,
      `CREATE INDEX journal_entries_time_idx ON journal_entries (created_at)`,
      `CREATE INDEX audit_log_at_idx ON audit_log (at)`,
    ]);
  },
};
