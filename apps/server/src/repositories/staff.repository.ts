import type { Db } from '../db/database.js';
import type { StaffRole } from '../db/schema.js';
import { findRow, hasRow, lockRow } from './row-lookups.js';
import { rowFromRecord } from './row-records.js';
import { insertRow, updateRows } from './row-writes.js';

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
  const row = await findRow(db, 'staff_users', { username });
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

/**
 * Creates a staff member with no second factor yet; answers the id. `createdByStaffId` names who
 * created them in the console (absent for the command line and the seed).
 */
export async function insertStaffUser(
  db: Db,
  staff: {
    username: string;
    displayName: string;
    passwordHash: string;
    roles: StaffRole[];
    createdByStaffId?: bigint;
  },
): Promise<bigint> {
  const row = await insertRow(db, 'staff_users', {
    ...rowFromRecord(staff),
    totp_secret: null,
    totp_enabled_at: null,
    locked_until: null,
  });
  return row.id;
}

/** Records the failed sign-ins in a row and, when given, until when the account is locked. */
export async function updateStaffFailures(
  db: Db,
  id: bigint,
  failures: { failedAttempts: number; lockedUntilMs: number | null },
): Promise<void> {
  const lockedUntil = failures.lockedUntilMs === null ? null : new Date(failures.lockedUntilMs);
  await updateRows(
    db,
    'staff_users',
    { id },
    { failed_attempts: failures.failedAttempts, locked_until: lockedUntil },
  );
}

export async function clearStaffFailures(db: Db, id: bigint): Promise<void> {
  await updateRows(db, 'staff_users', { id }, { failed_attempts: 0 });
}

/** Stores the TOTP secret of an enrolment not yet confirmed. */
export async function updateStaffTotpSecret(trx: Db, id: bigint, secret: string): Promise<void> {
  await updateRows(trx, 'staff_users', { id }, { totp_secret: secret });
}

export async function markStaffTotpEnabled(trx: Db, id: bigint, atMs: number): Promise<void> {
  await updateRows(trx, 'staff_users', { id }, { totp_enabled_at: new Date(atMs) });
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
  await insertRow(trx, 'staff_sessions', rowFromRecord(session));
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
  await updateRows(trx, 'staff_sessions', { id: sessionId }, { revoked_at: new Date(atMs) });
}

/** Revokes every open session or enrolment of a staff member; answers how many. */
async function revokeOpenStaffSessions(trx: Db, staffId: bigint, atMs: number): Promise<number> {
  const revoked = await trx
    .updateTable('staff_sessions')
    .set({ revoked_at: new Date(atMs) })
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date(atMs))
    .executeTakeFirst();
  return Number(revoked.numUpdatedRows);
}

/**
 * Clears a staff member's TOTP (the next sign-in enrols a new one) and revokes every open session
 * or enrolment of theirs; answers how many were revoked.
 */
export async function clearStaffTotp(trx: Db, id: bigint, atMs: number): Promise<number> {
  const change = { totp_secret: null, totp_enabled_at: null, failed_attempts: 0, locked_until: null };
  await updateRows(trx, 'staff_users', { id }, change);
  return revokeOpenStaffSessions(trx, id, atMs);
}

// Staff administration (docs/adr/0029-staff-administration-and-customer-view.md).

/** A staff member as the console's staff list shows them. */
export interface StaffListRecord {
  id: bigint;
  username: string;
  displayName: string;
  roles: StaffRole[];
  isActive: boolean;
  isTotpEnrolled: boolean;
  lockedUntilMs: number | null;
  createdAtMs: number;
  createdByUsername: string | null;
  disabledAtMs: number | null;
  lastSignInAtMs: number | null;
}

function staffListQuery(db: Db) {
  return db
    .selectFrom('staff_users')
    .leftJoin('staff_users as creator', 'creator.id', 'staff_users.created_by_staff_id')
    .select((eb) => [
      'staff_users.id',
      'staff_users.username',
      'staff_users.display_name',
      'staff_users.roles',
      'staff_users.active',
      'staff_users.totp_enabled_at',
      'staff_users.locked_until',
      'staff_users.created_at',
      'staff_users.disabled_at',
      'creator.username as created_by_username',
      eb
        .selectFrom('staff_sessions')
        .select((sub) => sub.fn.max('staff_sessions.created_at').as('last'))
        .whereRef('staff_sessions.staff_id', '=', 'staff_users.id')
        .where('staff_sessions.purpose', '=', 'session')
        .as('last_sign_in_at'),
    ]);
}

type StaffListRow = Awaited<ReturnType<ReturnType<typeof staffListQuery>['executeTakeFirstOrThrow']>>;

function staffListRecordFromRow(row: StaffListRow): StaffListRecord {
  const lastSignIn = row.last_sign_in_at as Date | string | null;
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    roles: row.roles,
    isActive: row.active,
    isTotpEnrolled: row.totp_enabled_at !== null,
    lockedUntilMs: row.locked_until?.getTime() ?? null,
    createdAtMs: row.created_at.getTime(),
    createdByUsername: row.created_by_username,
    disabledAtMs: row.disabled_at?.getTime() ?? null,
    lastSignInAtMs: lastSignIn === null ? null : new Date(lastSignIn).getTime(),
  };
}

/** Every staff member, active first, by username; at most `limit`. */
export async function listStaffMembers(db: Db, limit: number): Promise<StaffListRecord[]> {
  const rows = await staffListQuery(db)
    .orderBy('staff_users.active', 'desc')
    .orderBy('staff_users.username')
    .limit(limit)
    .execute();
  return rows.map(staffListRecordFromRow);
}

export async function findStaffListRecord(db: Db, id: bigint): Promise<StaffListRecord | undefined> {
  const row = await staffListQuery(db).where('staff_users.id', '=', id).executeTakeFirst();
  return row ? staffListRecordFromRow(row) : undefined;
}

/** Locks a staff member's row for an administrative change; answers their username, roles and state. */
export async function lockStaffById(
  trx: Db,
  id: bigint,
): Promise<{ id: bigint; username: string; roles: StaffRole[]; isActive: boolean } | undefined> {
  const row = await lockRow(trx, 'staff_users', { id });
  return row ? { id: row.id, username: row.username, roles: row.roles, isActive: row.active } : undefined;
}

export async function hasStaffUsername(db: Db, username: string): Promise<boolean> {
  return hasRow(db, 'staff_users', { username });
}

export async function updateStaffRoles(trx: Db, id: bigint, roles: StaffRole[]): Promise<void> {
  await updateRows(trx, 'staff_users', { id }, { roles });
}

/**
 * Disables or enables a staff member. Disabling revokes every open session or enrolment of theirs
 * (answers how many); enabling clears the failure count and lock.
 */
export async function updateStaffActive(
  trx: Db,
  id: bigint,
  isActive: boolean,
  atMs: number,
): Promise<number> {
  const change = isActive
    ? { active: true, disabled_at: null, failed_attempts: 0, locked_until: null }
    : { active: false, disabled_at: new Date(atMs) };
  await updateRows(trx, 'staff_users', { id }, change);
  return isActive ? 0 : revokeOpenStaffSessions(trx, id, atMs);
}

/** Records a second-factor reset; the database refuses one by the member themself (migration 0053). */
export async function insertStaffSecondFactorReset(
  trx: Db,
  reset: { staffId: bigint; resetByStaffId: bigint | null; reason: string; atMs: number },
): Promise<void> {
  const { atMs, ...values } = reset;
  await insertRow(trx, 'staff_second_factor_resets', { ...rowFromRecord(values), reset_at: new Date(atMs) });
}
