import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Maker-checker (docs/adr/0027-maker-checker-and-statement-matching.md): an act that moves or routes
 * money is recorded as a request that a second staff member approves or rejects. The database
 * refuses a decision by the maker (a CHECK, as on ledger reversal requests in 0011) and keeps at
 * most one pending request per kind and target. Withdrawals also refuse a payout reference (UTR)
 * already used by another paid withdrawal.
 */
export const approvalRequests: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TABLE approval_requests (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN
          ('deposit_channel_payee', 'deposit_approval', 'loan_approval', 'follow_funding', 'parameter_change')),
        target_id text NOT NULL,
        target_label text NOT NULL,
        payload jsonb NOT NULL,
        amount_minor bigint CHECK (amount_minor IS NULL OR amount_minor >= 0),
        currency text,
        reason text NOT NULL CHECK (length(reason) > 0),
        requested_by bigint NOT NULL REFERENCES staff_users (id),
        requested_at timestamptz NOT NULL,
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected')),
        decided_by bigint REFERENCES staff_users (id),
        decided_at timestamptz,
        decision_reason text,
        -- The maker never checks their own request.
        CONSTRAINT approval_requests_maker_is_not_checker
          CHECK (decided_by IS NULL OR decided_by <> requested_by),
        CHECK ((state = 'pending') = (decided_by IS NULL))
      )`,
      `CREATE UNIQUE INDEX approval_requests_one_pending ON approval_requests (kind, target_id)
        WHERE state = 'pending'`,
      `CREATE INDEX approval_requests_state_idx ON approval_requests (state, requested_at)`,
      // A payout reference names one bank transfer: two paid withdrawals cannot share it.
      `CREATE UNIQUE INDEX withdrawals_payout_reference_once ON withdrawals (payout_reference)
        WHERE payout_reference IS NOT NULL AND status = 'approved'`,
    ]);
  },
};
