import type { Db } from '../db/database.js';
import { findNewestRows, findRecord, findRow, hasRow, type RowOf } from './row-lookups.js';
import { recordFromRow, rowFromRecord } from './row-records.js';
import { deleteRow, insertRow, stampOnce, updateRows } from './row-writes.js';
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

/** Passkeys listed at once: above the most an investor may keep (use-cases/passkeys/passkey-rules.ts). */
const PASSKEYS_LISTED_MAX = 100;

const toPasskey = (row: RowOf<'user_passkeys'>): PasskeyRecord => ({
  ...recordFromRow(row),
  publicKey: new Uint8Array(row.public_key),
  signCounter: BigInt(row.sign_counter),
  transports: row.transports ?? [],
});

/** The investor's passkeys, newest first. */
export async function listPasskeys(db: Db, userId: bigint): Promise<PasskeyRecord[]> {
  return (await findNewestRows(db, 'user_passkeys', { user_id: userId }, PASSKEYS_LISTED_MAX)).map(toPasskey);
}

export async function hasPasskey(db: Db, userId: bigint): Promise<boolean> {
  return hasRow(db, 'user_passkeys', { user_id: userId });
}

export async function findPasskeyByCredentialId(
  db: Db,
  credentialId: string,
): Promise<PasskeyRecord | undefined> {
  return findRecord(db, 'user_passkeys', { credential_id: credentialId }, toPasskey);
}

export async function insertPasskey(
  trx: Db,
  input: Omit<PasskeyRecord, 'id' | 'createdAtMs' | 'lastUsedAtMs'> & { atMs: number },
): Promise<PasskeyRecord> {
  const { atMs, ...passkey } = input;
  const row = await insertRow(trx, 'user_passkeys', {
    ...rowFromRecord(passkey),
    created_at: new Date(atMs),
    last_used_at: null,
  });
  announceSessionChange(input.userId);
  return toPasskey(row);
}

/** Removes one of the investor's passkeys; answers it, or undefined when there is no such one. */
export async function deletePasskey(trx: Db, userId: bigint, id: bigint): Promise<PasskeyRecord | undefined> {
  const row = await deleteRow(trx, 'user_passkeys', { user_id: userId, id });
  if (row) announceSessionChange(userId);
  return row && toPasskey(row);
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
  const match = { id: input.id, sign_counter: input.previousCounter };
  const change = { sign_counter: input.newCounter, last_used_at: new Date(input.atMs) };
  return (await updateRows(trx, 'user_passkeys', match, change)) === 1;
}

export interface PasskeyChallengeRecord extends PasskeyChallengeKey {
  id: bigint;
  expiresAtMs: number;
  usedAtMs: number | null;
}

/** What a challenge was issued for: the investor, the ceremony, the sign-in (or null) and its text. */
export interface PasskeyChallengeKey {
  userId: bigint;
  purpose: 'registration' | 'authentication';
  loginChallengeId: bigint | null;
  challenge: string;
}

export async function insertPasskeyChallenge(
  db: Db,
  input: PasskeyChallengeKey & { atMs: number; expiresAtMs: number },
): Promise<void> {
  const { atMs, ...challenge } = input;
  await insertRow(db, 'passkey_challenges', {
    ...rowFromRecord(challenge),
    created_at: new Date(atMs),
    used_at: null,
  });
}

/**
 * The challenge a ceremony's answer names, among those issued to this investor for this purpose
 * (and, for a sign-in, this login challenge): a challenge issued elsewhere is not found.
 */
export async function findPasskeyChallenge(
  db: Db,
  key: PasskeyChallengeKey,
): Promise<PasskeyChallengeRecord | undefined> {
  const row = await findRow(db, 'passkey_challenges', {
    user_id: key.userId,
    purpose: key.purpose,
    challenge: key.challenge,
    ...(key.loginChallengeId === null ? {} : { login_challenge_id: key.loginChallengeId }),
  });
  if (!row) return undefined;
  const { created_at: _createdAt, ...challenge } = row;
  return recordFromRow(challenge);
}

/** Uses a challenge once; answers false when it was used already. */
export async function usePasskeyChallenge(db: Db, id: bigint, atMs: number): Promise<boolean> {
  return stampOnce(db, 'passkey_challenges', { id }, 'used_at', atMs);
}
