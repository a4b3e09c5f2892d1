import { Type } from 'typebox';
import { defineCall, EpochMs, MoneyInput, MoneyString, Obj } from '../schema.js';
import { Position, ProductSchema } from './trade.js';

/**
 * Block trades (docs/adr/0012-block-trades.md, DESIGN §5): exchange-style block deals in the two
 * block windows, at the window's reference price within a band. Everyone sees the same eligible list
 * and the same reference; there are no staff-made offers (DESIGN §9), so the console only reads, and
 * reading is for every role that audits trading.
 */

export const BLOCK_PAGE_MAX = 50;

const Id = Type.String({ pattern: '^[0-9]{1,19}$' });
const SymbolInput = Type.String({ minLength: 1, maxLength: 32 });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const BlockWindowNameSchema = Type.Union([Type.Literal('morning'), Type.Literal('afternoon')]);

export const BlockWindowState = Obj({
  open: Type.Boolean({ description: 'a block window is open now' }),
  window: BlockWindowNameSchema,
  tradingDate: Type.String({ description: 'YYYY-MM-DD (IST) of the open window, or of the next one' }),
  opensAt: EpochMs,
  closesAt: EpochMs,
  serverTime: EpochMs,
});

export const BlockRules = Obj({
  minQuantity: Type.Integer({ description: 'shares a block order needs at least' }),
  bandBps: Type.Integer({ description: 'the band around the reference, in basis points (100 = ±1%)' }),
  bandPercent: Type.String({ description: 'the band as staff read it, e.g. "1%"' }),
  lockDays: Type.Integer({ description: 'days a block buy stays locked (0: the ordinary lock)' }),
  feeBps: Type.Integer({ description: 'the trading fee on the notional, in basis points' }),
  morning: Obj({ start: Type.String(), end: Type.String() }),
  afternoon: Obj({ start: Type.String(), end: Type.String() }),
});

export const BlockReferenceBasis = Type.Union(
  [Type.Literal('previous_close'), Type.Literal('vwap'), Type.Literal('last_price')],
  {
    description:
      'previous_close (morning window); vwap of the 13:45–14:00 minute candles (afternoon); last_price at 14:00 when nothing traded then',
  },
);

export const BlockReference = Obj({
  price: MoneyString,
  basis: BlockReferenceBasis,
  tradingDate: Type.String(),
  window: BlockWindowNameSchema,
  sourceAt: EpochMs,
  bandLower: MoneyString,
  bandUpper: MoneyString,
  /** True when this is the open window's reference; false for the last window's, while closed. */
  current: Type.Boolean(),
});

export const BlockInstrument = Obj({
  symbol: Type.String(),
  name: Type.String(),
  exchange: Type.String(),
  lastPrice: Nullable(MoneyString),
  previousClose: Nullable(MoneyString),
  reference: Nullable(BlockReference),
});

export const BlockTrade = Obj({
  id: Id,
  positionId: Id,
  side: Type.Literal('buy'),
  symbol: Type.String(),
  name: Type.String(),
  tradingDate: Type.String(),
  window: BlockWindowNameSchema,
  quantity: Type.Integer(),
  limitPrice: Nullable(MoneyString),
  referencePrice: MoneyString,
  bandLower: MoneyString,
  bandUpper: MoneyString,
  amount: MoneyString,
  fee: MoneyString,
  lockDays: Type.Integer(),
  lockUntil: Nullable(EpochMs),
  placedAt: EpochMs,
  positionStatus: Type.Union([
    Type.Literal('pending'),
    Type.Literal('holding'),
    Type.Literal('closed'),
    Type.Literal('cancelled'),
  ]),
});

export const blockList = defineCall({
  path: 'block/list',
  summary:
    'The eligible list (tradable NSE equities) with each one’s reference price and band, the window state and the rules. The same for everyone.',
  body: Obj({}),
  data: Obj({ window: BlockWindowState, rules: BlockRules, items: Type.Array(BlockInstrument) }),
  auth: true,
  mutates: false,
});

export const blockDetail = defineCall({
  path: 'block/detail',
  summary: 'One eligible instrument: reference, band, minimum quantity, lock days and the window state.',
  body: Obj({ symbol: SymbolInput }),
  data: Obj({ window: BlockWindowState, rules: BlockRules, item: BlockInstrument }),
  auth: true,
  mutates: false,
});

export const blockBuy = defineCall({
  path: 'block/buy',
  operation: 'buy',
  summary:
    'Place a block buy in an open window: at least the minimum quantity; an optional limit price within the band; executes at once at the window’s reference price as a delivery holding (long, leverage 1, origin block) with the block lock.',
  body: Obj({
    symbol: SymbolInput,
    quantity: Type.Number({
      maximum: 1_000_000_000,
      description: 'whole shares, at least block_quantity_min',
    }),
    price: Type.Optional(MoneyInput),
    /** A block buy is delivery: CNC only (ADR 0019); MIS or MTF is PRODUCT_NOT_ALLOWED. */
    product: Type.Optional(ProductSchema),
  }),
  data: Obj({ trade: BlockTrade, position: Position }),
  auth: true,
  mutates: true,
});

export const blockOrders = defineCall({
  path: 'block/orders',
  summary: 'The investor’s block trades, newest first; cursor paging.',
  body: Obj({
    cursor: Type.Optional(Id),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: BLOCK_PAGE_MAX })),
  }),
  data: Obj({ items: Type.Array(BlockTrade), nextCursor: Nullable(Type.String()) }),
  auth: true,
  mutates: false,
});

// The console: read-only, since staff make no block offers.

export const ConsoleBlockTrade = Obj({
  ...BlockTrade.properties,
  userId: Id,
  phone: Type.String(),
});

export const staffListBlockTrades = defineCall({
  path: 'block/trades',
  summary: 'Block trades of every investor, newest first; optional trading date; cursor paging.',
  body: Obj({
    tradingDate: Type.Optional(Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' })),
    cursor: Type.Optional(Id),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: BLOCK_PAGE_MAX })),
  }),
  data: Obj({ items: Type.Array(ConsoleBlockTrade), nextCursor: Nullable(Type.String()) }),
  auth: true,
  mutates: false,
  roles: ['admin', 'finance', 'compliance', 'support'],
});

export const staffListBlockReferences = defineCall({
  path: 'block/references',
  summary: 'The reference prices fixed on a trading date (today by default), by window and symbol.',
  body: Obj({ tradingDate: Type.Optional(Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' })) }),
  data: Obj({
    tradingDate: Type.String(),
    window: BlockWindowState,
    items: Type.Array(
      Obj({
        symbol: Type.String(),
        window: BlockWindowNameSchema,
        price: MoneyString,
        basis: BlockReferenceBasis,
        vwapVolume: Type.Integer(),
        sourceAt: EpochMs,
        fixedAt: EpochMs,
      }),
    ),
  }),
  auth: true,
  mutates: false,
  roles: ['admin', 'finance', 'compliance', 'support'],
});
