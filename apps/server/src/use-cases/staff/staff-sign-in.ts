import type { BodyOf, DataOf, staffEnrollTotp, staffLogin } from '@nivesh/contract';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, RequestContext } from '../../application/context.js';
import type { StaffRole } from '../../db/schema.js';
import {
  clearStaffFailures,
  findStaffByUsername,
  findStaffSessionByTokenHash,
  insertStaffSession,
  insertStaffUser,
  markStaffTotpEnabled,
  revokeStaffSession,
  updateStaffFailures,
  updateStaffTotpSecret,
} from '../../repositories/staff.repository.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../security/passwords.js';
import { newSessionToken, sha256Hex } from '../../security/tokens.js';
import { auditAct } from '../audit/audit-act.js';

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
  const staff = await findStaffByUsername(deps.db, input.username.trim().toLowerCase());
  const audit = (action: string, reason?: string) =>
    auditAct(deps.db, staff ? { type: 'staff', id: staff.id } : { type: 'anonymous' }, context, {
      action,
      target: { type: 'staff', id: staff?.id ?? `username:${input.username.slice(0, 64)}` },
      ...(reason ? { reason } : {}),
    });
  if (!staff?.isActive) {
    await verifyAgainstDummy(input.password);
    await audit('staff.login.failed', 'unknown or inactive');
    return refuse('ACCOUNT_OR_PASSWORD_WRONG');
  }
  if (staff.lockedUntilMs !== null && staff.lockedUntilMs > context.nowMs) {
    await audit('staff.login.refused', 'locked');
    return refuse('TOO_FREQUENT');
  }
  const passwordOk = await verifyPassword(staff.passwordHash, input.password);
  const totpOk =
    staff.totpEnabledAtMs === null ||
    (input.totpCode !== undefined && isTotpValid(staff.totpSecret!, input.totpCode, context.nowMs));
  if (!passwordOk || !totpOk) {
    const failures = staff.failedAttempts + 1;
    const lock = failures >= STAFF_MAX_FAILURES;
    await updateStaffFailures(deps.db, staff.id, {
      failedAttempts: lock ? 0 : failures,
      lockedUntilMs: lock ? context.nowMs + STAFF_LOCK_MINUTES * 60_000 : staff.lockedUntilMs,
    });
    await audit(
      lock ? 'staff.login.locked' : 'staff.login.failed',
      passwordOk ? 'wrong TOTP code' : 'wrong password',
    );
    return refuse('ACCOUNT_OR_PASSWORD_WRONG');
  }
  await clearStaffFailures(deps.db, staff.id);

  if (staff.totpEnabledAtMs === null) {
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    const token = newSessionToken();
    await deps.db.transaction().execute(async (trx) => {
      await updateStaffTotpSecret(trx, staff.id, secret);
      await insertStaffSession(trx, {
        staffId: staff.id,
        tokenHash: sha256Hex(token),
        purpose: 'totp_enrollment',
        createdAtMs: context.nowMs,
        expiresAtMs: context.nowMs + ENROLLMENT_MINUTES * 60_000,
        ip: context.ip,
      });
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
  const enrollment = await findStaffSessionByTokenHash(
    deps.db,
    sha256Hex(input.enrollmentToken),
    'totp_enrollment',
  );
  if (!enrollment || enrollment.expiresAtMs <= context.nowMs || !enrollment.staff.totpSecret)
    return refuse('UNAUTHORIZED');
  const staff = enrollment.staff;
  if (!isTotpValid(staff.totpSecret!, input.totpCode, context.nowMs)) {
    await auditAct(deps.db, { type: 'staff', id: staff.id }, context, {
      action: 'staff.totp.enrollment_failed',
      target: { type: 'staff', id: staff.id },
    });
    refuse('SECRET_KEY_MISMATCH');
  }
  const session = await deps.db.transaction().execute(async (trx) => {
    await revokeStaffSession(trx, enrollment.sessionId, context.nowMs);
    await markStaffTotpEnabled(trx, staff.id, context.nowMs);
    await auditAct(trx, { type: 'staff', id: staff.id }, context, {
      action: 'staff.totp.enrolled',
      target: { type: 'staff', id: staff.id },
    });
    return openStaffSession({ ...deps, db: trx }, context, staff.id);
  });
  return { ...session, username: staff.username, roles: staff.roles };
}

async function openStaffSession(deps: AppDeps, context: RequestContext, staffId: bigint) {
  const token = newSessionToken();
  const expiresAt = context.nowMs + STAFF_SESSION_HOURS * 3_600_000;
  await insertStaffSession(deps.db, {
    staffId,
    tokenHash: sha256Hex(token),
    purpose: 'session',
    createdAtMs: context.nowMs,
    expiresAtMs: expiresAt,
    ip: context.ip,
  });
  return { token, expiresAt };
}

/** Creates a staff member (used by the seed and by admins). */
export async function createStaffUser(
  deps: Pick<AppDeps, 'db'>,
  input: { username: string; displayName: string; password: string; roles: StaffRole[] },
): Promise<bigint> {
  return insertStaffUser(deps.db, {
    username: input.username.trim().toLowerCase(),
    displayName: input.displayName,
    passwordHash: await hashPassword(input.password),
    roles: input.roles,
  });
}
