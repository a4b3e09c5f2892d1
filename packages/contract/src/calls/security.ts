import { Type } from 'typebox';
import { defineCall, Empty, EpochMs, Obj } from '../schema.js';

/**
 * Second factors: recovering a staff member's TOTP, and investors' two-factor sign-in
 * (docs/adr/0022-investor-two-factor.md; docs/api.md, "Second factor").
 */

const Reason = Type.String({ minLength: 3, maxLength: 500, description: 'why, recorded in the audit log' });

export const staffResetTotp = defineCall({
  path: 'staff/resetTotp',
  summary:
    "An admin clears another staff member's TOTP (never their own), with a reason: their sessions end and their next sign-in enrols a new authenticator. Audited as staff.totp.reset.",
  body: Obj({ username: Type.String({ minLength: 1, maxLength: 64 }), reason: Reason }),
  data: Obj({ username: Type.String(), sessionsRevoked: Type.Integer({ minimum: 0 }) }),
  auth: true,
  mutates: true,
  roles: ['admin'],
});

// Investors' two-factor sign-in (docs/adr/0022-investor-two-factor.md).

const TotpOrRecoveryCode = Type.String({
  minLength: 6,
  maxLength: 16,
  description: 'the 6-digit code of the authenticator, or one unused recovery code',
});
const UserId = Type.String({ pattern: '^[0-9]{1,19}$' });

export const twoFactorStatus = defineCall({
  path: 'user/twoFactorStatus',
  summary:
    "The investor's second factor: enrolled or not, recovery codes left, and whether the platform requires one.",
  body: Empty,
  data: Obj({
    enabled: Type.Boolean(),
    enabledAt: Type.Union([EpochMs, Type.Null()]),
    recoveryCodesLeft: Type.Integer({ minimum: 0 }),
    required: Type.Boolean(),
  }),
  auth: true,
  mutates: false,
});

export const twoFactorEnroll = defineCall({
  path: 'user/twoFactorEnroll',
  summary:
    'Starts (or restarts) TOTP enrolment: a new secret, its otpauth URL and a QR code, to confirm with user/twoFactorConfirm. Shown once; never replayed.',
  body: Empty,
  data: Obj({ secret: Type.String(), otpauthUrl: Type.String(), qrDataUrl: Type.String() }),
  auth: true,
  mutates: true,
});

export const twoFactorConfirm = defineCall({
  path: 'user/twoFactorConfirm',
  summary:
    'Confirms TOTP enrolment with a current code; answers ten one-time recovery codes, shown once (only their hashes are kept).',
  body: Obj({ code: Type.String({ pattern: '^[0-9]{6}$' }) }),
  data: Obj({ recoveryCodes: Type.Array(Type.String(), { minItems: 10, maxItems: 10 }) }),
  auth: true,
  mutates: true,
});

export const twoFactorDisable = defineCall({
  path: 'user/twoFactorDisable',
  summary:
    'Turns the second factor off with a current code (or a recovery code); refused while the platform requires it.',
  body: Obj({ code: TotpOrRecoveryCode }),
  data: Type.Null(),
  auth: true,
  mutates: true,
});

export const loginVerify = defineCall({
  path: 'user/loginVerify',
  operation: 'login',
  summary:
    'The second step of signing in with a second factor: the challenge user/login answered and a current code (or a recovery code); answers the session.',
  body: Obj({ challengeToken: Type.String({ minLength: 16, maxLength: 128 }), code: TotpOrRecoveryCode }),
  data: Obj({ token: Type.String(), account: Type.String() }),
  auth: false,
  mutates: true,
});

export const staffUserTwoFactor = defineCall({
  path: 'users/twoFactor',
  summary:
    "An investor's second factor as support sees it, with any reset waiting for a second staff member.",
  body: Obj({ userId: UserId }),
  data: Obj({
    enabled: Type.Boolean(),
    enabledAt: Type.Union([EpochMs, Type.Null()]),
    recoveryCodesLeft: Type.Integer({ minimum: 0 }),
    lastResetAt: Type.Union([EpochMs, Type.Null()]),
    pendingReset: Type.Union([
      Obj({
        id: Type.String(),
        requestedBy: Type.String(),
        reason: Type.String(),
        requestedAt: EpochMs,
      }),
      Type.Null(),
    ]),
  }),
  auth: true,
  mutates: false,
  roles: ['admin', 'compliance', 'support'],
});

export const requestTwoFactorReset = defineCall({
  path: 'users/requestTwoFactorReset',
  summary:
    "Support asks to reset an investor's second factor (a lost phone, identity checked), with a reason; a second staff member confirms it with users/confirmTwoFactorReset.",
  body: Obj({ userId: UserId, reason: Reason }),
  data: Obj({ id: Type.String(), requestedAt: EpochMs }),
  auth: true,
  mutates: true,
  roles: ['admin', 'compliance', 'support'],
});

export const confirmTwoFactorReset = defineCall({
  path: 'users/confirmTwoFactorReset',
  summary:
    "A second staff member confirms a reset: the investor's second factor and recovery codes are removed, their sessions end, they are told, and withdrawals pause for the cooling-off hours.",
  body: Obj({ requestId: UserId, reason: Reason }),
  data: Obj({ userId: Type.String(), confirmedAt: EpochMs, withdrawalsPausedUntil: EpochMs }),
  auth: true,
  mutates: true,
  roles: ['admin', 'compliance', 'support'],
});
