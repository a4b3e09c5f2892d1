import { Type } from 'typebox';
import { defineCall, Empty, EpochMs, epochMs, MoneyInput, MoneyString, Obj } from '../schema.js';
import { DepositChannel, DepositChannelDetails, PayoutDestination } from './funds.js';

/**
 * Funds and identity (docs/adr/0009-funds-evidence-and-review.md), staff side: the KYC, deposit and
 * withdrawal review queues, deposit channels, exchange rates and the funds settings. Evidence images
 * are read with `GET /api/console/uploads/<uploadId>` (see docs/api.md). Compliance reviews KYC;
 * finance handles everything that moves or prices money.
 */

const Id = Type.String({ pattern: '^[0-9]{1,19}$' });
const Nullable = <T extends import('typebox').TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Reason = Type.String({
  minLength: 3,
  maxLength: 500,
  description: 'why; shown to the investor and audited',
});
const ReviewState = Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]);
const QueueFields = {
  status: Type.Optional(Type.Union([ReviewState, Type.Literal('verified')])),
  userId: Type.Optional(Id),
  cursor: Type.Optional(
    Type.String({ pattern: '^[0-9]{1,19}$', description: 'nextCursor of the previous page' }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
};
const IstDate = Type.String({
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
  description: 'a day in IST, YYYY-MM-DD',
});
/** Queue tools (ADR 0032): who and when, on every queue. */
const QueueWhoWhen = {
  investor: Type.Optional(
    Type.String({ minLength: 2, maxLength: 60, description: 'part of the phone number or of the real name' }),
  ),
  from: Type.Optional(IstDate),
  to: Type.Optional(IstDate),
};
const Queue = Obj({ ...QueueFields, ...QueueWhoWhen });
/** The money queues also filter by amount (rupees, inclusive) and by reference (UTR, exactly). */
const FundsQueue = Obj({
  ...QueueFields,
  ...QueueWhoWhen,
  amountMin: Type.Optional(MoneyInput),
  amountMax: Type.Optional(MoneyInput),
  reference: Type.Optional(
    Type.String({
      minLength: 3,
      maxLength: 80,
      description: "the investor's UTR (deposits) or the payout reference (withdrawals)",
    }),
  ),
});
const page = <T extends import('typebox').TSchema>(item: T) =>
  Obj({ items: Type.Array(item), nextCursor: Nullable(Type.String()) });

const Investor = Obj({ userId: Type.String(), phone: Type.String(), realName: Nullable(Type.String()) });

export const KycReviewItem = Obj({
  id: Type.String(),
  investor: Investor,
  realName: Type.String(),
  idType: Type.Union([Type.Literal('pan'), Type.Literal('aadhaar')]),
  idNumber: Type.String({ description: 'a PAN in full; an Aadhaar number masked (never stored in full)' }),
  frontImage: Type.String(),
  backImage: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('verified'), Type.Literal('rejected')]),
  rejectReason: Nullable(Type.String()),
  submittedAt: EpochMs,
  reviewedBy: Nullable(Type.String()),
  reviewedAt: Nullable(EpochMs),
});

export const kycQueue = defineCall({
  path: 'kyc/list',
  summary: 'KYC submissions, oldest first (status pending by default), with the images to check.',
  body: Queue,
  data: page(KycReviewItem),
  auth: true,
  mutates: false,
  roles: ['admin', 'compliance'],
});

const Review = Obj({ id: Id });
const Rejection = Obj({ id: Id, reason: Reason });

export const kycApprove = defineCall({
  path: 'kyc/approve',
  summary: 'Verify a pending KYC submission: the investor’s name becomes the submitted name.',
  body: Review,
  data: KycReviewItem,
  auth: true,
  mutates: true,
  roles: ['admin', 'compliance'],
});

export const kycReject = defineCall({
  path: 'kyc/reject',
  summary: 'Reject a pending KYC submission with a reason; the investor may submit again.',
  body: Rejection,
  data: KycReviewItem,
  auth: true,
  mutates: true,
  roles: ['admin', 'compliance'],
});

