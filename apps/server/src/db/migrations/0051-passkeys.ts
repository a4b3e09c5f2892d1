import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Passkeys (WebAuthn) as investors' second factor beside TOTP (docs/adr/0028-passkeys.md): each
 * registered credential with its COSE public key, the authenticator's signature counter (a counter
 * that goes backwards marks a cloned authenticator), its transports, the investor's name for it,
 * and when it was added and last used; and the one-time WebAuthn challenges of registrations and
 * sign-ins (a sign-in's is tied to the password step's login challenge).
 */
export const passkeys: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TABLE user_passkeys (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id),
        credential_id text NOT NULL UNIQUE,
        public_key bytea NOT NULL,
        sign_counter bigint NOT NULL CHECK (sign_counter >= 0),
        transports text[] NOT NULL DEFAULT '{}',
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 40),
        created_at timestamptz NOT NULL,
        last_used_at timestamptz
      )`,
      `CREATE INDEX user_passkeys_user_idx ON user_passkeys (user_id)`,
      `CREATE TABLE passkey_challenges (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id),
        purpose text NOT NULL CHECK (purpose IN ('registration', 'authentication')),
        login_challenge_id bigint REFERENCES login_challenges (id),
        challenge text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        CHECK ((purpose = 'authentication') = (login_challenge_id IS NOT NULL))
      )`,
      `CREATE INDEX passkey_challenges_user_idx ON passkey_challenges (user_id, purpose)`,
    ]);
  },
};
