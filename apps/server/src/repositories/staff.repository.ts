import type { Db } from '../db/database.js';
import type { StaffRole } from '../db/schema.js';

/** The `staff_users` and `staff_sessions` tables: console staff and their sign-ins. */
export interface StaffRecord {
  id: bigint;
  username: string;
  displayName: string;
  passwordHash: string;
  roles: StaffRole[];
  totpSecret: string | null;
  totpEnabledAtMs: number | null;
  failedAttempts: number;
  lockedUntilMs: number | null;
  isActive: boolean;
}

export async function findStaffByUsername(db: Db, username: string): Promise<StaffRecord | undefined> {
  const row = await db
    .selectFrom('staff_users')
    .selectAll()
    .where('username', '=', username)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    passwordHash: row.password_hash,
    roles: row.roles,
    totpSecret: row.totp_secret,
    totpEnabledAtMs: row.totp_enabled_at?.getTime() ?? null,
    failedAttempts: row.failed_attempts,
    lockedUntilMs: row.locked_until?.getTime() ?? null,
    isActive: row.active,
  };
}

/** Creates a staff member; answers the id. */
export async function insertStaffUser(
  db: Db,
  staff: { username: string; displayName: string; passwordHash: string; roles: StaffRole[] },
): Promise<bigint> {
  const row = await db
    .insertInto('staff_users')
    .values({
      username: staff.username,
      display_name: staff.displayName,
      password_hash: staff.passwordHash,
      roles: staff.roles,
      totp_secret: null,
      totp_enabled_at: null,
      locked_until: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Records the failed sign-ins in a row and, when given, until when the account is locked. */
export async function updateStaffFailures(
  db: Db,
  id: bigint,
  failures: { failedAttempts: number; lockedUntilMs: number | null },
): Promise<void> {
  await db
    .updateTable('staff_users')
    .set({
      failed_attempts: failures.failedAttempts,
      locked_until: failures.lockedUntilMs === null ? null : new Date(failures.lockedUntilMs),
    })
    .where('id', '=', id)
    .execute();
}

export async function clearStaffFailures(db: Db, id: bigint): Promise<void> {
  await db.updateTable('staff_users').set({ failed_attempts: 0 }).where('id', '=', id).execute();
}

/** Stores the TOTP secret of an enrolment not yet confirmed. */
export async function updateStaffTotpSecret(trx: Db, id: bigint, secret: string): Promise<void> {
  await trx.updateTable('staff_users').set({ totp_secret: secret }).where('id', '=', id).execute();
}

export async function markStaffTotpEnabled(trx: Db, id: bigint, atMs: number): Promise<void> {
  await trx
    .updateTable('staff_users')
    .set({ totp_enabled_at: new Date(atMs) })
    .where('id', '=', id)
    .execute();
}

export type StaffSessionPurpose = 'session' | 'totp_enrollment';

export async function insertStaffSession(
  trx: Db,
  session: {
    staffId: bigint;
    tokenHash: string;
    purpose: StaffSessionPurpose;
    createdAtMs: number;
    expiresAtMs: number;
    ip: string | null;
  },
): Promise<void> {
  await trx
    .insertInto('staff_sessions')
    .values({
      staff_id: session.staffId,
      token_hash: session.tokenHash,
      purpose: session.purpose,
      created_at: new Date(session.createdAtMs),
      expires_at: new Date(session.expiresAtMs),
      ip: session.ip,
    })
    .execute();
}

/** An unrevoked staff session (or enrolment) and its staff member. */
export interface StaffSessionRecord {
  sessionId: bigint;
  expiresAtMs: number;
  staff: Pick<StaffRecord, 'id' | 'username' | 'displayName' | 'roles' | 'totpSecret' | 'isActive'>;
}

/** The unrevoked session of a purpose whose token has this hash (expiry is the caller's to check). */
export async function findStaffSessionByTokenHash(
  db: Db,
  tokenHash: string,
  purpose: StaffSessionPurpose,
): Promise<StaffSessionRecord | undefined> {
  const row = await db
    .selectFrom('staff_sessions')
    .innerJoin('staff_users', 'staff_users.id', 'staff_sessions.staff_id')
    .select([
      'staff_sessions.id as sessionId',
      'staff_sessions.expires_at',
      'staff_users.id',
      'staff_users.username',
      'staff_users.display_name',
      'staff_users.roles',
      'staff_users.totp_secret',
      'staff_users.active',
    ])
    .where('staff_sessions.token_hash', '=', tokenHash)
    .where('staff_sessions.purpose', '=', purpose)
    .where('staff_sessions.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    sessionId: row.sessionId,
    expiresAtMs: row.expires_at.getTime(),
    staff: {
      id: row.id,
      username: row.username,
      displayName: row.display_name,
      roles: row.roles,
      totpSecret: row.totp_secret,
      isActive: row.active,
    },
  };
}

export async function revokeStaffSession(trx: Db, sessionId: bigint, atMs: number): Promise<void> {
  await trx
    .updateTable('staff_sessions')
    .set({ revoked_at: new Date(atMs) })
    .where('id', '=', sessionId)
    .execute();
}

/**
 * Clears a staff member's TOTP (the next sign-in enrols a new one) and revokes every open session
 * or enrolment of theirs; answers how many were revoked.
 */
export async function clearStaffTotp(trx: Db, id: bigint, atMs: number): Promise<number> {
  await trx
    .updateTable('staff_users')
    .set({ totp_secret: null, totp_enabled_at: null, failed_attempts: 0, locked_until: null })
    .where('id', '=', id)
    .execute();
  const revoked = await trx
    .updateTable('staff_sessions')
    .set({ revoked_at: new Date(atMs) })
    .where('staff_id', '=', id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date(atMs))
    .executeTakeFirst();
  return Number(revoked.numUpdatedRows);
}