export const DepositReviewItem = Obj({
  id: Type.String(),
  investor: Investor,
  channel: DepositChannel,
  amount: MoneyString,
  currency: Type.String(),
  payerReference: Type.String(),
  receiptImage: Type.String(),
  source: PayoutDestination,
  sourceAccountNumber: Nullable(Type.String({ description: 'in full, to match the bank statement' })),
  status: ReviewState,
  rejectReason: Nullable(Type.String()),
  entryId: Nullable(Type.String()),
  createdAt: EpochMs,
  reviewedBy: Nullable(Type.String()),
  reviewedAt: Nullable(EpochMs),
  reversedAt: Nullable(
    epochMs('when the approval entry was reversed: the money went back, nothing is credited'),
  ),
  reversalEntryId: Nullable(Type.String()),
  secondApproval: Nullable(
    Obj(
      { requestId: Type.String(), requestedBy: Type.String(), requestedAt: EpochMs },
      {
        description: 'approved once above deposit_second_approver_above: a second staff member completes it',
      },
    ),
  ),
});

export const depositQueue = defineCall({
  path: 'deposits/list',
  summary: 'Deposits, oldest first (status pending by default), with receipt and source to match.',
  body: FundsQueue,
  data: page(DepositReviewItem),
  auth: true,
  mutates: false,
  roles: ['admin', 'finance'],
});

export const depositApprove = defineCall({
  path: 'deposits/approve',
  summary:
    'Approve a pending deposit after matching the bank statement: entry deposit:<id>:approve credits cash.',
  body: Review,
  data: DepositReviewItem,
  auth: true,
  mutates: true,
  roles: ['admin', 'finance'],
});

export const depositReject = defineCall({
  path: 'deposits/reject',
  summary: 'Reject a pending deposit with a reason (nothing was credited).',
  body: Rejection,
  data: DepositReviewItem,
  auth: true,
  mutates: true,
  roles: ['admin', 'finance'],
});

export const WithdrawalReviewItem = Obj({
  id: Type.String(),
  investor: Investor,
  destination: PayoutDestination,
  destinationAccountNumber: Nullable(Type.String({ description: 'in full, to pay to' })),
  amount: MoneyString,
  fee: MoneyString,
  net: MoneyString,
  currency: Type.String(),
  status: ReviewState,
  approvalsRequired: Type.Integer(),
  firstApprovedBy: Nullable(Type.String()),
  firstApprovedAt: Nullable(EpochMs),
  payoutReference: Nullable(Type.String()),
  rejectReason: Nullable(Type.String()),
  createdAt: EpochMs,
  reviewedBy: Nullable(Type.String()),
  reviewedAt: Nullable(EpochMs),
});

export const withdrawalQueue = defineCall({
  path: 'withdrawals/list',
  summary: 'Withdrawals, oldest first (status pending by default).',
  body: FundsQueue,
  data: page(WithdrawalReviewItem),
  auth: true,
  mutates: false,
  roles: ['admin', 'finance'],
});

export const withdrawalApprove = defineCall({
  path: 'withdrawals/approve',
  summary:
    'Approve a pending withdrawal. Above the two-person threshold the first approval only records itself and a second, different staff member completes it. The completing approval needs the payout reference and posts withdrawal:<id>:approve.',
  body: Obj({ id: Id, payoutReference: Type.Optional(Type.String({ minLength: 3, maxLength: 80 })) }),
  data: WithdrawalReviewItem,
  auth: true,
  mutates: true,
  roles: ['admin', 'finance'],
});

export const withdrawalReject = defineCall({
  path: 'withdrawals/reject',
  summary: 'Reject a pending withdrawal with a reason: withdrawal:<id>:reject returns the hold to cash.',
  body: Rejection,
  data: WithdrawalReviewItem,
  auth: true,
  mutates: true,
  roles: ['admin', 'finance'],
});

export const DepositChannelInput = Obj({
  id: Type.Optional(Id),
  kind: Type.Union([Type.Literal('bank'), Type.Literal('upi'), Type.Literal('usdt')]),
  name: Type.String({ minLength: 1, maxLength: 60 }),
  enabled: Type.Boolean(),
  min: MoneyInput,
  max: MoneyInput,
  windowFrom: Type.String({ pattern: '^[0-2][0-9]:[0-5][0-9]$' }),
  windowTo: Type.String({ pattern: '^[0-2][0-9]:[0-5][0-9]$' }),
  details: DepositChannelDetails,
  position: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  reason: Type.Optional(
    Type.String({ minLength: 3, maxLength: 500, description: 'why; required to change a channel' }),
  ),
});

