import { type TSchema, Type } from 'typebox';
import { defineCall, Empty, EpochMs, MoneyInput, MoneyString, Obj, Password } from '../schema.js';

/**
 * Credit loans (docs/adr/0013-credit-loans.md): the investor's calls under `loan/...`, the staff's
 * under `loans/...` (the quota table calls are in console-operations.ts). Amounts are rupees with 2
 * decimals. Compliance or finance review an application; only finance records money received
 * outside the platform.
 */

const Id = Type.String({ pattern: '^[0-9]{1,19}$' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Reason = Type.String({ minLength: 3, maxLength: 500, description: 'why; audited' });
const TermDays = Type.Integer({ minimum: 1, maximum: 366, description: 'one of the offered terms, days' });
const LoanState = Type.Union([
  Type.Literal('pending'),
  Type.Literal('rejected'),
  Type.Literal('outstanding'),
  Type.Literal('repaid'),
]);

export const LoanRecord = Obj({
  id: Type.String(),
  amount: MoneyString,
  termDays: Type.Integer(),
  dailyInterestBps: Type.String({ description: 'the rate fixed at application, basis points a day' }),
  state: LoanState,
  appliedAt: EpochMs,
  decidedAt: Nullable(EpochMs),
  reason: Nullable(Type.String()),
  disbursedAt: Nullable(EpochMs),
  dueAt: Nullable(EpochMs),
  isOverdue: Type.Boolean(),
  principalOutstanding: MoneyString,
  interestCharged: MoneyString,
  interestOutstanding: MoneyString,
  owed: MoneyString,
  repaid: MoneyString,
  repaidAt: Nullable(EpochMs),
});

export const LoanInfo = Obj({
  creditScore: Type.Integer(),
  quota: MoneyString,
  borrowed: MoneyString,
  borrowable: MoneyString,
  minAmount: MoneyString,
  maxAmount: MoneyString,
  terms: Type.Array(Type.Integer()),
  dailyInterestBps: Type.String(),
  cash: MoneyString,
  withdrawable: MoneyString,
  owed: MoneyString,
  /** True when cash cannot cover what is owed: repay part, or through customer service. */
  cashShort: Type.Boolean(),
  current: Nullable(LoanRecord),
});

export const loanInfo = defineCall({
  path: 'loan/info',
  summary:
    'Credit score, quota, borrowed and borrowable amounts, the offered terms and rate, cash, what is owed and the loan under review or outstanding.',
  body: Empty,
  data: LoanInfo,
  auth: true,
  mutates: false,
});

export const loanQuote = defineCall({
  path: 'loan/quote',
  summary:
    'The interest of a loan before applying: a day’s interest, the term’s interest, the total due and when.',
  body: Obj({ amount: MoneyInput, termDays: TermDays }),
  data: Obj({
    amount: MoneyString,
    termDays: Type.Integer(),
    dailyInterestBps: Type.String(),
    dailyInterest: MoneyString,
    interestOverTerm: MoneyString,
    totalDue: MoneyString,
    dueAtIfApprovedNow: EpochMs,
  }),
  auth: true,
  mutates: false,
});

export const loanApply = defineCall({
  path: 'loan/apply',
  operation: 'borrow',
  summary: 'Apply for a credit loan within the quota, for one of the offered terms; staff review it.',
  body: Obj({ amount: MoneyInput, termDays: TermDays }),
  data: LoanRecord,
  auth: true,
  mutates: true,
});

export const loanRepay = defineCall({
  path: 'loan/repay',
  operation: 'repay',
  summary: 'Repay the outstanding loan from cash, partly or fully (interest first), never more than owed.',
  body: Obj({ amount: MoneyInput, fundPassword: Password }),
  data: LoanRecord,
  auth: true,
  mutates: true,
});

export const loanRecords = defineCall({
  path: 'loan/records',
  summary: 'The investor’s loans, newest first, with their state.',
  body: Obj({
    cursor: Type.Optional(Id),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  }),
  data: Obj({ items: Type.Array(LoanRecord), nextCursor: Nullable(Type.String()) }),
  auth: true,
  mutates: false,
});

// Console.

export const LoanReviewItem = Obj({
  ...LoanRecord.properties,
  investor: Obj({ userId: Type.String(), phone: Type.String(), realName: Nullable(Type.String()) }),
  creditScore: Type.Integer(),
  quota: MoneyString,
  cash: MoneyString,
  decidedBy: Nullable(Type.String()),
  repayments: Type.Array(
    Obj({
      amount: MoneyString,
      interest: MoneyString,
      principal: MoneyString,
      source: Type.Union([Type.Literal('cash'), Type.Literal('staff')]),
      reference: Nullable(Type.String()),
      recordedBy: Nullable(Type.String()),
      at: EpochMs,
    }),
  ),
  secondApproval: Nullable(
    Obj(
      { requestId: Type.String(), requestedBy: Type.String(), requestedAt: EpochMs },
      {
        description:
          'approved once above loan_second_approver_above: a second, different staff member credits it (ADR 0027)',
      },
    ),
  ),
});

export const loansList = defineCall({
  path: 'loans/list',
  summary: 'Credit loans by state (pending review first, oldest first), with the investor and repayments.',
  body: Obj({
    state: Type.Optional(LoanState),
    userId: Type.Optional(Id),
    cursor: Type.Optional(Id),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  }),
  data: Obj({ items: Type.Array(LoanReviewItem), nextCursor: Nullable(Type.String()) }),
  auth: true,
  mutates: false,
  roles: ['admin', 'compliance', 'finance'],
});

export const loansApprove = defineCall({
  path: 'loans/approve',
  summary: 'Approve a pending loan: the principal is credited to cash against loan_payable (audited).',
  body: Obj({ id: Id, reason: Type.Optional(Reason) }),
  data: LoanReviewItem,
  auth: true,
  mutates: true,
  roles: ['admin', 'compliance', 'finance'],
});

export const loansReject = defineCall({
  path: 'loans/reject',
  summary: 'Reject a pending loan with a reason the investor reads; nothing moves.',
  body: Obj({ id: Id, reason: Reason }),
  data: LoanReviewItem,
  auth: true,
  mutates: true,
  roles: ['admin', 'compliance', 'finance'],
});

export const loansRecordRepayment = defineCall({
  path: 'loans/recordRepayment',
  summary:
    'Record a repayment received outside the platform (e.g. a bank transfer to the broker), with its reference: house_deposits_clearing → loan_payable, audited.',
  body: Obj({
    id: Id,
    amount: MoneyInput,
    reference: Type.String({ minLength: 3, maxLength: 100, description: 'the bank’s UTR or similar' }),
    reason: Reason,
  }),
  data: LoanReviewItem,
  auth: true,
  mutates: true,
  roles: ['admin', 'finance'],
});
