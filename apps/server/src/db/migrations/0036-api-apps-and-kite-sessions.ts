import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * The Kite Connect v3-compatible transport (docs/adr/0025-kite-compatible-transport.md): an
 * investor's API apps (the secret is never stored, only its hash and the nonce it is derived from),
 * the single-use request tokens the login page hands to an app's redirect URL, the access and
 * refresh tokens of an app's sessions (hashes only), the stable numeric instrument tokens a
 * Kite client subscribes to (`seq * 256 + segment code`, minted once per symbol and never reused),
 * and the count of a pending order's modifications, which keys each hold adjustment's entry
 * (`order:<id>:modify:<n>`).
 */
export const apiAppsAndKiteSessions: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TABLE api_apps (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
        redirect_url text NOT NULL CHECK (length(redirect_url) BETWEEN 8 AND 512),
        api_key text NOT NULL UNIQUE,
        secret_nonce text NOT NULL,
        secret_hash text NOT NULL,
        created_at timestamptz NOT NULL,
        secret_rotated_at timestamptz,
        deleted_at timestamptz
      )`,
      `CREATE INDEX api_apps_user_idx ON api_apps (user_id) WHERE deleted_at IS NULL`,
      `CREATE TABLE kite_request_tokens (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        app_id bigint NOT NULL REFERENCES api_apps (id),
        user_id bigint NOT NULL REFERENCES users (id),
        token_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`,
      `CREATE TABLE kite_sessions (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        app_id bigint NOT NULL REFERENCES api_apps (id),
        user_id bigint NOT NULL REFERENCES users (id),
        access_token_hash text NOT NULL UNIQUE,
        refresh_token_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        refresh_expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        refresh_revoked_at timestamptz
      )`,
      `CREATE INDEX kite_sessions_app_idx ON kite_sessions (app_id) WHERE revoked_at IS NULL`,
      `CREATE SEQUENCE kite_instrument_token_seq`,
      `CREATE TABLE kite_instrument_tokens (
        seq bigint PRIMARY KEY,
        symbol text NOT NULL UNIQUE REFERENCES instruments (symbol),
        instrument_token bigint NOT NULL UNIQUE CHECK (instrument_token > 0 AND instrument_token < 2147483648)
      )`,
      `ALTER TABLE positions ADD COLUMN modification_count integer NOT NULL DEFAULT 0`,
      `ALTER TABLE positions ADD COLUMN modified_at timestamptz`,
    ]);
  },
};
