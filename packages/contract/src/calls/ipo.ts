import { Type } from 'typebox';
import { defineCall, EpochMs, MoneyInput, MoneyString, Obj } from '../schema.js';

/**
 * New shares (IPO; docs/adr/0011-ipo-draw.md). Investors list issues, subscribe, see their
 * subscriptions, pay an allotment (pay-after mode) and replay the draw (`newstock/…`); staff create
 * and edit an issue, commit the seed's hash, run the draw and see the subscriptions
 * (`/api/console/ipo/…`). Compliance owns the fairness of the draw with admin, so only they change
 * an issue; finance also reads. docs/ipo-draw.md is the draw.
 */

const Id = Type.String({ pattern: '^[0-9]{1,19}$' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const Reason = Type.String({ minLength: 3, maxLength: 500, description: 'why, recorded in the audit log' });
const Percent = Type.String({ pattern: '^-?[0-9]+\\.[0-9]{2}$', description: 'percent, 2 decimals' });
const Shares = Type.Integer({ minimum: 0, description: 'whole shares' });
const Commitment = Type.String({ pattern: '^[0-9a-fA-F]{64}$', description: 'hex SHA-256 of the seed' });

export const IpoMoneyModeSchema = Type.Union([
  Type.Literal('block_at_application'),
  Type.Literal('pay_after_allotment'),
]);

export const IssuePhaseSchema = Type.Union(
  [
    Type.Literal('upcoming'),
    Type.Literal('open'),
    Type.Literal('closed'),
    Type.Literal('drawn'),
    Type.Literal('listed'),
    Type.Literal('cancelled'),
  ],
  { description: 'closed = the window has ended and the draw is pending' },
);

/** The spec's subscription states; pending_draw and to_be_subscribed are shown, never stored. */
export const SubscriptionStateSchema = Type.Union([
  Type.Literal('to_be_subscribed'),
  Type.Literal('subscribed'),
  Type.Literal('pending_draw'),
  Type.Literal('won'),
  Type.Literal('not_won'),
  Type.Literal('payment_due'),
  Type.Literal('paid'),
  Type.Literal('waived'),
  Type.Literal('failed'),
]);

/** Every field of the spec's "New share (IPO)" entity, plus the draw's commitment and seed. */
export const IpoIssue = Obj({
  id: Id,
  code: Type.String(),
  name: Type.String(),
  issueMarket: Type.String(),
  sponsor: Type.String({ description: 'sponsoring securities firm' }),
  provisionalPrice: MoneyString,
  finalPrice: Nullable(MoneyString),
  marketPrice: Nullable(MoneyString),
  priceDifference: Nullable(MoneyString),
  premiumPercent: Nullable(Percent),
  lotSize: Type.Integer({ minimum: 1 }),
  minShares: Type.Integer({ minimum: 1 }),
  perUserLimit: Type.Integer({ minimum: 1 }),
  offeredShares: Shares,
  totalSubscribedShares: Shares,
  subscriptionCount: Type.Integer({ minimum: 0 }),
  winningRatePercent: Nullable(Percent),
  moneyMode: IpoMoneyModeSchema,
  opensAt: EpochMs,
  closesAt: EpochMs,
  drawAt: EpochMs,
  allotmentAt: EpochMs,
  listingAt: EpochMs,
  phase: IssuePhaseSchema,
  seedCommitment: Nullable(Type.String()),
  seed: Nullable(Type.String({ description: 'revealed at the draw' })),
  drawnAt: Nullable(EpochMs),
  listedAt: Nullable(EpochMs),
  my: Obj({
    state: Nullable(SubscriptionStateSchema),
    subscriptions: Type.Integer({ minimum: 0 }),
    subscribedShares: Shares,
    subscribedAmount: MoneyString,
  }),
});

export const IpoSubscription = Obj({
  id: Id,
  issueId: Id,
  code: Type.String(),
  name: Type.String(),
  moneyMode: IpoMoneyModeSchema,
  state: SubscriptionStateSchema,
  quantity: Shares,
  lots: Type.Integer({ minimum: 1 }),
  amount: MoneyString,
  held: MoneyString,
  wonLots: Nullable(Type.Integer()),
  allottedShares: Nullable(Shares),
  finalPrice: Nullable(MoneyString),
  captured: Nullable(MoneyString),
  released: Nullable(MoneyString),
  due: Nullable(MoneyString),
  paid: Nullable(MoneyString),
  subscribedAt: EpochMs,
  paymentDeadline: EpochMs,
  listingAt: EpochMs,
  positionId: Nullable(Id),
});

export const listNewStock = defineCall({
  path: 'newstock/list',
  summary: 'New-share issues: open and upcoming first, then those drawn or listed.',
  body: Obj({ phase: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('all')])) }),
  data: Obj({ items: Type.Array(IpoIssue) }),
  auth: true,
  mutates: false,
});

export const newStockDetail = defineCall({
  path: 'newstock/detail',
  summary: 'One issue by id or code.',
  body: Obj({ id: Type.Optional(Id), code: Type.Optional(Type.String({ maxLength: 32 })) }),
  data: IpoIssue,
  auth: true,
  mutates: false,
});

