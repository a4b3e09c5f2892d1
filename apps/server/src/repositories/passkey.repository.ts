import type { Db } from '../db/database.js';
import { announceSessionChange } from './session-changes.js';

/**
 * Investors' passkeys and the one-time WebAuthn challenges of their ceremonies (migration 0051,
 * docs/adr/0028-passkeys.md).
 */
export interface PasskeyRecord {
  id: bigint;
  userId: bigint;
  credentialId: string;
  publicKey: Uint8Array;
  signCounter: bigint;
  transports: string[];
  name: string;
  createdAtMs: number;
  lastUsedAtMs: number | null;
}

type PasskeyRow = {
  id: bigint;
  user_id: bigint;
  credential_id: string;
  public_key: Uint8Array;
  sign_counter: bigint | string | number;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
};

const toPasskey = (row: PasskeyRow): PasskeyRecord => ({
  id: row.id,
  userId: row.user_id,
  credentialId: row.credential_id,
  publicKey: new Uint8Array(row.public_key),
  signCounter: BigInt(row.sign_counter),
  transports: row.transports ?? [],
  name: row.name,
  createdAtMs: row.created_at.getTime(),
  lastUsedAtMs: row.last_used_at?.getTime() ?? null,
});

/** The investor's passkeys, newest first. */
export async function listPasskeys(db: Db, userId: bigint): Promise<PasskeyRecord[]> {
  const rows = await db
    .selectFrom('user_passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toPasskey);
}

export async function hasPasskey(db: Db, userId: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('user_passkeys')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findPasskeyByCredentialId(
  db: Db,
  credentialId: string,
): Promise<PasskeyRecord | undefined> {
  const row = await db
    .selectFrom('user_passkeys')
    .selectAll()
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
  return row ? toPasskey(row) : undefined;
}

export async function insertPasskey(
  trx: Db,
  input: {
    userId: bigint;
    credentialId: string;
    publicKey: Uint8Array;
    signCounter: bigint;
    transports: string[];
    name: string;
    atMs: number;
  },
): Promise<PasskeyRecord> {
  const row = await trx
    .insertInto('user_passkeys')
    .values({
      user_id: input.userId,
      credential_id: input.credentialId,
      public_key: input.publicKey,
      sign_counter: input.signCounter,
      transports: input.transports,
      name: input.name,
      created_at: new Date(input.atMs),
      last_used_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  announceSessionChange(input.userId);
  return toPasskey(row);
}

/** Removes one of the investor's passkeys; answers it, or undefined when there is no such one. */
export async function deletePasskey(
  trx: Db,
  userId: bigint,
  passkeyId: bigint,
): Promise<PasskeyRecord | undefined> {
  const row = await trx
    .deleteFrom('user_passkeys')
    .where('user_id', '=', userId)
    .where('id', '=', passkeyId)
    .returningAll()
    .executeTakeFirst();
  if (row) announceSessionChange(userId);
  return row ? toPasskey(row) : undefined;
}

/** Removes every passkey of the investor (a staff reset of the second factor); answers how many. */
export async function deleteAllPasskeys(trx: Db, userId: bigint): Promise<number> {
  const rows = await trx.deleteFrom('user_passkeys').where('user_id', '=', userId).returning('id').execute();
  await trx.deleteFrom('passkey_challenges').where('user_id', '=', userId).execute();
  if (rows.length > 0) announceSessionChange(userId);
  return rows.length;
}

/**
 * Records a use: the new signature counter, only when it is still above the stored one (or both
 * are 0, for authenticators without a counter). Answers false when a concurrent use got there first.
 */
export async function recordPasskeyUse(
  trx: Db,
  input: { id: bigint; previousCounter: bigint; newCounter: bigint; atMs: number },
): Promise<boolean> {
  const result = await trx
    .updateTable('user_passkeys')
    .set({ sign_counter: input.newCounter, last_used_at: new Date(input.atMs) })
    .where('id', '=', input.id)
    .where('sign_counter', '=', input.previousCounter)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface PasskeyChallengeRecord {
  id: bigint;
  userId: bigint;
  purpose: 'registration' | 'authentication';
  loginChallengeId: bigint | null;
  challenge: string;
  expiresAtMs: number;
  usedAtMs: number | null;
}

export async function insertPasskeyChallenge(
  db: Db,
  input: {
    userId: bigint;
    purpose: 'registration' | 'authentication';
    loginChallengeId: bigint | null;
    challenge: string;
    atMs: number;
    expiresAtMs: number;
  },
): Promise<void> {
  await db
    .insertInto('passkey_challenges')
    .values({
      user_id: input.userId,
      purpose: input.purpose,
      login_challenge_id: input.loginChallengeId,
      challenge: input.challenge,
      created_at: new Date(input.atMs),
      expires_at: new Date(input.expiresAtMs),
      used_at: null,
    })
    .execute();
}

/**
 * The challenge a ceremony's answer names, among those issued to this investor for this purpose
 * (and, for a sign-in, this login challenge): a challenge issued elsewhere is not found.
 */
export async function findPasskeyChallenge(
  db: Db,
  input: {
    userId: bigint;
    purpose: 'registration' | 'authentication';
    loginChallengeId: bigint | null;
    challenge: string;
  },
): Promise<PasskeyChallengeRecord | undefined> {
  let query = db
    .selectFrom('passkey_challenges')
    .selectAll()
    .where('user_id', '=', input.userId)
    .where('purpose', '=', input.purpose)
    .where('challenge', '=', input.challenge);
  if (input.loginChallengeId !== null) query = query.where('login_challenge_id', '=', input.loginChallengeId);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    userId: row.user_id,
    purpose: row.purpose,
    loginChallengeId: row.login_challenge_id,
    challenge: row.challenge,
    expiresAtMs: row.expires_at.getTime(),
    usedAtMs: row.used_at?.getTime() ?? null,
  };
}

/** Uses a challenge once; answers false when it was used already. */
export async function usePasskeyChallenge(db: Db, id: bigint, atMs: number): Promise<boolean> {
  const result = await db
    .updateTable('passkey_challenges')
    .set({ used_at: new Date(atMs) })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
