import { Type } from 'typebox';
import { defineCall, Empty, EpochMs, MoneyString, Obj, Password, Phone } from '../schema.js';

const Session = Obj({ token: Type.String(), account: Type.String() });

export const register = defineCall({
  path: 'user/register',
  operation: 'register',
  summary: 'Create an investor account with an invitation code; answers a session.',
  body: Obj({
    account: Phone,
    password: Password,
    confirmPassword: Password,
    inviteCode: Type.String({ minLength: 1, maxLength: 32 }),
    agree: Type.Boolean({ description: 'user agreement and privacy policy accepted' }),
  }),
  data: Session,
  auth: false,
  mutates: true,
});

export const login = defineCall({
  path: 'user/login',
  operation: 'login',
  summary:
    'Sign in with phone and password; answers the session, or for an investor with a second factor a challenge to complete with user/loginVerify (docs/adr/0022-investor-two-factor.md).',
  body: Obj({
    account: Phone,
    password: Password,
    // Names the device so a sign-in from a new one is told to the investor; optional.
    deviceId: Type.Optional(Type.String({ minLength: 8, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' })),
  }),
  data: Type.Union([
    Session,
    Obj({
      twoFactorRequired: Type.Literal(true),
      challengeToken: Type.String(),
      expiresAt: EpochMs,
      account: Type.String(),
      // The factors the investor can answer with (docs/adr/0028-passkeys.md).
      factors: Type.Optional(Type.Array(Type.Union([Type.Literal('totp'), Type.Literal('passkey')]))),
    }),
  ]),
  auth: false,
  mutates: true,
});

export const logout = defineCall({
  path: 'user/logout',
  summary: 'Revoke the current session.',
  body: Empty,
  data: Type.Null(),
  auth: true,
  mutates: true,
});

/** The account centre's figures of one currency (docs/glossary.md, "What an investor sees"). */
export const Balances = Obj({
  currency: Type.String(),
  totalAssets: MoneyString,
  liabilities: Type.Optional(MoneyString),
  netAssets: Type.Optional(MoneyString),
  available: MoneyString,
  frozen: MoneyString,
  profit: MoneyString,
  withdrawable: MoneyString,
  invested: MoneyString,
  allotted: Type.Optional(MoneyString),
});

export const getUserinfo = defineCall({
  path: 'user/getUserinfo',
  summary: 'The signed-in investor and the account centre figures (one of the four documented calls).',
  body: Type.Union([Empty, Type.Null()]),
  data: Obj({
    id: Type.String(),
    account: Type.String(),
    phone: Type.String(),
    inviteCode: Type.String(),
    realName: Type.Union([Type.String(), Type.Null()]),
    realNameStatus: Type.Union([
      Type.Literal('unverified'),
      Type.Literal('pending'),
      Type.Literal('verified'),
      Type.Literal('rejected'),
    ]),
    creditScore: Type.Integer(),
    hasFundPassword: Type.Boolean(),
    dayTrading: Type.Union([
      Type.Literal('none'),
      Type.Literal('pending'),
      Type.Literal('approved'),
      Type.Literal('rejected'),
    ]),
    flags: Type.Array(Type.String()),
    language: Type.String(),
    createdAt: EpochMs,
    balances: Balances,
    accounts: Type.Array(Balances),
    book: Type.Union([Type.Literal('real'), Type.Literal('paper')], {
      description:
        'the ledger book the balances are of: paper while the session trades in paper (docs/adr/0026)',
    }),
  }),
  auth: true,
  mutates: false,
});

export const changePassword = defineCall({
  path: 'user/changePassword',
  operation: 'update',
  summary: 'Change the login password; every other session is revoked.',
  body: Obj({ oldPassword: Password, newPassword: Password, confirmPassword: Password }),
  data: Type.Null(),
  auth: true,
  mutates: true,
});

export const setFundPassword = defineCall({
  path: 'user/setFundPassword',
  operation: 'update',
  summary:
    'Set the fund password (first time: the login password confirms it) or change it (the old fund password confirms it).',
  body: Obj({
    loginPassword: Type.Optional(Password),
    oldFundPassword: Type.Optional(Password),
    newPassword: Password,
    confirmPassword: Password,
  }),
  data: Type.Null(),
  auth: true,
  mutates: true,
});

export const resetPassword = defineCall({
  path: 'user/resetPassword',
  operation: 'update',
  summary:
    'Reset a forgotten login password with the fund password or with a one-time code that support staff issued.',
  body: Obj({
    account: Phone,
    fundPassword: Type.Optional(Password),
    resetCode: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
    newPassword: Password,
    confirmPassword: Password,
  }),
  data: Type.Null(),
  auth: false,
  mutates: true,
});

export const userCalls = [
  register,
  login,
  logout,
  getUserinfo,
  changePassword,
  setFundPassword,
  resetPassword,
];

// The security centre (docs/api.md, "Accounts"): the investor's signed-in devices.

export const SessionItem = Obj({
  id: Type.String(),
  current: Type.Boolean({ description: 'the session this request came with' }),
  createdAt: EpochMs,
  lastSeenAt: EpochMs,
  ip: Type.Union([Type.String(), Type.Null()]),
  userAgent: Type.Union([Type.String(), Type.Null()]),
});

export const listSessions = defineCall({
  path: 'user/sessions',
  summary: 'The investor’s live sessions (signed-in devices), the current one first, then newest seen.',
  body: Empty,
  data: Obj({ items: Type.Array(SessionItem) }),
  auth: true,
  mutates: false,
});

export const revokeOwnSession = defineCall({
  path: 'user/revokeSession',
  summary:
    'Sign out another device: revokes one of the investor’s own live sessions (not the current one; use user/logout). Its sockets leave at once.',
  body: Obj({ id: Type.String({ pattern: '^[0-9]{1,19}$' }) }),
  data: Obj({ revoked: Type.Boolean() }),
  auth: true,
  mutates: true,
});

/**
 * Closes the investor's own account (docs/adr/0024): only with no money, positions, pending orders
 * or loans; the password confirms it. Every session ends and sign-in is refused (ACCOUNT_CLOSED);
 * every financial record stays, and personal data is removed only after the retention periods.
 */
export const closeAccount = defineCall({
  path: 'user/closeAccount',
  operation: 'update',
  summary:
    'Close the account: refused while any money, position, pending order or loan remains; ends every session.',
  body: Obj({ password: Password }),
  data: Obj({ closedAt: EpochMs }),
  auth: true,
  mutates: true,
});
