import type { Db } from '../db/database.js';
import { countRows, findRow } from './row-lookups.js';
import { updateRows } from './row-writes.js';
import { announceSessionChange } from './session-changes.js';

/**
 * Investors' second factor (migration 0027, docs/adr/0022-investor-two-factor.md): the TOTP secret,
 * recovery codes (hashes only), sign-in challenges, known devices and staff resets.
 */
export interface SecondFactorRecord {
  userId: bigint;
  totpSecret: string;
  enabledAtMs: number | null;
  lastUsedStep: bigint | null;
}

export async function findSecondFactor(db: Db, userId: bigint): Promise<SecondFactorRecord | undefined> {
  const row = await findRow(db, 'user_second_factors', { user_id: userId });
  if (!row) return undefined;
  return {
    userId: row.user_id,
    totpSecret: row.totp_secret,
    enabledAtMs: row.enabled_at?.getTime() ?? null,
    lastUsedStep: row.last_used_step === null ? null : BigInt(row.last_used_step),
  };
}

/**
 * Whether the investor's second factor is on: TOTP enrolled and confirmed, or a passkey registered
 * (docs/adr/0028-passkeys.md).
 */
export async function hasEnabledSecondFactor(db: Db, userId: bigint): Promise<boolean> {
  return (await findSecondFactorKinds(db, userId)).length > 0;
}

/** The second factors the investor can answer a sign-in with: 'totp', 'passkey', both or none. */
export async function findSecondFactorKinds(db: Db, userId: bigint): Promise<Array<'totp' | 'passkey'>> {
  const totp = await db
    .selectFrom('user_second_factors')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();
  const passkey = await db
    .selectFrom('user_passkeys')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return [...(totp ? (['totp'] as const) : []), ...(passkey ? (['passkey'] as const) : [])];
}

/** Stores a new, not yet confirmed secret (replacing an unconfirmed one). */
export async function upsertPendingSecondFactor(
  db: Db,
  input: { userId: bigint; totpSecret: string; atMs: number },
): Promise<void> {
  await db
    .insertInto('user_second_factors')
    .values({
      user_id: input.userId,
      totp_secret: input.totpSecret,
      enabled_at: null,
      last_used_step: null,
      created_at: new Date(input.atMs),
    })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({
        totp_secret: input.totpSecret,
        enabled_at: null,
        last_used_step: null,
        created_at: new Date(input.atMs),
      }),
    )
    .execute();
}

export async function enableSecondFactor(
  trx: Db,
  userId: bigint,
  atMs: number,
  usedStep: bigint,
): Promise<void> {
  await updateRows(
    trx,
    'user_second_factors',
    { user_id: userId },
    { enabled_at: new Date(atMs), last_used_step: usedStep },
  );
  announceSessionChange(userId);
}

/**
 * Records the time step of a code just accepted, only if it is later than the last one: answers
 * false when the code (or an earlier one) was already used, so a code signs in once.
 */