export const StaffDepositChannel = Obj({
  channel: DepositChannel,
  enabled: Type.Boolean(),
  position: Type.Integer(),
  updatedAt: EpochMs,
  pendingPayeeChange: Nullable(
    Obj(
      {
        requestId: Type.String(),
        details: DepositChannelDetails,
        requestedBy: Type.String(),
        requestedAt: EpochMs,
      },
      {
        description: 'new payee details waiting for a second staff member; investors still see the old ones',
      },
    ),
  ),
});

export const depositChannelList = defineCall({
  path: 'depositChannels/list',
  summary: 'Every deposit channel, enabled or not.',
  body: Empty,
  data: Obj({ items: Type.Array(StaffDepositChannel) }),
  auth: true,
  mutates: false,
  roles: ['admin', 'finance'],
});

export const depositChannelSave = defineCall({
  path: 'depositChannels/save',
  summary:
    'Create a deposit channel, or change one (with id and a reason). USDT channels need crypto switched on. A change of payee details (account, IFSC, VPA, wallet address) is not applied: it opens a request a second staff member approves (approvals/decide); investors see the new details only then.',
  body: DepositChannelInput,
  data: StaffDepositChannel,
  auth: true,
  mutates: true,
  roles: ['admin', 'finance'],
});

export const depositChannelDelete = defineCall({
  path: 'depositChannels/delete',
  summary: 'Remove a deposit channel (kept for the deposits that name it).',
  body: Obj({ id: Id, reason: Reason }),
  data: Type.Null(),
  auth: true,
  mutates: true,
  roles: ['admin', 'finance'],
});

export const StaffExchangeRate = Obj({
  from: Type.String(),
  to: Type.String(),
  rate: Type.String(),
  spreadBps: Type.Integer(),
  enabled: Type.Boolean(),
  updatedAt: EpochMs,
});

export const exchangeRateList = defineCall({
  path: 'exchangeRates/list',
  summary: 'Every exchange rate, enabled or not.',
  body: Empty,
  data: Obj({ items: Type.Array(StaffExchangeRate) }),
  auth: true,
  mutates: false,
  roles: ['admin', 'finance'],
});

export const exchangeRateSet = defineCall({
  path: 'exchangeRates/set',
  summary: 'Set the rate of one direction of a currency pair (1 `from` buys `rate` `to`) and its spread.',
  body: Obj({
    from: Type.String({ pattern: '^[A-Z]{3,5}$' }),
    to: Type.String({ pattern: '^[A-Z]{3,5}$' }),
    rate: Type.String({ minLength: 1, maxLength: 20 }),
    spreadBps: Type.Integer({ minimum: 0, maximum: 1000 }),
    enabled: Type.Boolean(),
    reason: Type.Optional(Type.String({ minLength: 3, maxLength: 500, description: 'why; audited' })),
  }),
  data: StaffExchangeRate,
  auth: true,
  mutates: true,
  roles: ['admin', 'finance'],
});

export const FundsSettings = Obj({
  withdrawalMin: MoneyString,
  withdrawalMax: MoneyString,
  withdrawalWindowFrom: Type.String(),
  withdrawalWindowTo: Type.String(),
  withdrawalWorkingDaysOnly: Type.Boolean(),
  withdrawalFeeFixed: MoneyString,
  withdrawalFeeBps: Type.Integer(),
  secondApprovalAbove: MoneyString,
  coolingOffHours: Type.Integer(),
  cryptoEnabled: Type.Boolean(),
  extraBankCodes: Type.Record(Type.String({ pattern: '^[A-Z]{4}$' }), Type.String({ maxLength: 100 })),
});

export const fundsSettings = defineCall({
  path: 'funds/settings',
  summary:
    'The funds rules in force, read from the parameters: withdrawal limits, window, fee, two-person threshold, cooling-off, the crypto switch, and the extra bank codes.',
  body: Empty,
  data: FundsSettings,
  auth: true,
  mutates: false,
  roles: ['admin', 'finance'],
});

export const fundsSetBankCodes = defineCall({
  path: 'funds/setBankCodes',
  summary:
    'Replace the IFSC bank codes added to the built-in table, with a reason (audited with before and after). The other funds rules are parameters (parameters/update).',
  body: Obj({
    extraBankCodes: Type.Record(
      Type.String({ pattern: '^[A-Z]{4}$' }),
      Type.String({ minLength: 1, maxLength: 100 }),
    ),
    reason: Reason,
  }),
  data: FundsSettings,
  auth: true,
  mutates: true,
  roles: ['admin', 'finance'],
});