export const subscribeNewStock = defineCall({
  path: 'newstock/subscribe',
  operation: 'subscribe',
  summary:
    'Subscribe to an open issue: whole lots, at least the minimum, within the per-user count; in block mode the amount at the provisional price is held.',
  body: Obj({ issueId: Id, quantity: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }) }),
  data: IpoSubscription,
  auth: true,
  mutates: true,
});

export const newStockOrders = defineCall({
  path: 'newstock/orders',
  summary: 'The investor’s subscriptions, newest first.',
  body: Obj({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) }),
  data: Obj({ items: Type.Array(IpoSubscription) }),
  auth: true,
  mutates: false,
});

export const payNewStock = defineCall({
  path: 'newstock/pay',
  operation: 'payment',
  summary: 'Pay an allotment in the payment-due state (pay-after mode), before the deadline.',
  body: Obj({ id: Id }),
  data: IpoSubscription,
  auth: true,
  mutates: true,
});

export const DrawPublication = Obj({
  issueId: Id,
  code: Type.String(),
  seedCommitment: Nullable(Type.String()),
  seed: Nullable(Type.String()),
  drawnAt: Nullable(EpochMs),
  lotSize: Type.Integer({ minimum: 1 }),
  offeredLots: Type.Integer({ minimum: 0 }),
  entries: Type.Array(
    Obj({
      subscriptionId: Id,
      lots: Type.Integer({ minimum: 1 }),
      wonLots: Nullable(Type.Integer({ minimum: 0 })),
    }),
    { description: 'every subscription that took part, by id; no investor is named' },
  ),
  algorithm: Type.String({ description: 'the published algorithm’s name and version' }),
});

export const newStockDraw = defineCall({
  path: 'newstock/draw',
  summary:
    'The draw as published: commitment, revealed seed and every entry (id, lots, lots won), to replay.',
  body: Obj({ issueId: Id }),
  data: DrawPublication,
  auth: true,
  mutates: false,
});

// Console.

export const StaffIpoIssue = Obj({
  issue: IpoIssue,
  finalPriceSet: Type.Boolean(),
  createdAt: EpochMs,
  lapsedAt: Nullable(EpochMs),
  cancelledAt: Nullable(EpochMs),
  cancelReason: Nullable(Type.String()),
  heldTotal: MoneyString,
});

export const staffListIpo = defineCall({
  path: 'ipo/list',
  summary: 'Every issue, newest first, with totals.',
  body: Obj({}),
  data: Obj({ items: Type.Array(StaffIpoIssue) }),
  auth: true,
  mutates: false,
  roles: ['admin', 'compliance', 'finance'],
});

export const staffSaveIpo = defineCall({
  path: 'ipo/save',
  summary:
    'Create an issue (with its instrument, not tradable until listing) or edit one before it opens; the final price may be set until the draw.',
  body: Obj({
    id: Type.Optional(Id),
    code: Type.String({ pattern: '^[A-Z0-9&_-]{1,32}$' }),
    name: Type.String({ minLength: 1, maxLength: 120 }),
    issueMarket: Type.Union([Type.Literal('NSE'), Type.Literal('BSE')]),
    sponsor: Type.String({ minLength: 1, maxLength: 120 }),
    provisionalPrice: MoneyInput,
    finalPrice: Type.Optional(Nullable(MoneyInput)),
    lotSize: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
    minShares: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000_000 })),
    perUserLimit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    offeredShares: Type.Integer({ minimum: 1, maximum: 1_000_000_000_000 }),
    opensAt: EpochMs,
    closesAt: EpochMs,
    drawAt: EpochMs,
    allotmentAt: EpochMs,
    listingAt: EpochMs,
    reason: Reason,
  }),
  data: StaffIpoIssue,
  auth: true,
  mutates: true,
  roles: ['admin', 'compliance'],
});

export const staffCommitIpoSeed = defineCall({
  path: 'ipo/commitSeed',
  summary: 'Commit sha256(seed) before subscriptions close; investors see it on the issue.',
  body: Obj({ id: Id, commitment: Commitment, reason: Reason }),
  data: StaffIpoIssue,
  auth: true,
  mutates: true,
  roles: ['admin', 'compliance'],
});

export const staffDrawIpo = defineCall({
  path: 'ipo/draw',
  summary:
    'Reveal the seed and run the draw after the window has closed; refused unless sha256(seed) is the commitment.',
  body: Obj({ id: Id, seed: Type.String({ minLength: 8, maxLength: 200 }), reason: Reason }),
  data: StaffIpoIssue,
  auth: true,
  mutates: true,
  roles: ['admin', 'compliance'],
});

export const staffCancelIpo = defineCall({
  path: 'ipo/cancel',
  summary: 'Call an issue off before its draw: every subscription fails and every hold returns.',
  body: Obj({ id: Id, reason: Reason }),
  data: StaffIpoIssue,
  auth: true,
  mutates: true,
  roles: ['admin', 'compliance'],
});

export const StaffIpoSubscription = Obj({
  subscription: IpoSubscription,
  userId: Id,
  phone: Type.String(),
});

export const staffIpoSubscriptions = defineCall({
  path: 'ipo/subscriptions',
  summary: 'The subscriptions of an issue, by id, with their results.',
  body: Obj({ id: Id, limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })) }),
  data: Obj({ items: Type.Array(StaffIpoSubscription) }),
  auth: true,
  mutates: false,
  roles: ['admin', 'compliance', 'finance'],
});
