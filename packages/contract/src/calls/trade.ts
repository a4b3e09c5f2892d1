import { Type } from 'typebox';
import { defineCall, EpochMs, MoneyInput, MoneyString, Obj } from '../schema.js';

/**
 * Trading (docs/api.md, "Trading (orders and positions)"): place, cancel and close; positions by the
 * spec's tabs; one position's detail; the order history. An order and the position it becomes share
 * one id (the spec's order number).
 */

export const POSITIONS_PAGE_MAX = 100;

const Id = Type.String({ pattern: '^[0-9]{1,19}$', description: 'the order number' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const MoneyOrNull = Nullable(MoneyString);
const TimeOrNull = Nullable(EpochMs);

export const OrderSide = Type.Union([Type.Literal('long'), Type.Literal('short')]);
export const OrderTypeSchema = Type.Union(
  [Type.Literal('market'), Type.Literal('limit'), Type.Literal('sl'), Type.Literal('sl-m')],
  {
    description:
      'market; limit; sl (stop-loss: a limit order armed at the trigger price); sl-m (stop-loss-market)',
  },
);
/** CNC (delivery, leverage 1), MIS (intraday, squared off), MTF (delivery bought with leverage). */
export const ProductSchema = Type.Union([Type.Literal('CNC'), Type.Literal('MIS'), Type.Literal('MTF')], {
  description:
    'CNC: delivery, paid in full (leverage 1); MIS: intraday, squared off at the square-off time, leverage from the instrument; MTF: delivery bought with leverage above 1, the funded part accrues daily interest',
});

/** A sale's quantity: whole shares, at least 1, at most the holding (2.5 is refused, never rounded). */
const SellQuantity = Type.Number({
  maximum: 1_000_000_000,
  description: 'whole shares to sell, 1 up to the holding',
});

export const PositionStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('holding'),
  Type.Literal('closed'),
  Type.Literal('cancelled'),
]);

/** Every field of the spec's "Position or order" that applies, with live figures for a holding. */
export const Position = Obj({
  id: Id,
  orderNo: Id,
  symbol: Type.String(),
  name: Type.String(),
  currency: Type.String(),
  side: OrderSide,
  orderType: OrderTypeSchema,
  intraday: Type.Boolean({ description: 'squared off at the day’s square-off time (15:20 IST)' }),
  leverage: Type.Integer(),
  product: ProductSchema,
  /** The part sold of a partial sell: the id of the holding it was split from (the remainder). */
  splitFrom: Nullable(Id),
  quantity: Type.Integer({ description: 'shares (1 lot = 1 share)' }),
  status: PositionStatus,
  placedAt: EpochMs,
  buyPrice: MoneyString,
  limitPrice: MoneyOrNull,
  triggerPrice: MoneyOrNull,
  triggered: Type.Boolean(),
  held: MoneyString,
  buyTime: TimeOrNull,
  confirmPrice: MoneyOrNull,
  fillTickAt: TimeOrNull,
  cost: MoneyOrNull,
  originalMargin: MoneyOrNull,
  currentPrice: MoneyOrNull,
  marketValue: MoneyOrNull,
  openFee: MoneyOrNull,
  closeFee: MoneyOrNull,
  fee: MoneyString,
  tax: MoneyOrNull,
  profitLoss: MoneyOrNull,
  netProfitLoss: MoneyOrNull,
  houseAbsorbed: MoneyOrNull,
  stopOutPrice: MoneyOrNull,
  lockTime: TimeOrNull,
  lockRemainingMs: Type.Integer({ minimum: 0 }),
  locked: Type.Boolean(),
  /** A holding lent out through securities lending: closing is refused until this term end. */
  lentUntil: TimeOrNull,
  sellTime: TimeOrNull,
  sellPrice: MoneyOrNull,
  exitTickAt: TimeOrNull,
  closeReason: Nullable(
    Type.Union([
      Type.Literal('user'),
      Type.Literal('stop_out'),
      Type.Literal('square_off'),
      Type.Literal('product_end'),
    ]),
  ),
  /** Where the position came from: the investor's order, a block trade, an IPO listing, or copy-trading. */
  origin: Type.Union([
    Type.Literal('order'),
    Type.Literal('block'),
    Type.Literal('ipo'),
    Type.Literal('follow'),
  ]),
  cancelledAt: TimeOrNull,
  cancelReason: Nullable(Type.Union([Type.Literal('user'), Type.Literal('expired'), Type.Literal('funds')])),
});

