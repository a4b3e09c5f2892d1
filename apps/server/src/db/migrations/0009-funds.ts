import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Funds and identity (ADR 0009): uploaded evidence, KYC submissions, payout destinations, deposit
 * channels, deposits, withdrawals, exchange rates and exchanges. Money moves only through ledger
 * entries; these tables hold the requests and their review, each pointing at the entries behind it.
 *
 * The database guards what a race in code could break: one pending deposit and one pending
 * withdrawal per user, one active destination per bank account or wallet address, one pending or
 * verified KYC per identity number, and a payer reference used once.
 */
export const funds: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      // Files are stored under a random name (the id); the owner and staff read them, nobody else.
      `CREATE TABLE uploads (
        id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{32}$'),
        user_id bigint NOT NULL REFERENCES users (id),
        purpose text NOT NULL CHECK (purpose IN ('kyc', 'receipt')),
        content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')),
        size_bytes integer NOT NULL CHECK (size_bytes > 0 AND size_bytes <= 5242880),
        sha256 text NOT NULL,
        created_at timestamptz NOT NULL
      )`,
      `CREATE INDEX uploads_user_idx ON uploads (user_id, created_at)`,
      `CREATE TABLE kyc_submissions (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id),
        full_name text NOT NULL,
        id_type text NOT NULL CHECK (id_type IN ('pan', 'aadhaar')),
        -- A PAN in full; an Aadhaar number never: only its last four digits and a keyed hash.
        id_display text NOT NULL,
        id_last4 text NOT NULL,
        id_hmac text NOT NULL,
        front_upload_id text NOT NULL REFERENCES uploads (id),
        back_upload_id text NOT NULL REFERENCES uploads (id),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'verified', 'rejected')),
        reject_reason text,
        reviewed_by bigint REFERENCES staff_users (id),
        reviewed_at timestamptz,
        submitted_at timestamptz NOT NULL,
        CONSTRAINT kyc_rejection_has_reason CHECK (status <> 'rejected' OR reject_reason IS NOT NULL)
      )`,
      `CREATE INDEX kyc_submissions_user_idx ON kyc_submissions (user_id, id DESC)`,
      `CREATE INDEX kyc_submissions_status_idx ON kyc_submissions (status, id)`,
      `CREATE UNIQUE INDEX kyc_submissions_one_open ON kyc_submissions (user_id) WHERE status = 'pending'`,
      `CREATE UNIQUE INDEX kyc_submissions_identity_once ON kyc_submissions (id_type, id_hmac)
        WHERE status IN ('pending', 'verified')`,
      `CREATE TABLE payout_destinations (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id),
        kind text NOT NULL CHECK (kind IN ('bank', 'wallet')),
        holder_name text,
        account_number text,
        ifsc text,
        bank_name text,
        branch_name text,
        network text CHECK (network IN ('TRC20', 'ERC20')),
        address text,
        -- What duplicates are compared on: ifsc:account for a bank, network:address for a wallet.
        match_key text NOT NULL,
        created_at timestamptz NOT NULL,
        usable_from timestamptz NOT NULL,
        removed_at timestamptz,
        CONSTRAINT payout_bank_fields CHECK (kind <> 'bank' OR (holder_name IS NOT NULL AND account_number IS NOT NULL AND ifsc IS NOT NULL)),
        CONSTRAINT payout_wallet_fields CHECK (kind <> 'wallet' OR (network IS NOT NULL AND address IS NOT NULL))
      )`,
      `CREATE UNIQUE INDEX payout_destinations_active_once ON payout_destinations (kind, match_key)
        WHERE removed_at IS NULL`,
      `CREATE INDEX payout_destinations_user_idx ON payout_destinations (user_id) WHERE removed_at IS NULL`,
      `CREATE TABLE deposit_channels (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('bank', 'upi', 'usdt')),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
        currency text NOT NULL CHECK (currency ~ '^[A-Z]{3,5}$'),
        enabled boolean NOT NULL DEFAULT false,
        min_minor bigint NOT NULL CHECK (min_minor > 0),
        max_minor bigint NOT NULL,
        window_from text NOT NULL,
        window_to text NOT NULL,
        details jsonb NOT NULL,
        position integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        deleted_at timestamptz,
        CONSTRAINT deposit_channel_limits CHECK (max_minor >= min_minor)
      )`,
      `CREATE TABLE deposits (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id),
        channel_id bigint NOT NULL REFERENCES deposit_channels (id),
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        currency text NOT NULL,
        payer_reference text NOT NULL,
        receipt_upload_id text NOT NULL REFERENCES uploads (id),
        source_destination_id bigint NOT NULL REFERENCES payout_destinations (id),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
        reject_reason text,
        reviewed_by bigint REFERENCES staff_users (id),
        reviewed_at timestamptz,
        entry_id bigint REFERENCES journal_entries (id),
        created_at timestamptz NOT NULL,
        CONSTRAINT deposit_approval_has_entry CHECK (status <> 'approved' OR entry_id IS NOT NULL),
        CONSTRAINT deposit_rejection_has_reason CHECK (status <> 'rejected' OR reject_reason IS NOT NULL)
      )`,
      `CREATE UNIQUE INDEX deposits_one_pending ON deposits (user_id) WHERE status = 'pending'`,
      `CREATE UNIQUE INDEX deposits_reference_once ON deposits (payer_reference) WHERE status <> 'rejected'`,
      `CREATE INDEX deposits_user_idx ON deposits (user_id, id DESC)`,
      `CREATE INDEX deposits_status_idx ON deposits (status, id)`,
      `CREATE TABLE withdrawals (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id),
        destination_id bigint NOT NULL REFERENCES payout_destinations (id),
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        fee_minor bigint NOT NULL CHECK (fee_minor >= 0),
        currency text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
        approvals_required integer NOT NULL CHECK (approvals_required IN (1, 2)),
        first_approved_by bigint REFERENCES staff_users (id),
        first_approved_at timestamptz,
        payout_reference text,
        reject_reason text,
        reviewed_by bigint REFERENCES staff_users (id),
        reviewed_at timestamptz,
        -- Set by the request's own transaction, right after the row exists (the entry key names the id).
        hold_entry_id bigint REFERENCES journal_entries (id),
        settle_entry_id bigint REFERENCES journal_entries (id),
        created_at timestamptz NOT NULL,
        CONSTRAINT withdrawal_fee_below_amount CHECK (fee_minor < amount_minor),
        CONSTRAINT withdrawal_two_people CHECK (approvals_required = 1 OR status <> 'approved'
          OR (first_approved_by IS NOT NULL AND reviewed_by IS NOT NULL AND first_approved_by <> reviewed_by)),
        CONSTRAINT withdrawal_decided_has_entry CHECK (status = 'pending' OR settle_entry_id IS NOT NULL),
        CONSTRAINT withdrawal_approval_has_reference CHECK (status <> 'approved' OR payout_reference IS NOT NULL),
        CONSTRAINT withdrawal_rejection_has_reason CHECK (status <> 'rejected' OR reject_reason IS NOT NULL)
      )`,
      `CREATE UNIQUE INDEX withdrawals_one_pending ON withdrawals (user_id) WHERE status = 'pending'`,
      `CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, id DESC)`,
      `CREATE INDEX withdrawals_status_idx ON withdrawals (status, id)`,
      `CREATE INDEX withdrawals_destination_idx ON withdrawals (destination_id) WHERE status = 'pending'`,
      // 1 unit of from_currency buys numerator/denominator units of to_currency, before the spread.
      `CREATE TABLE exchange_rates (
        from_currency text NOT NULL CHECK (from_currency ~ '^[A-Z]{3,5}$'),
        to_currency text NOT NULL CHECK (to_currency ~ '^[A-Z]{3,5}$'),
        rate_numerator bigint NOT NULL CHECK (rate_numerator > 0),
        rate_denominator bigint NOT NULL CHECK (rate_denominator > 0),
        spread_bps integer NOT NULL CHECK (spread_bps BETWEEN 0 AND 1000),
        enabled boolean NOT NULL DEFAULT true,
        updated_by bigint REFERENCES staff_users (id),
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (from_currency, to_currency),
        CONSTRAINT exchange_rate_two_currencies CHECK (from_currency <> to_currency)
      )`,
      `CREATE TABLE exchanges (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id),
        from_currency text NOT NULL,
        to_currency text NOT NULL,
        from_minor bigint NOT NULL CHECK (from_minor > 0),
        to_minor bigint NOT NULL CHECK (to_minor > 0),
        rate_numerator bigint NOT NULL,
        rate_denominator bigint NOT NULL,
        spread_bps integer NOT NULL,
        -- Set by the exchange's own transaction, right after the row exists (the entry key names the id).
        entry_id bigint REFERENCES journal_entries (id),
        created_at timestamptz NOT NULL
      )`,
      `CREATE INDEX exchanges_user_idx ON exchanges (user_id, id DESC)`,
    ]);
  },
};
