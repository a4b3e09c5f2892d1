import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Investor accounts, sessions, invitation codes, flags, staff, idempotency, the append-only audit
 * log, configuration and parameters.
 */
export const foundation: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TABLE users (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        phone text NOT NULL UNIQUE,
        password_hash text NOT NULL,
        fund_password_hash text,
        real_name text,
        kyc_status text NOT NULL DEFAULT 'unverified'
          CHECK (kyc_status IN ('unverified', 'pending', 'verified', 'rejected')),
        credit_score integer NOT NULL DEFAULT 0,
        day_trading_status text NOT NULL DEFAULT 'none'
          CHECK (day_trading_status IN ('none', 'pending', 'approved', 'rejected')),
        language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'hi', 'zh')),
        referrer_id bigint REFERENCES users (id),
        fund_password_failures integer NOT NULL DEFAULT 0,
        fund_password_locked_until timestamptz,
        password_changed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX users_referrer_idx ON users (referrer_id)`,
      `CREATE TABLE invitation_codes (
        code text PRIMARY KEY CHECK (code ~ '^[A-Z0-9]{4,32}$'),
        owner_user_id bigint UNIQUE REFERENCES users (id),
        active boolean NOT NULL DEFAULT true,
        note text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE TABLE user_flags (
        user_id bigint NOT NULL REFERENCES users (id),
        flag text NOT NULL
          CHECK (flag IN ('frozen', 'login_banned', 'disabled', 'trading_barred', 'withdrawal_barred')),
        reason text NOT NULL CHECK (length(reason) > 0),
        set_by text NOT NULL,
        set_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, flag)
      )`,
      `CREATE TABLE sessions (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id),
        token_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        revoked_reason text,
        ip text,
        user_agent text
      )`,
      `CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL`,
      `CREATE TABLE staff_users (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        username text NOT NULL UNIQUE,
        display_name text NOT NULL,
        password_hash text NOT NULL,
        roles text[] NOT NULL CHECK (roles <@ ARRAY['admin', 'finance', 'compliance', 'support', 'content']),
        totp_secret text,
        totp_enabled_at timestamptz,
        failed_attempts integer NOT NULL DEFAULT 0,
        locked_until timestamptz,
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE TABLE staff_sessions (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        staff_id bigint NOT NULL REFERENCES staff_users (id),
        token_hash text NOT NULL UNIQUE,
        purpose text NOT NULL DEFAULT 'session' CHECK (purpose IN ('session', 'totp_enrollment')),
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        ip text
      )`,
      `CREATE TABLE password_reset_codes (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id),
        code_hash text NOT NULL,
        issued_by_staff_id bigint NOT NULL REFERENCES staff_users (id),
        reason text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`,
      `CREATE INDEX password_reset_codes_user_idx ON password_reset_codes (user_id) WHERE used_at IS NULL`,
      `CREATE TABLE idempotency_keys (
        scope text NOT NULL,
        key text NOT NULL,
        request_hash text NOT NULL,
        state text NOT NULL CHECK (state IN ('in_progress', 'done')),
        http_status integer,
        reply jsonb,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (scope, key)
      )`,
      `CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at)`,
      `CREATE TABLE audit_log (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        actor_type text NOT NULL CHECK (actor_type IN ('user', 'staff', 'system', 'anonymous')),
        actor_id text,
        action text NOT NULL,
        target_type text,
        target_id text,
        before jsonb,
        after jsonb,
        reason text,
        request_id text,
        ip text
      )`,
      `CREATE INDEX audit_log_actor_idx ON audit_log (actor_type, actor_id, at)`,
      `CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id, at)`,
      `CREATE INDEX audit_log_action_idx ON audit_log (action, at)`,
      // The audit log is append-only: the database itself refuses to change or remove a row.
      `CREATE FUNCTION refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          RAISE EXCEPTION '% on % is not allowed: the table is append-only', TG_OP, TG_TABLE_NAME
            USING ERRCODE = 'insufficient_privilege';
        END
      $$`,
      `CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
        FOR EACH ROW EXECUTE FUNCTION refuse_change()`,
      `CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION refuse_change()`,
      `CREATE TABLE config_entries (
        name text PRIMARY KEY,
        value text NOT NULL,
        is_public boolean NOT NULL DEFAULT true,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE TABLE parameters (
        name text PRIMARY KEY,
        value jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
    ]);
  },
};
