import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Credit loans (ADR 0013). A loan is applied for (pending), rejected, or approved and
 * disbursed (outstanding) until repaid. The row keeps the split of what is owed (principal and
 * interest, charged and repaid), updated in the same transaction as each ledger entry; the user's
 * `loan_payable` balance is minus the sum. The database refuses what must never happen: two loans
 * under review or outstanding for one user, repaying more principal or interest than was charged,
 * and a positive `loan_payable` balance (the user owing less than nothing).
 */
export const loans: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TABLE loans (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id),
        principal_paise bigint NOT NULL CHECK (principal_paise > 0),
        term_days integer NOT NULL CHECK (term_days BETWEEN 1 AND 366),
        daily_interest_bps numeric(9, 4) NOT NULL CHECK (daily_interest_bps >= 0),
        state text NOT NULL CHECK (state IN ('pending', 'rejected', 'outstanding', 'repaid')),
        applied_at timestamptz NOT NULL,
        decided_at timestamptz,
        decided_by bigint REFERENCES staff_users (id),
        decision_reason text,
        disbursed_at timestamptz,
        due_at timestamptz,
        disburse_entry_id bigint REFERENCES journal_entries (id),
        principal_repaid_paise bigint NOT NULL DEFAULT 0,
        interest_charged_paise bigint NOT NULL DEFAULT 0,
        interest_repaid_paise bigint NOT NULL DEFAULT 0,
        -- The first IST date (YYYY-MM-DD) whose interest is not yet charged.
        interest_from_date text,
        repaid_at timestamptz,
        due_notice_at timestamptz,
        CONSTRAINT loan_principal_repaid_range CHECK (principal_repaid_paise BETWEEN 0 AND principal_paise),
        CONSTRAINT loan_interest_repaid_range CHECK (
          interest_charged_paise >= 0 AND interest_repaid_paise BETWEEN 0 AND interest_charged_paise),
        CONSTRAINT loan_rejection_has_reason CHECK (state <> 'rejected' OR decision_reason IS NOT NULL),
        CONSTRAINT loan_disbursed_fields CHECK (
          (state IN ('outstanding', 'repaid')) =
          (disbursed_at IS NOT NULL AND due_at IS NOT NULL AND disburse_entry_id IS NOT NULL
            AND interest_from_date IS NOT NULL)),
        CONSTRAINT loan_repaid_in_full CHECK (
          state <> 'repaid' OR (principal_repaid_paise = principal_paise
            AND interest_repaid_paise = interest_charged_paise AND repaid_at IS NOT NULL))
      )`,
      `CREATE UNIQUE INDEX loans_one_open_per_user ON loans (user_id) WHERE state IN ('pending', 'outstanding')`,
      `CREATE INDEX loans_user_idx ON loans (user_id, id DESC)`,
      `CREATE INDEX loans_state_idx ON loans (state, id)`,
      `CREATE TABLE loan_repayments (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        loan_id bigint NOT NULL REFERENCES loans (id),
        user_id bigint NOT NULL REFERENCES users (id),
        amount_paise bigint NOT NULL CHECK (amount_paise > 0),
        interest_paise bigint NOT NULL CHECK (interest_paise >= 0),
        principal_paise bigint NOT NULL CHECK (principal_paise >= 0),
        source text NOT NULL CHECK (source IN ('cash', 'staff')),
        external_reference text,
        staff_id bigint REFERENCES staff_users (id),
        entry_id bigint NOT NULL REFERENCES journal_entries (id),
        created_at timestamptz NOT NULL,
        CONSTRAINT loan_repayment_split CHECK (interest_paise + principal_paise = amount_paise),
        CONSTRAINT loan_repayment_staff_fields CHECK (
          (source = 'staff') = (staff_id IS NOT NULL AND external_reference IS NOT NULL))
      )`,
      `CREATE INDEX loan_repayments_loan_idx ON loan_repayments (loan_id, id)`,
      // One bank transfer repays once: staff cannot record the same reference twice.
      `CREATE UNIQUE INDEX loan_repayments_reference_once ON loan_repayments (external_reference)
        WHERE source = 'staff'`,
      // A user never owes less than nothing: loan_payable stays at or below zero.
      `ALTER TABLE ledger_accounts ADD CONSTRAINT loan_payable_not_positive
        CHECK (owner_type <> 'user' OR purpose <> 'loan_payable' OR balance_minor <= 0)`,
    ]);
  },
};
