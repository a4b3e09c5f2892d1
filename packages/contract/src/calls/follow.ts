import { Type } from 'typebox';
import { defineCall, Empty, EpochMs, epochMs, MoneyInput, MoneyString, Obj } from '../schema.js';
import { OrderSide, Position } from './trade.js';

/**
 * Copy-trading (follow; docs/adr/0014-copy-trading.md). Staff create a product that follows
 * a strategy account and trade that account through the ordinary order flow; an investor invests at
 * least the product's minimum before its copy time limit, and every open and close of the strategy
 * account is mirrored pro rata into the investor's allocation at the same feed price. Daily and total
 * profit are computed from the mirrored positions, never typed in. Investor calls under
 * /api/vue/follow/..., staff calls under /api/console/follow/...; finance runs the products and
 * trades the strategy account.
 */

const Id = Type.String({ pattern: '^[0-9]{1,19}$' });
const FollowState = Type.Union([Type.Literal('in_progress'), Type.Literal('ended')], {
  description: 'in progress (mirroring) or ended (positions closed, allocation returned to cash)',
});

/** A product as investors see it (the spec's fields: fund size, minimum investment, end time, ...). */
export const FollowProduct = Obj({
  id: Id,
  name: Type.String(),
  description: Type.String(),
  currency: Type.String(),
  fundSize: MoneyString,
  minInvestment: MoneyString,
  copyUntil: Type.Number({ description: 'epoch ms: investments are accepted before this time' }),
  endsAt: epochMs('epoch ms: mirrored positions close and allocations return'),
  state: FollowState,
  strategyOrders: Type.Integer({ description: 'the strategy order number: orders the strategy placed' }),
  strategyOpenPositions: Type.Integer(),
  followers: Type.Integer({ description: 'follows in progress' }),
  dailyProfit: MoneyString,
  totalProfit: MoneyString,
  /** Profit of the strategy account itself, per the same rules, after fees and tax. */
  totalProfitPercent: Type.String({ description: 'total profit ÷ fund size × 100, 2 decimals' }),
});

/** One investor's follow: the spec's buy amount, daily profit, total profit and state. */
export const Follow = Obj({
  id: Id,
  productId: Id,
  productName: Type.String(),
  buyAmount: MoneyString,
  allocationCash: MoneyString,
  invested: MoneyString,
  dailyProfit: MoneyString,
  totalProfit: MoneyString,
  state: FollowState,
  startedAt: EpochMs,
  endedAt: Type.Union([EpochMs, Type.Null()]),
  returned: Type.Union([MoneyString, Type.Null()]),
  endsAt: EpochMs,
  openPositions: Type.Integer(),
});

export const listFollowProducts = defineCall({
  path: 'follow/list',
  summary: 'Copy-trading products open to investors (in progress, not taken down), newest first.',
  body: Empty,
  data: Obj({ items: Type.Array(FollowProduct) }),
  auth: true,
  mutates: false,
});

export const followProductDetail = defineCall({
  path: 'follow/detail',
  summary: 'One product, with the investor’s follow of it when there is one.',
  body: Obj({ id: Id }),
  data: Obj({ product: FollowProduct, follow: Type.Union([Follow, Type.Null()]) }),
  auth: true,
  mutates: false,
});

export const investInFollowProduct = defineCall({
  path: 'follow/invest',
  operation: 'buy',
  summary:
    'Invest an amount of cash in a product: at least its minimum, before its copy time limit, one follow in progress at a time. The amount moves to the follow allocation.',
  body: Obj({ id: Id, amount: MoneyInput }),
  data: Follow,
  auth: true,
  mutates: true,
});

export const listMyFollows = defineCall({
  path: 'follow/mine',
  summary: 'The investor’s follows, newest first, with daily and total profit at live prices.',
  body: Empty,
  data: Obj({ items: Type.Array(Follow) }),
  auth: true,
  mutates: false,
});

export const followPositions = defineCall({
  path: 'follow/positions',
  summary: 'The mirrored positions of one of the investor’s follows, newest first.',
  body: Obj({ id: Id }),
  data: Obj({ items: Type.Array(Position) }),
  auth: true,
  mutates: false,
});

// Staff console.

