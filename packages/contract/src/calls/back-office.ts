import { Type } from 'typebox';
import { defineCall, EpochMs, MoneyString, Obj } from '../schema.js';

/**
 * The back office (docs/adr/0027-maker-checker-and-statement-matching.md): requests waiting for a
 * second staff member, and the queue tools around them. Every call names its roles.
 */

const Id = Type.String({ pattern: '^[0-9]{1,19}$' });
const Nullable = <T extends import('typebox').TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Reason = Type.String({ minLength: 3, maxLength: 500, description: 'why; audited' });

/** Where a waiting request lives: the general maker-checker table, a ledger reversal, a withdrawal. */
export const ApprovalSource = Type.Union([
  Type.Literal('approval'),
  Type.Literal('reversal'),
  Type.Literal('withdrawal'),
]);

export const ApprovalKindName = Type.Union([
  Type.Literal('deposit_channel_payee'),
  Type.Literal('deposit_approval'),
  Type.Literal('loan_approval'),
  Type.Literal('follow_funding'),
  Type.Literal('parameter_change'),
  Type.Literal('ledger_reversal'),
  Type.Literal('withdrawal_payout'),
]);

export const ApprovalItem = Obj({
  source: ApprovalSource,
  id: Type.String({ description: 'the id within its source' }),
  kind: ApprovalKindName,
  targetId: Type.String(),
  target: Type.String({ description: 'what the request changes, by name' }),
  change: Type.Array(Obj({ field: Type.String(), before: Nullable(Type.String()), after: Type.String() }), {
    description: 'the change asked for, field by field',
  }),
  amount: Nullable(MoneyString),
  currency: Nullable(Type.String()),
  reason: Type.String(),
  requestedBy: Type.String({ description: "the maker's username" }),
  requestedAt: EpochMs,
  ageMinutes: Type.Integer({ minimum: 0 }),
  overdue: Type.Boolean({ description: 'waiting longer than queue_sla_minutes_approvals' }),
  state: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]),
  decidedBy: Nullable(Type.String()),
  decidedAt: Nullable(EpochMs),
  isOwn: Type.Boolean({ description: 'made by the caller, who may not decide it' }),
});

export const approvalList = defineCall({
  path: 'approvals/list',
  summary:
    'Requests waiting for a second staff member (oldest first, with age and overdue flag): payee changes, deposits and loans above their thresholds, copy-trading funding, money parameters, ledger reversals and withdrawals awaiting their second approval.',
  body: Obj({ state: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('decided')])) }),
  data: Obj({ items: Type.Array(ApprovalItem), overdue: Type.Integer({ minimum: 0 }) }),
  auth: true,
  mutates: false,
  roles: ['admin', 'finance'],
});

export const approvalDecide = defineCall({
  path: 'approvals/decide',
  summary:
    'A second staff member approves (applying the change in the same transaction) or rejects a pending maker-checker request. The maker is refused (SECOND_APPROVER_REQUIRED), and the database refuses it too.',
  body: Obj({ id: Id, approve: Type.Boolean(), reason: Reason }),
  data: ApprovalItem,
  auth: true,
  mutates: true,
  roles: ['admin', 'finance'],
});

export const removeCalendarDay = defineCall({
  path: 'calendar/removeDay',
  summary:
    'Remove a holiday or special session staff added (one wrong date closes the market), with a reason; audited with the row removed. A built-in day is refused (HOLIDAY_NOT_REMOVABLE), and so is a past date.',
  body: Obj({ date: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }), reason: Reason }),
  data: Obj({ date: Type.String(), removed: Type.Boolean() }),
  auth: true,
  mutates: true,
  // Compliance keeps the exchange's circulars, so it edits the calendar (as calendar/addDay).
  roles: ['admin', 'compliance'],
});
