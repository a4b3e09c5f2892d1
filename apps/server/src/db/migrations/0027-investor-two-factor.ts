import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Investors' two-factor sign-in (docs/adr/0022-investor-two-factor.md): the TOTP secret (enabled
 * once confirmed; the last time step used, so a code works once), ten recovery codes kept as
 * hashes, the pending second step of a sign-in, the devices an investor signed in from (a new one
 * is told to them), and staff resets, which a second staff member confirms.
 */
export const investorTwoFactor: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TABLE user_second_factors (
        user_id bigint PRIMARY KEY REFERENCES users (id),
        totp_secret text NOT NULL,
        enabled_at timestamptz,
        last_used_step bigint,
        created_at timestamptz NOT NULL
      )`,
      `CREATE TABLE user_recovery_codes (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id),
        code_hash text NOT NULL,
        used_at timestamptz
      )`,
      `CREATE INDEX user_recovery_codes_user_idx ON user_recovery_codes (user_id) WHERE used_at IS NULL`,
      `CREATE TABLE login_challenges (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id),
        token_hash text NOT NULL UNIQUE,
        device_hash text NOT NULL,
        device_label text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        failed_attempts integer NOT NULL DEFAULT 0,
        used_at timestamptz
      )`,
      `CREATE TABLE user_devices (
        user_id bigint NOT NULL REFERENCES users (id),
        device_hash text NOT NULL,
        first_seen_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, device_hash)
      )`,
      `CREATE TABLE second_factor_resets (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id),
        requested_by bigint NOT NULL REFERENCES staff_users (id),
        request_reason text NOT NULL,
        requested_at timestamptz NOT NULL,
        confirmed_by bigint REFERENCES staff_users (id),
        confirm_reason text,
        confirmed_at timestamptz,
        CHECK (confirmed_by IS NULL OR confirmed_by <> requested_by)
      )`,
      `CREATE UNIQUE INDEX second_factor_resets_one_pending ON second_factor_resets (user_id)
        WHERE confirmed_at IS NULL`,
      `CREATE INDEX second_factor_resets_confirmed_idx ON second_factor_resets (user_id, confirmed_at)
        WHERE confirmed_at IS NOT NULL`,
    ]);
  },
};
