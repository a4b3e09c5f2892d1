import type { BodyOf, DataOf, staffEnrollTotp, staffLogin } from '@nivesh/contract';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, RequestContext } from '../../application/context.js';
import type { StaffRole } from '../../db/schema.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../security/passwords.js';
import { newSessionToken, sha256Hex } from '../../security/tokens.js';

export const STAFF_SESSION_HOURS = 8;
export const STAFF_MAX_FAILURES = 5;
export const STAFF_LOCK_MINUTES = 15;
const ENROLLMENT_MINUTES = 10;
const ISSUER = 'Nivesh Console';

export function totpFor(secretBase32: string, label: string) {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/** Accepts the code of the current 30-second step or either neighbour, for clock drift. */
export function isTotpValid(secretBase32: string, code: string, nowMs: number): boolean {
  return totpFor(secretBase32, 'staff').validate({ token: code, timestamp: nowMs, window: 1 }) !== null;
}

/**
 * Staff sign-in: argon2id password, then TOTP. TOTP is mandatory from the first sign-in: a staff
 * member without it gets an enrolment (secret and QR code) to confirm with a code. Five failures
 * in a row lock the account for 15 minutes. Sessions last 8 hours, absolute.
 */
export async function staffSignIn(
  deps: AppDeps,
  context: RequestContext,
  input: BodyOf<typeof staffLogin>,
): Promise<DataOf<typeof staffLogin>> {
  const staff = await deps.db
    .selectFrom('staff_users')
    .selectAll()
    .where('username', '=', input.username.trim().toLowerCase())
    .executeTakeFirst();
  const audit = (action: string, reason?: string) =>
    appendAudit(deps.db, {
      actor: staff ? { type: 'staff', id: staff.id } : { type: 'anonymous' },
      action,
      target: { type: 'staff', id: staff?.id ?? `username:${input.username.slice(0, 64)}` },
      ...(reason ? { reason } : {}),
      requestId: context.requestId,
      ip: context.ip,
    });
  if (!staff?.active) {
    await verifyAgainstDummy(input.password);
    await audit('staff.login.failed', 'unknown or inactive');
    return refuse('ACCOUNT_OR_PASSWORD_WRONG');
  }
  if (staff.locked_until && staff.locked_until.getTime() > context.nowMs) {
    await audit('staff.login.refused', 'locked');
    return refuse('TOO_FREQUENT');
  }
  const passwordOk = await verifyPassword(staff.password_hash, input.password);
  const totpOk =
    staff.totp_enabled_at === null ||
    (input.totpCode !== undefined && isTotpValid(staff.totp_secret!, input.totpCode, context.nowMs));
  if (!passwordOk || !totpOk) {
    const failures = staff.failed_attempts + 1;
    const lock = failures >= STAFF_MAX_FAILURES;
    await deps.db
      .updateTable('staff_users')
      .set({
        failed_attempts: lock ? 0 : failures,
        locked_until: lock ? new Date(context.nowMs + STAFF_LOCK_MINUTES * 60_000) : staff.locked_until,
      })
      .where('id', '=', staff.id)
      .execute();
    await audit(
      lock ? 'staff.login.locked' : 'staff.login.failed',
      passwordOk ? 'wrong TOTP code' : 'wrong password',
    );
    return refuse('ACCOUNT_OR_PASSWORD_WRONG');
  }
  await deps.db.updateTable('staff_users').set({ failed_attempts: 0 }).where('id', '=', staff.id).execute();

  if (staff.totp_enabled_at === null) {
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    const token = newSessionToken();
    await deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('staff_users').set({ totp_secret: secret }).where('id', '=', staff.id).execute();
      await trx
        .insertInto('staff_sessions')
        .values({
          staff_id: staff.id,
          token_hash: sha256Hex(token),
          purpose: 'totp_enrollment',
          created_at: new Date(context.nowMs),
          expires_at: new Date(context.nowMs + ENROLLMENT_MINUTES * 60_000),
          ip: context.ip,
        })
        .execute();
    });
    await audit('staff.totp.enrollment_started');
    const otpauthUrl = totpFor(secret, staff.username).toString();
    // 256 x 256 at the highest error correction, as the spec's QR constants say.
    const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { width: 256, errorCorrectionLevel: 'H' });
    return { kind: 'enrollment', enrollmentToken: token, secret, otpauthUrl, qrDataUrl };
  }
  const session = await openStaffSession(deps, context, staff.id);
  await audit('staff.login');
  return { kind: 'session', session: { ...session, username: staff.username, roles: staff.roles } };
}

