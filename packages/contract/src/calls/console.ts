import { Type } from 'typebox';
import { defineCall, Empty, EpochMs, Obj, Password, STAFF_ROLES, type StaffRoleName } from '../schema.js';

const StaffSession = Obj({
  token: Type.String(),
  username: Type.String(),
  roles: Type.Array(Type.String()),
  expiresAt: EpochMs,
});

export const staffLogin = defineCall({
  path: 'staff/login',
  summary:
    'Staff sign-in: password and TOTP code. On the first sign-in the answer is a TOTP enrolment (secret and QR code) to confirm with staff/enrollTotp.',
  body: Obj({
    username: Type.String({ minLength: 1, maxLength: 64 }),
    password: Password,
    totpCode: Type.Optional(Type.String({ pattern: '^[0-9]{6}$' })),
  }),
  data: Type.Union([
    Obj({ kind: Type.Literal('session'), session: StaffSession }),
    Obj({
      kind: Type.Literal('enrollment'),
      enrollmentToken: Type.String(),
      secret: Type.String(),
      otpauthUrl: Type.String(),
      qrDataUrl: Type.String(),
    }),
  ]),
  auth: false,
  mutates: true,
  roles: 'public',
});

export const staffEnrollTotp = defineCall({
  path: 'staff/enrollTotp',
  summary: 'Confirm TOTP enrolment with a code from the authenticator; answers a staff session.',
  body: Obj({
    enrollmentToken: Type.String({ minLength: 1, maxLength: 128 }),
    totpCode: Type.String({ pattern: '^[0-9]{6}$' }),
  }),
  data: StaffSession,
  auth: false,
  mutates: true,
  roles: 'public',
});

export const staffLogout = defineCall({
  path: 'staff/logout',
  summary: 'Revoke the staff session.',
  body: Empty,
  data: Type.Null(),
  auth: true,
  mutates: true,
  roles: STAFF_ROLES,
});

export const staffMe = defineCall({
  path: 'staff/me',
  summary: 'The signed-in staff member.',
  body: Empty,
  data: Obj({
    id: Type.String(),
    username: Type.String(),
    displayName: Type.String(),
    roles: Type.Array(Type.String()),
  }),
  auth: true,
  mutates: false,
  roles: STAFF_ROLES,
});

const Reason = Type.String({ minLength: 3, maxLength: 500, description: 'why, recorded in the audit log' });

export const issueResetCode = defineCall({
  path: 'users/issueResetCode',
  summary:
    'Support issues a one-time code (valid 30 minutes) with which an investor resets the login password.',
  body: Obj({ userId: Type.String({ pattern: '^[0-9]{1,19}$' }), reason: Reason }),
  data: Obj({ code: Type.String(), expiresAt: EpochMs }),
  auth: true,
  mutates: true,
  roles: ['admin', 'support'],
});

export const setUserFlag = defineCall({
  path: 'users/setFlag',
  summary: 'Set or clear an account flag with a reason.',
  body: Obj({
    userId: Type.String({ pattern: '^[0-9]{1,19}$' }),
    flag: Type.Union([
      Type.Literal('frozen'),
      Type.Literal('login_banned'),
      Type.Literal('disabled'),
      Type.Literal('trading_barred'),
      Type.Literal('withdrawal_barred'),
    ]),
    set: Type.Boolean(),
    reason: Reason,
  }),
  data: Obj({ flags: Type.Array(Type.String()) }),
  auth: true,
  mutates: true,
  roles: ['admin', 'compliance', 'support'],
});

export const reverseLedgerEntry = defineCall({
  path: 'ledger/reverse',
  summary:
    'Post a reversing correction of a journal entry, with a reason. Postings are never edited. Above the ledger_reversal_second_approver_above parameter the answer is a pending request that another finance staff member decides (ledger/decideReversal).',
  body: Obj({ entryId: Type.String({ pattern: '^[0-9]{1,19}$' }), reason: Reason }),
  data: Obj({
    state: Type.Union([Type.Literal('posted'), Type.Literal('pending_approval')]),
    entryId: Type.Union([Type.String(), Type.Null()], { description: 'the reversal entry, once posted' }),
    key: Type.Union([Type.String(), Type.Null()]),
    requestId: Type.Union([Type.String(), Type.Null()], {
      description: 'the pending request, when one is needed',
    }),
  }),
  auth: true,
  mutates: true,
  roles: ['admin', 'finance'],
});

export const ReconciliationReport = Obj({
  ok: Type.Boolean(),
  checkedAt: EpochMs,
  accounts: Type.Integer(),
  entries: Type.Integer(),
  postings: Type.Integer(),
  problems: Type.Array(Obj({ kind: Type.String(), detail: Type.String() })),
  totalsByCurrency: Type.Array(Obj({ currency: Type.String(), sum: Type.String() })),
  totalsByBook: Type.Array(Obj({ book: Type.String(), currency: Type.String(), sum: Type.String() }), {
    description: 'the real book and the paper book each sum to zero per currency (docs/adr/0026)',
  }),
});

export const runReconciliation = defineCall({
  path: 'ledger/reconcile',
  summary: 'Run the reconciliation check and answer its report.',
  body: Empty,
  data: ReconciliationReport,
  auth: true,
  mutates: false,
  roles: ['admin', 'finance'],
});

/** Who may read an uploaded evidence file (`GET /api/console/uploads/<id>`): the reviewers. */
export const UPLOAD_READER_ROLES: readonly StaffRoleName[] = ['admin', 'compliance', 'finance'];
