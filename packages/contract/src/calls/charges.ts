import { Type } from 'typebox';
import { defineCall, Empty, EpochMs, MoneyInput, MoneyString, Obj } from '../schema.js';
import { OrderSide, OrderTypeSchema, ProductSchema } from './trade.js';

/**
 * Charges (docs/api.md, "Charges"; docs/adr/0020-charges-schedule-and-postings.md): the investor's
 * estimate of an order's or a close's charges, line by line, and the staff's charge schedules and
 * house charge accounts. Rates travel as percent strings with up to 7 decimals ("0.00297").
 */

const Id = Type.String({ pattern: '^[0-9]{1,19}$' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const RatePercent = Type.String({
  pattern: '^[0-9]{1,3}(\\.[0-9]{1,7})?$',
  description: 'a rate in percent, up to 7 decimals: "0.00297" is 0.00297%',
});

/** The charge lines of one executed order, as a contract note prints them. */
export const ChargeLinesView = Obj({
  brokerage: MoneyString,
  stt: MoneyString,
  exchange: MoneyString,
  sebi: MoneyString,
  stampDuty: MoneyString,
  gst: MoneyString,
  dp: MoneyString,
  total: MoneyString,
});

export const estimateCharges = defineCall({
  path: 'trade/estimate',
  summary:
    'The charges of an order (like trade/open) or of closing a holding (closingId), line by line, with the net amount, at the schedule in force today. Writes nothing.',
  body: Obj({
    symbol: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
    side: Type.Optional(OrderSide),
    quantity: Type.Optional(Type.Number({ maximum: 1_000_000_000 })),
    leverage: Type.Optional(Type.Number()),
    intraday: Type.Optional(Type.Boolean()),
    product: Type.Optional(ProductSchema),
    orderType: Type.Optional(OrderTypeSchema),
    price: Type.Optional(MoneyInput),
    triggerPrice: Type.Optional(MoneyInput),
    closingId: Type.Optional(Id),
  }),
  data: Obj({
    leg: Type.Union([Type.Literal('open'), Type.Literal('close')]),
    product: ProductSchema,
    tradeSide: Type.Union([Type.Literal('buy'), Type.Literal('sell')]),
    symbol: Type.String(),
    quantity: Type.Integer(),
    price: MoneyString,
    turnover: MoneyString,
    charges: ChargeLinesView,
    margin: Nullable(MoneyString),
    netAmount: Type.String({
      pattern: '^-?[0-9]+\\.[0-9]{2}$',
      description:
        'opening: what cash pays (margin + charges); closing: what returns to cash (margin + P&L − charges, never below 0)',
    }),
    scheduleFrom: Type.String({ description: 'the IST date the schedule used is in force from' }),
  }),
  auth: true,
  mutates: false,
});

const BrokeragePlanView = Type.Union([
  Obj({ kind: Type.Literal('zero') }),
  Obj({ kind: Type.Literal('flat'), perOrder: MoneyString }),
  Obj({ kind: Type.Literal('percent'), ratePercent: RatePercent, cap: Nullable(MoneyString) }),
]);
const BrokeragePlanInput = Type.Union([
  Obj({ kind: Type.Literal('zero') }),
  Obj({ kind: Type.Literal('flat'), perOrder: MoneyInput }),
  Obj({
    kind: Type.Literal('percent'),
    ratePercent: Type.String({ maxLength: 16 }),
    cap: Type.Optional(Type.Union([MoneyInput, Type.Null()])),
  }),
]);

const RateFields = {
  sttDeliveryBuy: RatePercent,
  sttDeliverySell: RatePercent,
  sttIntradayBuy: RatePercent,
  sttIntradaySell: RatePercent,
  exchange: RatePercent,
  sebi: RatePercent,
  stampDeliveryBuy: RatePercent,
  stampIntradayBuy: RatePercent,
  gst: RatePercent,
};
const RateInputs = Object.fromEntries(
  Object.keys(RateFields).map((name) => [name, Type.String({ maxLength: 16 })]),
) as { [K in keyof typeof RateFields]: ReturnType<typeof Type.String> };

export const ChargeScheduleItem = Obj({
  id: Id,
  effectiveFrom: Type.String({ description: 'IST date, YYYY-MM-DD' }),
  inForce: Type.Boolean({ description: 'the schedule that prices trades today' }),
  brokerage: Obj({ CNC: BrokeragePlanView, MIS: BrokeragePlanView, MTF: BrokeragePlanView }),
  ...RateFields,
  dpCharge: MoneyString,
  createdBy: Nullable(Id),
  reason: Type.String(),
  createdAt: EpochMs,
});

export const listChargeSchedules = defineCall({
  path: 'charges/schedules',
  summary: 'Every charge schedule, oldest first, with the one in force today marked.',
  body: Empty,
  data: Obj({ items: Type.Array(ChargeScheduleItem), today: Type.String() }),
  auth: true,
  mutates: false,
  roles: ['admin', 'finance', 'compliance', 'support'],
});

export const addChargeSchedule = defineCall({
  path: 'charges/addSchedule',
  operation: 'add',
  summary:
    'Add a charge schedule in force from a date after today (IST), with a reason; audited. Refused: a negative or over-100% rate, a date already scheduled, today or a past date.',
  body: Obj({
    effectiveFrom: Type.String({ maxLength: 10 }),
    brokerage: Obj({ CNC: BrokeragePlanInput, MIS: BrokeragePlanInput, MTF: BrokeragePlanInput }),
    ...RateInputs,
    dpCharge: MoneyInput,
    reason: Type.String({ minLength: 3, maxLength: 500 }),
  }),
  data: ChargeScheduleItem,
  auth: true,
  mutates: true,
  roles: ['admin', 'finance'],
});

export const listChargeAccounts = defineCall({
  path: 'charges/houseAccounts',
  summary:
    'The house charge accounts and their balances: brokerage and DP revenue; STT, stamp duty, GST, exchange and SEBI payables (what is owed to whom).',
  body: Empty,
  data: Obj({
    items: Type.Array(
      Obj({
        purpose: Type.String(),
        owedTo: Type.Union([
          Type.Literal('broker'),
          Type.Literal('government'),
          Type.Literal('exchange'),
          Type.Literal('sebi'),
        ]),
        currency: Type.String(),
        balance: MoneyString,
      }),
    ),
  }),
  auth: true,
  mutates: false,
  roles: ['admin', 'finance', 'compliance'],
});