/** Confirms TOTP enrolment with a valid code and opens the first session. */
export async function confirmTotpEnrollment(
  deps: AppDeps,
  context: RequestContext,
  input: BodyOf<typeof staffEnrollTotp>,
): Promise<DataOf<typeof staffEnrollTotp>> {
  const enrollment = await deps.db
    .selectFrom('staff_sessions')
    .innerJoin('staff_users', 'staff_users.id', 'staff_sessions.staff_id')
    .select([
      'staff_sessions.id as enrollmentId',
      'staff_sessions.expires_at',
      'staff_users.id',
      'staff_users.username',
      'staff_users.roles',
      'staff_users.totp_secret',
    ])
    .where('staff_sessions.token_hash', '=', sha256Hex(input.enrollmentToken))
    .where('staff_sessions.purpose', '=', 'totp_enrollment')
    .where('staff_sessions.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!enrollment || enrollment.expires_at.getTime() <= context.nowMs || !enrollment.totp_secret)
    refuse('UNAUTHORIZED');
  if (!isTotpValid(enrollment!.totp_secret!, input.totpCode, context.nowMs)) {
    await appendAudit(deps.db, {
      actor: { type: 'staff', id: enrollment!.id },
      action: 'staff.totp.enrollment_failed',
      target: { type: 'staff', id: enrollment!.id },
      requestId: context.requestId,
      ip: context.ip,
    });
    refuse('SECRET_KEY_MISMATCH');
  }
  const session = await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff_sessions')
      .set({ revoked_at: new Date(context.nowMs) })
      .where('id', '=', enrollment!.enrollmentId)
      .execute();
    await trx
      .updateTable('staff_users')
      .set({ totp_enabled_at: new Date(context.nowMs) })
      .where('id', '=', enrollment!.id)
      .execute();
    await appendAudit(trx, {
      actor: { type: 'staff', id: enrollment!.id },
      action: 'staff.totp.enrolled',
      target: { type: 'staff', id: enrollment!.id },
      requestId: context.requestId,
      ip: context.ip,
    });
    return openStaffSession({ ...deps, db: trx }, context, enrollment!.id);
  });
  return { ...session, username: enrollment!.username, roles: enrollment!.roles };
}

async function openStaffSession(deps: AppDeps, context: RequestContext, staffId: bigint) {
  const token = newSessionToken();
  const expiresAt = context.nowMs + STAFF_SESSION_HOURS * 3_600_000;
  await deps.db
    .insertInto('staff_sessions')
    .values({
      staff_id: staffId,
      token_hash: sha256Hex(token),
      created_at: new Date(context.nowMs),
      expires_at: new Date(expiresAt),
      ip: context.ip,
    })
    .execute();
  return { token, expiresAt };
}

/** Creates a staff member (used by the seed and by admins). */
export async function createStaffUser(
  deps: Pick<AppDeps, 'db'>,
  input: { username: string; displayName: string; password: string; roles: StaffRole[] },
): Promise<bigint> {
  const row = await deps.db
    .insertInto('staff_users')
    .values({
      username: input.username.trim().toLowerCase(),
      display_name: input.displayName,
      password_hash: await hashPassword(input.password),
      roles: input.roles,
      totp_secret: null,
      totp_enabled_at: null,
      locked_until: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
