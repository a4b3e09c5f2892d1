import { Type } from 'typebox';
import { defineCall, EpochMs, Obj } from '../schema.js';
import { CONSOLE_PAGE_SIZE_MAX } from './console-operations.js';
import { FundRecord, KycState, KycSubmission, PayoutDestination } from './funds.js';
import { LoanRecord } from './loan.js';

/**
 * The customer view (docs/adr/0029-staff-administration-and-customer-view.md; docs/api.md,
 * "Customer view"): one console page per investor. Beside users/detail, users/positions,
 * users/statement and users/messages it reads the investor's KYC documents, payout accounts and
 * devices, their deposits, withdrawals and loans as the investor sees them, and the notes staff add;
 * staff add a note or send the investor a message. Every call admits the roles that open Users.
 */

const CUSTOMER_VIEW_ROLES = ['admin', 'finance', 'compliance', 'support'] as const;
const Id = Type.String({ pattern: '^[0-9]{1,19}$' });
const Nullable = <T extends import('typebox').TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const CursorPage = {
  userId: Id,
  cursor: Type.Optional(
    Type.String({ pattern: '^[0-9]{1,19}$', description: 'nextCursor of the previous page' }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: CONSOLE_PAGE_SIZE_MAX })),
};
const pageOf = <T extends import('typebox').TSchema>(item: T) =>
  Obj({ items: Type.Array(item), nextCursor: Nullable(Type.String()) });

export const UserDevice = Obj({
  device: Type.String({
    description: 'a short fingerprint of the browser and address the investor signed in from',
  }),
  firstSeenAt: EpochMs,
  lastSeenAt: EpochMs,
});

export const readUserProfile = defineCall({
  path: 'users/profile',
  summary:
    'An investor’s KYC state with every submission (newest first, at most 20; images by upload id, read with GET /api/console/uploads/<id> by the reviewers), payout accounts (bank cards and wallets) and the devices they signed in from (newest first, at most 50).',
  body: Obj({ userId: Id }),
  data: Obj({
    kycStatus: KycState,
    kycSubmissions: Type.Array(KycSubmission),
    payoutAccounts: Type.Array(PayoutDestination),
    devices: Type.Array(UserDevice),
  }),
  auth: true,
  mutates: false,
  roles: CUSTOMER_VIEW_ROLES,
});

export const readUserFunds = defineCall({
  path: 'users/funds',
  summary:
    'An investor’s deposits (tab recharge) or withdrawals (tab withdrawal) as the investor’s fund records show them, with state and the ledger postings behind each, newest first; cursor paging by id.',
  body: Obj({ ...CursorPage, tab: Type.Union([Type.Literal('recharge'), Type.Literal('withdrawal')]) }),
  data: pageOf(FundRecord),
  auth: true,
  mutates: false,
  roles: CUSTOMER_VIEW_ROLES,
});

export const readUserLoans = defineCall({
  path: 'users/loans',
  summary: 'An investor’s credit loans as the investor sees them, newest first; cursor paging by id.',
  body: Obj(CursorPage),
  data: pageOf(LoanRecord),
  auth: true,
  mutates: false,
  roles: CUSTOMER_VIEW_ROLES,
});

export const UserNote = Obj({
  id: Type.String(),
  note: Type.String(),
  staffUsername: Type.String(),
  staffName: Type.String(),
  createdAt: EpochMs,
});

export const readUserNotes = defineCall({
  path: 'users/notes',
  summary: 'The notes staff wrote about an investor, newest first; cursor paging by id.',
  body: Obj(CursorPage),
  data: pageOf(UserNote),
  auth: true,
  mutates: false,
  roles: CUSTOMER_VIEW_ROLES,
});

export const addUserNote = defineCall({
  path: 'users/addNote',
  summary:
    'Add a note about an investor (never shown to them). A note is never edited or removed: a correction is a new note. Audited as user.note.add.',
  body: Obj({ userId: Id, note: Type.String({ minLength: 1, maxLength: 2000 }) }),
  data: UserNote,
  auth: true,
  mutates: true,
  roles: CUSTOMER_VIEW_ROLES,
});

export const sendUserMessage = defineCall({
  path: 'users/sendMessage',
  summary:
    'Send an investor a message in their message centre (and to their open app at once), with a reason. Audited as user.message.send with the text.',
  body: Obj({
    userId: Id,
    subject: Type.String({ minLength: 1, maxLength: 120 }),
    text: Type.String({ minLength: 1, maxLength: 2000 }),
    reason: Type.String({ minLength: 3, maxLength: 500, description: 'why, recorded in the audit log' }),
  }),
  data: Obj({ messageId: Type.String(), sentAt: EpochMs }),
  auth: true,
  mutates: true,
  roles: CUSTOMER_VIEW_ROLES,
});
