import { Type } from 'typebox';
import { defineCall, Empty, EpochMs, Obj, Password } from '../schema.js';
import { BLOCK_CONSOLE_ROLES } from './block.js';
import { ENGAGEMENT_CONSOLE_ROLES } from './engagement.js';
import { FOLLOW_CONSOLE_ROLES } from './follow.js';
import { IPO_CONSOLE_ROLES } from './ipo.js';
import { LENDING_CONSOLE_ROLES } from './lending.js';

/** Staff roles (DESIGN.md section 7); every console call names the roles it admits. */
export const STAFF_ROLES = ['admin', 'finance', 'compliance', 'support', 'content'] as const;
export type StaffRoleName = (typeof STAFF_ROLES)[number];

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
});

export const staffLogout = defineCall({
  path: 'staff/logout',
  summary: 'Revoke the staff session.',
  body: Empty,
  data: Type.Null(),
  auth: true,
  mutates: true,
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
});

export const ReconciliationReport = Obj({
  ok: Type.Boolean(),
  checkedAt: EpochMs,
  accounts: Type.Integer(),
  entries: Type.Integer(),
  postings: Type.Integer(),
  problems: Type.Array(Obj({ kind: Type.String(), detail: Type.String() })),
  totalsByCurrency: Type.Array(Obj({ currency: Type.String(), sum: Type.String() })),
});

export const runReconciliation = defineCall({
  path: 'ledger/reconcile',
  summary: 'Run the reconciliation check and answer its report.',
  body: Empty,
  data: ReconciliationReport,
  auth: true,
  mutates: false,
});

/** Which roles each console call admits; the authorization matrix test reads this table. */
export const CONSOLE_ROLES: Record<string, readonly StaffRoleName[]> = {
  'staff/logout': STAFF_ROLES,
  'staff/me': STAFF_ROLES,
  'users/issueResetCode': ['admin', 'support'],
  'users/setFlag': ['admin', 'compliance', 'support'],
  'ledger/reverse': ['admin', 'finance'],
  'ledger/reconcile': ['admin', 'finance'],
  ...ENGAGEMENT_CONSOLE_ROLES,
  ...BLOCK_CONSOLE_ROLES,
  ...LENDING_CONSOLE_ROLES,
  ...FOLLOW_CONSOLE_ROLES,
  ...IPO_CONSOLE_ROLES,

  // Funds and identity (issue 8): compliance reviews KYC; finance handles money.
  'kyc/list': ['admin', 'compliance'],
  'kyc/approve': ['admin', 'compliance'],
  'kyc/reject': ['admin', 'compliance'],
  'deposits/list': ['admin', 'finance'],
  'deposits/approve': ['admin', 'finance'],
  'deposits/reject': ['admin', 'finance'],
  'withdrawals/list': ['admin', 'finance'],
  'withdrawals/approve': ['admin', 'finance'],
  'withdrawals/reject': ['admin', 'finance'],
  'depositChannels/list': ['admin', 'finance'],
  'depositChannels/save': ['admin', 'finance'],
  'depositChannels/delete': ['admin', 'finance'],
  'exchangeRates/list': ['admin', 'finance'],
  'exchangeRates/set': ['admin', 'finance'],
  'funds/settings': ['admin', 'finance'],
  'funds/setBankCodes': ['admin', 'finance'],
  // Market data (issue 5): compliance keeps the exchange's circulars, so it edits the calendar.
  'calendar/addDay': ['admin', 'compliance'],
  'calendar/listDays': STAFF_ROLES,
  // Trading (issue 6): day-trading review.
  'dayTrading/applications': ['admin', 'compliance'],
  'dayTrading/approve': ['admin', 'compliance'],
  'dayTrading/reject': ['admin', 'compliance'],

  // Staff console operations (issue 9, console helper): parameters, config, users, audit, ledger
  // search and second approvals, dashboard, market.
  'parameters/list': STAFF_ROLES,
  // Finance may change only the money limits of funds; the use case refuses it the rest (403, audited).
  'parameters/update': ['admin', 'finance'],
  'config/list': STAFF_ROLES,
  'config/update': ['admin', 'content'],
  'users/search': ['admin', 'finance', 'compliance', 'support'],
  'users/detail': ['admin', 'finance', 'compliance', 'support'],
  'users/statement': ['admin', 'finance', 'compliance', 'support'],
  'users/revokeSession': ['admin', 'support'],
  'users/setCreditScore': ['admin', 'compliance'],
  'loans/quotaTable': ['admin', 'compliance', 'finance'],
  'loans/setQuotaTable': ['admin', 'compliance'],
  // Users: positions and messages (issue 9, item 4).
  'users/positions': ['admin', 'finance', 'compliance', 'support'],
  'users/messages': ['admin', 'finance', 'compliance', 'support'],
  'audit/list': ['admin', 'finance', 'compliance'],
  'ledger/searchEntries': ['admin', 'finance', 'compliance'],
  'ledger/entry': ['admin', 'finance', 'compliance'],
  'ledger/reversalRequests': ['admin', 'finance', 'compliance'],
  'ledger/decideReversal': ['admin', 'finance'],
  'dashboard/summary': STAFF_ROLES,
  'market/instruments': STAFF_ROLES,
  'market/updateInstrument': ['admin', 'compliance'],
  'market/corporateActions': STAFF_ROLES,
  'market/addCorporateAction': ['admin', 'compliance'],
  'market/feed': STAFF_ROLES,
  'market/setFeed': ['admin'],
  // Credit loans (issue 11): compliance or finance review; only finance records money received outside.
  'loans/list': ['admin', 'compliance', 'finance'],
  'loans/approve': ['admin', 'compliance', 'finance'],
  'loans/reject': ['admin', 'compliance', 'finance'],
  'loans/recordRepayment': ['admin', 'finance'],
};

/** Who may read an uploaded evidence file (`GET /api/console/uploads/<id>`): the reviewers. */
export const UPLOAD_READER_ROLES: readonly StaffRoleName[] = ['admin', 'compliance', 'finance'];