/** A product as staff see it: the investor view plus the strategy account and what it holds. */
export const StaffFollowProduct = Obj({
  product: FollowProduct,
  strategyUserId: Id,
  strategyCash: MoneyString,
  takenDown: Type.Boolean(),
  takenDownReason: Type.Union([Type.String(), Type.Null()]),
  endedAt: Type.Union([EpochMs, Type.Null()]),
  endReason: Type.Union([Type.Literal('end_time'), Type.Literal('staff'), Type.Null()]),
  invested: MoneyString,
  createdAt: EpochMs,
  pendingFunding: Type.Union(
    [Obj({ requestId: Type.String(), requestedBy: Type.String(), requestedAt: EpochMs }), Type.Null()],
    {
      description:
        'funding above follow_funding_second_approver_above waiting for a second staff member; the product is off the list until then',
    },
  ),
});

const Reason = Type.String({ minLength: 3, maxLength: 500 });

export const staffListFollowProducts = defineCall({
  path: 'follow/products',
  summary: 'Every copy-trading product, newest first, with its strategy account.',
  body: Obj({ state: Type.Optional(FollowState) }),
  data: Obj({ items: Type.Array(StaffFollowProduct) }),
  auth: true,
  mutates: false,
  roles: ['admin', 'finance', 'compliance', 'support'],
});

export const staffCreateFollowProduct = defineCall({
  path: 'follow/create',
  operation: 'add',
  summary:
    'Create a product and its strategy account, funded with the fund size from the house strategy capital (audited). Above follow_funding_second_approver_above the funding waits for a second staff member (approvals/decide) and the product stays off the list until then.',
  body: Obj({
    name: Type.String({ minLength: 2, maxLength: 80 }),
    description: Type.String({ maxLength: 2000 }),
    fundSize: MoneyInput,
    minInvestment: MoneyInput,
    copyUntil: Type.Number({ description: 'epoch ms, in the future, at or before endsAt' }),
    endsAt: epochMs('epoch ms, in the future'),
    reason: Reason,
  }),
  data: StaffFollowProduct,
  auth: true,
  mutates: true,
  roles: ['admin', 'finance'],
});

export const staffEndFollowProduct = defineCall({
  path: 'follow/end',
  summary:
    'End a product now: mirrored and strategy positions close at the feed price, allocations return to cash (audited).',
  body: Obj({ id: Id, reason: Reason }),
  data: StaffFollowProduct,
  auth: true,
  mutates: true,
  roles: ['admin', 'finance'],
});

export const staffTakeDownFollowProduct = defineCall({
  path: 'follow/takeDown',
  summary: 'Take a product off the list: no new investments; follows in progress run to its end (audited).',
  body: Obj({ id: Id, reason: Reason }),
  data: StaffFollowProduct,
  auth: true,
  mutates: true,
  roles: ['admin', 'finance', 'compliance'],
});

export const staffStrategyPositions = defineCall({
  path: 'follow/strategyPositions',
  summary: 'The strategy account’s orders and positions, newest first.',
  body: Obj({ id: Id }),
  data: Obj({ items: Type.Array(Position) }),
  auth: true,
  mutates: false,
  roles: ['admin', 'finance', 'compliance'],
});

export const staffPlaceStrategyOrder = defineCall({
  path: 'follow/strategyOrder',
  operation: 'buy',
  summary:
    'Place an order for the strategy account through the ordinary order flow (same rules and refusals as trade/open; audited).',
  body: Obj({
    id: Id,
    symbol: Type.String({ minLength: 1, maxLength: 32 }),
    side: OrderSide,
    orderType: Type.Union([Type.Literal('market'), Type.Literal('limit')]),
    quantity: Type.Number({ maximum: 1_000_000_000 }),
    leverage: Type.Number(),
    price: Type.Optional(MoneyInput),
  }),
  data: Position,
  auth: true,
  mutates: true,
  roles: ['admin', 'finance'],
});

export const staffCloseStrategyPosition = defineCall({
  path: 'follow/strategyClose',
  operation: 'sell',
  summary: 'Close a strategy holding at the feed price through the ordinary close (audited).',
  body: Obj({ id: Id, positionId: Id }),
  data: Position,
  auth: true,
  mutates: true,
  roles: ['admin', 'finance'],
});

export const staffCancelStrategyOrder = defineCall({
  path: 'follow/strategyCancel',
  operation: 'cancel',
  summary: 'Cancel a pending strategy order through the ordinary cancel (audited).',
  body: Obj({ id: Id, positionId: Id }),
  data: Position,
  auth: true,
  mutates: true,
  roles: ['admin', 'finance'],
});
