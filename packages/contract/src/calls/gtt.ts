import { Type } from 'typebox';
import { defineCall, EpochMs, MoneyInput, MoneyString, Obj } from '../schema.js';

/**
 * GTT (good till triggered) orders (docs/adr/0031-gtt-and-after-market-orders.md): an instruction to
 * place an order when the price of a symbol reaches a trigger, for up to a year. `single`: one
 * trigger and one order; `two-leg` (OCO): a stop-loss trigger below the price and a target above
 * it, each with its order, on a holding; the first reached places its order and cancels the other.
 */

export const GttId = Type.String({ pattern: '^[0-9]{1,19}$' });

const GttType = Type.Union([Type.Literal('single'), Type.Literal('two-leg')]);
const TransactionType = Type.Union([Type.Literal('BUY'), Type.Literal('SELL')]);
const Product = Type.Union([Type.Literal('CNC'), Type.Literal('MIS'), Type.Literal('MTF')]);

const GttOrderInput = Obj({
  transactionType: TransactionType,
  product: Product,
  quantity: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }),
  price: MoneyInput,
});

const GttOrder = Obj({
  transactionType: TransactionType,
  product: Product,
  quantity: Type.Integer(),
  price: MoneyString,
});

export const GttView = Obj({
  id: GttId,
  symbol: Type.String(),
  type: GttType,
  status: Type.Union([
    Type.Literal('active'),
    Type.Literal('triggered'),
    Type.Literal('cancelled'),
    Type.Literal('expired'),
    Type.Literal('rejected'),
  ]),
  lastPrice: MoneyString,
  triggers: Type.Array(MoneyString, { description: 'one, or two: the stop-loss then the target' }),
  orders: Type.Array(GttOrder),
  createdAt: EpochMs,
  updatedAt: EpochMs,
  expiresAt: EpochMs,
  firedLeg: Type.Union([Type.Integer(), Type.Null()]),
  orderId: Type.Union([Type.String(), Type.Null()], { description: 'the order placed when it fired' }),
  rejectReason: Type.Union([Type.String(), Type.Null()], {
    description: 'why its order was refused, in the investor’s language',
  }),
});

export const listGtts = defineCall({
  path: 'gtt/list',
  summary: 'The investor’s GTTs, newest first (at most 200).',
  body: Obj({}),
  data: Obj({ items: Type.Array(GttView) }),
  auth: true,
  mutates: false,
});

export const createGtt = defineCall({
  path: 'gtt/create',
  summary:
    'Places a GTT: a trigger (single) or a stop-loss and a target (two-leg, selling a holding) and the order each places, expiring within a year (a year when not given). The investor is told by a message.',
  body: Obj({
    symbol: Type.String({ minLength: 1, maxLength: 32 }),
    type: GttType,
    triggers: Type.Array(MoneyInput, { minItems: 1, maxItems: 2 }),
    orders: Type.Array(GttOrderInput, { minItems: 1, maxItems: 2 }),
    expiresAt: Type.Optional(EpochMs),
  }),
  data: GttView,
  auth: true,
  mutates: true,
});

export const deleteGtt = defineCall({
  path: 'gtt/delete',
  summary: 'Deletes an active GTT: it places no order. The investor is told by a message.',
  body: Obj({ id: GttId }),
  data: GttView,
  auth: true,
  mutates: true,
});

export const gttCalls = [listGtts, createGtt, deleteGtt];