export const placeOrder = defineCall({
  path: 'trade/open',
  operation: 'buy',
  summary:
    'Place an order: long or short; market (fills at once at the feed tick), limit, sl or sl-m (wait pending, holding margin + the opening charges). Answers the order.',
  body: Obj({
    symbol: Type.String({ minLength: 1, maxLength: 32 }),
    side: OrderSide,
    orderType: OrderTypeSchema,
    quantity: Type.Number({
      maximum: 1_000_000_000,
      description: 'whole shares, at least the minimum quantity',
    }),
    leverage: Type.Optional(
      Type.Number({
        description:
          'one of the instrument’s leverages; optional with a product (CNC: 1; MIS and MTF: the instrument’s highest)',
      }),
    ),
    price: Type.Optional(MoneyInput),
    triggerPrice: Type.Optional(MoneyInput),
    intraday: Type.Optional(Type.Boolean({ description: 'needs day trading approved; closes at 15:20 IST' })),
    product: Type.Optional(ProductSchema),
  }),
  data: Position,
  auth: true,
  mutates: true,
});

export const cancelOrder = defineCall({
  path: 'trade/cancel',
  operation: 'cancel',
  summary: 'Cancel a pending order; its held margin and fee return to cash.',
  body: Obj({ id: Id }),
  data: Position,
  auth: true,
  mutates: true,
});

export const modifyOrder = defineCall({
  path: 'trade/modify',
  operation: 'update',
  summary:
    'Change a pending order’s limit price, trigger price or quantity; its hold follows in one entry (more from cash, or the difference back). A filled or cancelled order is refused (REPEATED_OPERATION).',
  body: Obj({
    id: Id,
    price: Type.Optional(MoneyInput),
    triggerPrice: Type.Optional(MoneyInput),
    quantity: Type.Optional(
      Type.Number({ maximum: 1_000_000_000, description: 'whole shares, at least the minimum quantity' }),
    ),
  }),
  data: Position,
  auth: true,
  mutates: true,
});

export const closePosition = defineCall({
  path: 'trade/close',
  operation: 'sell',
  summary:
    'Close a holding at the feed price, whole or in part (quantity): P&L and the closing charges in one entry. A partial close splits the holding: the remainder keeps the id, the part sold is answered as a new closed position (splitFrom). Refused while locked (with the time left) or lent.',
  body: Obj({ id: Id, quantity: Type.Optional(SellQuantity) }),
  data: Position,
  auth: true,
  mutates: true,
});

/** One holding a sale took: the closed position (the part sold) and what it sold at. */
const SoldLotSchema = Obj({
  positionId: Id,
  splitFrom: Nullable(Id),
  quantity: Type.Integer(),
  entryPrice: MoneyString,
  exitPrice: MoneyString,
  profitLoss: MoneyString,
  payout: MoneyString,
});

export const sellHoldings = defineCall({
  path: 'trade/sell',
  operation: 'sell',
  summary:
    'Sell shares of a symbol and product from the holdings, oldest first (FIFO), partly closing the last one as needed, at the feed price in one transaction. Answers every holding closed.',
  body: Obj({
    symbol: Type.String({ minLength: 1, maxLength: 32 }),
    product: ProductSchema,
    quantity: SellQuantity,
  }),
  data: Obj({
    symbol: Type.String(),
    product: ProductSchema,
    quantity: Type.Integer(),
    lots: Type.Array(SoldLotSchema),
    /** The holdings still open in the symbol and product after the sale, in shares. */
    remainingQuantity: Type.Integer(),
  }),
  auth: true,
  mutates: true,
});

export const PositionsTab = Type.Union(
  [
    Type.Literal('pending'),
    Type.Literal('holding'),
    Type.Literal('ended'),
    Type.Literal('inventory'),
    Type.Literal('crypto_forex'),
  ],
  {
    description:
      'pending: orders waiting; holding (in progress): open equity positions; ended: closed and cancelled; inventory: delivery holdings (long, unlevered, not intraday); crypto_forex: pending and open crypto and FX positions',
  },
);

const Page = Obj({ items: Type.Array(Position), nextCursor: Nullable(Type.String()) });

export const listPositions = defineCall({
  path: 'trade/positions',
  summary: 'Positions of one of the spec’s tabs, newest first, valued at live prices; cursor paging.',
  body: Obj({
    tab: PositionsTab,
    cursor: Type.Optional(Id),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: POSITIONS_PAGE_MAX })),
  }),
  data: Page,
  auth: true,
  mutates: false,
});

export const positionDetail = defineCall({
  path: 'trade/positionDetail',
  summary: 'One order or position with every field, valued at the live price while holding.',
  body: Obj({ id: Id }),
  data: Position,
  auth: true,
  mutates: false,
});

export const orderHistory = defineCall({
  path: 'trade/orders',
  summary: 'Every order of the investor in any state, newest first; optional symbol; cursor paging.',
  body: Obj({
    symbol: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
    cursor: Type.Optional(Id),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: POSITIONS_PAGE_MAX })),
  }),
  data: Page,
  auth: true,
  mutates: false,
});

export const tradeCalls = [
  placeOrder,
  cancelOrder,
  modifyOrder,
  closePosition,
  listPositions,
  positionDetail,
  orderHistory,
  sellHoldings,
];