export async function claimTotpStep(db: Db, userId: bigint, step: bigint): Promise<boolean> {
  const result = await db
    .updateTable('user_second_factors')
    .set({ last_used_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes the second factor and every recovery code. */
export async function deleteSecondFactor(trx: Db, userId: bigint): Promise<void> {
  await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('user_second_factors').where('user_id', '=', userId).execute();
  announceSessionChange(userId);
}

export async function replaceRecoveryCodes(trx: Db, userId: bigint, codeHashes: string[]): Promise<void> {
  await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  await trx
    .insertInto('user_recovery_codes')
    .values(codeHashes.map((codeHash) => ({ user_id: userId, code_hash: codeHash, used_at: null })))
    .execute();
}

export async function countUnusedRecoveryCodes(db: Db, userId: bigint): Promise<number> {
  return countRows(db, 'user_recovery_codes', { user_id: userId, used_at: null });
}

/** Marks an unused recovery code used; answers false when there is no such unused code. */
export async function useRecoveryCode(
  db: Db,
  userId: bigint,
  codeHash: string,
  atMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('user_recovery_codes')
    .set({ used_at: new Date(atMs) })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface LoginChallengeRecord {
  id: bigint;
  userId: bigint;
  deviceHash: string;
  deviceLabel: string;
  expiresAtMs: number;
  failedAttempts: number;
  usedAtMs: number | null;
}

export async function insertLoginChallenge(
  db: Db,
  input: {
    userId: bigint;
    tokenHash: string;
    deviceHash: string;
    deviceLabel: string;
    atMs: number;
    expiresAtMs: number;
  },
): Promise<void> {
  await db
    .insertInto('login_challenges')
    .values({
      user_id: input.userId,
      token_hash: input.tokenHash,
      device_hash: input.deviceHash,
      device_label: input.deviceLabel,
      created_at: new Date(input.atMs),
      expires_at: new Date(input.expiresAtMs),
      used_at: null,
    })
    .execute();
}

export async function findLoginChallenge(
  db: Db,
  tokenHash: string,
): Promise<LoginChallengeRecord | undefined> {
  const row = await findRow(db, 'login_challenges', { token_hash: tokenHash });
  if (!row) return undefined;
  return {
    id: row.id,
    userId: row.user_id,
    deviceHash: row.device_hash,
    deviceLabel: row.device_label,
    expiresAtMs: row.expires_at.getTime(),
    failedAttempts: row.failed_attempts,
    usedAtMs: row.used_at?.getTime() ?? null,
  };
}

export async function addChallengeFailure(db: Db, id: bigint): Promise<void> {
  await db
    .updateTable('login_challenges')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Uses a challenge once; answers false when it was used already (a concurrent second step). */
export async function useLoginChallenge(trx: Db, id: bigint, atMs: number): Promise<boolean> {
  const result = await trx
    .updateTable('login_challenges')
    .set({ used_at: new Date(atMs) })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records a sign-in from a device; answers whether it is news: a device not seen before, for an
 * investor who had signed in from another one (their first device ever is not news).
 */
export async function recordDevice(
  trx: Db,
  input: { userId: bigint; deviceHash: string; atMs: number },
): Promise<boolean> {
  const known = await trx
    .selectFrom('user_devices')
    .select('device_hash')
    .where('user_id', '=', input.userId)
    .execute();
  await trx
    .insertInto('user_devices')
    .values({
      user_id: input.userId,
      device_hash: input.deviceHash,
      first_seen_at: new Date(input.atMs),
      last_seen_at: new Date(input.atMs),
    })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'device_hash']).doUpdateSet({ last_seen_at: new Date(input.atMs) }),
    )
    .execute();
  return known.length > 0 && !known.some((row) => row.device_hash === input.deviceHash);
}

export interface SecondFactorResetRecord {
  id: bigint;
  userId: bigint;
  requestedBy: bigint;
  requestedByName: string;
  requestReason: string;
  requestedAtMs: number;
}

export async function insertSecondFactorReset(
  db: Db,
  input: { userId: bigint; requestedBy: bigint; reason: string; atMs: number },
): Promise<bigint> {
  const row = await db
    .insertInto('second_factor_resets')
    .values({
      user_id: input.userId,
      requested_by: input.requestedBy,
      request_reason: input.reason,
      requested_at: new Date(input.atMs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const pendingResets = (db: Db) =>
  db
    .selectFrom('second_factor_resets as r')
    .innerJoin('staff_users as s', 's.id', 'r.requested_by')
    .select(['r.id', 'r.user_id', 'r.requested_by', 's.username', 'r.request_reason', 'r.requested_at'])
    .where('r.confirmed_at', 'is', null);

const toReset = (row: {
  id: bigint;
  user_id: bigint;
  requested_by: bigint;
  username: string;
  request_reason: string;
  requested_at: Date;
}): SecondFactorResetRecord => ({
  id: row.id,
  userId: row.user_id,
  requestedBy: row.requested_by,
  requestedByName: row.username,
  requestReason: row.request_reason,
  requestedAtMs: row.requested_at.getTime(),
});

export async function findPendingResetOfUser(
  db: Db,
  userId: bigint,
): Promise<SecondFactorResetRecord | undefined> {
  const row = await pendingResets(db).where('r.user_id', '=', userId).executeTakeFirst();
  return row ? toReset(row) : undefined;
}

/** A pending reset, locked for its confirmation. */
export async function lockPendingReset(trx: Db, id: bigint): Promise<SecondFactorResetRecord | undefined> {
  const row = await pendingResets(trx).where('r.id', '=', id).forUpdate('r').executeTakeFirst();
  return row ? toReset(row) : undefined;
}

export async function markResetConfirmed(
  trx: Db,
  input: { id: bigint; confirmedBy: bigint; reason: string; atMs: number },
): Promise<void> {
  await trx
    .updateTable('second_factor_resets')
    .set({
      confirmed_by: input.confirmedBy,
      confirm_reason: input.reason,
      confirmed_at: new Date(input.atMs),
    })
    .where('id', '=', input.id)
    .execute();
}

/** When the investor's second factor was last reset by staff, if ever. */
export async function lastConfirmedResetMs(db: Db, userId: bigint): Promise<number | null> {
  const row = await db
    .selectFrom('second_factor_resets')
    .select((eb) => eb.fn.max('confirmed_at').as('at'))
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  const at = row?.at as Date | string | null | undefined;
  return at ? new Date(at).getTime() : null;
}

/** The devices an investor signed in from, last seen first, at most `limit` (the customer view). */
export async function listUserDevices(
  db: Db,
  userId: bigint,
  limit: number,
): Promise<{ deviceHash: string; firstSeenAtMs: number; lastSeenAtMs: number }[]> {
  const rows = await db
    .selectFrom('user_devices')
    .select(['device_hash', 'first_seen_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .orderBy('last_seen_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    deviceHash: row.device_hash,
    firstSeenAtMs: row.first_seen_at.getTime(),
    lastSeenAtMs: row.last_seen_at.getTime(),
  }));
}
