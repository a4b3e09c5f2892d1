import { Type } from 'typebox';
import { defineCall, Empty, EpochMs, MoneyString, Obj } from '../schema.js';

/**
 * Securities lending (docs/adr/0015-securities-lending.md). The investor lends
 * shares of an unlevered long holding into the pool that backs short positions, for 7, 14 or 30 days,
 * at the daily fee rate in force; the fee is fixed at lending and credited at the term end. Staff see
 * the pool per symbol and switch an instrument's shorts onto the pool (console calls under
 * /api/console/lending/…).
 */

const Id = Type.String({ pattern: '^[0-9]{1,19}$' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const LendingTermDays = Type.Union([Type.Literal(7), Type.Literal(14), Type.Literal(30)], {
  description: 'the term in days',
});
export const LendingState = Type.Union([Type.Literal('in_progress'), Type.Literal('completed')]);
const LendingEndReason = Nullable(
  Type.Union([Type.Literal('term'), Type.Literal('position_closed')], {
    description: 'term: the term ended; position_closed: the engine closed the holding first',
  }),
);
const Reason = Type.String({ minLength: 3, maxLength: 500, description: 'why, recorded in the audit log' });

/** One lending, as its lender and the console see it. */
export const Lending = Obj({
  id: Id,
  positionId: Id,
  symbol: Type.String(),
  name: Type.String(),
  quantity: Type.Integer(),
  price: MoneyString,
  value: MoneyString,
  termDays: Type.Integer(),
  feeBpsPerDay: Type.Integer({ description: 'the daily rate fixed at lending, in bps (2 = 0.02% a day)' }),
  expectedFee: MoneyString,
  feePaid: Nullable(MoneyString),
  state: LendingState,
  lentAt: EpochMs,
  termEndsAt: EpochMs,
  completedAt: Nullable(EpochMs),
  endReason: LendingEndReason,
});

/** A holding of the investor and whether (and how much of) it can be lent now. */
export const LendableHolding = Obj({
  positionId: Id,
  symbol: Type.String(),
  name: Type.String(),
  quantity: Type.Integer(),
  /** What the quantity counts: shares of a security, units of a crypto asset. */
  unit: Type.Union([Type.Literal('shares'), Type.Literal('units')]),
  price: Nullable(MoneyString),
  value: Nullable(MoneyString),
  /** The lending in progress on this holding, which locks it from closing. */
  lendingId: Nullable(Id),
  lentUntil: Nullable(EpochMs),
});

export const lendingOverview = defineCall({
  path: 'lending/overview',
  summary:
    'The lending screen: channel open or closed, the daily rate, the terms, the minimum value, and the investor’s unlevered long holdings (lent ones with their term end).',
  body: Empty,
  data: Obj({
    channelOpen: Type.Boolean(),
    feeBpsPerDay: Type.Integer(),
    terms: Type.Array(Type.Integer()),
    minValue: MoneyString,
    holdings: Type.Array(LendableHolding),
  }),
  auth: true,
  mutates: false,
});

export const lendShares = defineCall({
  path: 'lending/lend',
  operation: 'submit',
  summary:
    'Lend shares of a holding for a term. Refused: channel closed, not an unlevered long holding, lent already, below the minimum value, pool quota full.',
  body: Obj({
    positionId: Id,
    quantity: Type.Optional(
      Type.Integer({ minimum: 1, description: 'shares to lend; the whole holding when absent' }),
    ),
    termDays: LendingTermDays,
  }),
  data: Lending,
  auth: true,
  mutates: true,
});

export const LENDING_PAGE_MAX = 50;

export const lendingRecords = defineCall({
  path: 'lending/records',
  summary: 'The investor’s lendings, newest first; filter by state.',
  body: Obj({
    state: Type.Optional(LendingState),
    cursor: Type.Optional(Id),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LENDING_PAGE_MAX })),
  }),
  data: Obj({ items: Type.Array(Lending), nextCursor: Nullable(Type.String()) }),
  auth: true,
  mutates: false,
});

// Console.

export const LendingPoolRow = Obj({
  symbol: Type.String(),
  name: Type.String(),
  lendingEnabled: Type.Boolean(),
  shortable: Type.Boolean(),
  lentQuantity: Type.Integer({ description: 'shares lent, in progress, on open holdings' }),
  drawnQuantity: Type.Integer({ description: 'shares drawn by open shorts (pending or holding)' }),
  availableQuantity: Type.Integer(),
  lentValue: MoneyString,
});

export const staffLendingPool = defineCall({
  path: 'lending/pool',
  summary:
    'The lending pool per symbol (lent, drawn, available) for shortable instruments and any with lending in progress, with the channel switch, quota, rate and minimum in force.',
  body: Empty,
  data: Obj({
    channelOpen: Type.Boolean(),
    quota: MoneyString,
    inProgressValue: MoneyString,
    feeBpsPerDay: Type.Integer(),
    minValue: MoneyString,
    houseLendingFeesBalance: MoneyString,
    rows: Type.Array(LendingPoolRow),
  }),
  auth: true,
  mutates: false,
  roles: ['admin', 'finance', 'compliance'],
});

export const StaffLending = Obj({
  ...Lending.properties,
  userId: Id,
  phone: Type.String(),
});

export const staffListLendings = defineCall({
  path: 'lending/lendings',
  summary: 'Every lending, newest first; filter by state and symbol.',
  body: Obj({
    state: Type.Optional(LendingState),
    symbol: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
    cursor: Type.Optional(Id),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LENDING_PAGE_MAX })),
  }),
  data: Obj({ items: Type.Array(StaffLending), nextCursor: Nullable(Type.String()) }),
  auth: true,
  mutates: false,
  roles: ['admin', 'finance', 'compliance', 'support'],
});

export const staffSetInstrumentLending = defineCall({
  path: 'lending/setInstrumentLending',
  summary:
    'Switch an instrument’s shorts onto the lending pool (or off it), with a reason (audited). Open shorts keep what they drew.',
  body: Obj({
    symbol: Type.String({ minLength: 1, maxLength: 32 }),
    enabled: Type.Boolean(),
    reason: Reason,
  }),
  data: LendingPoolRow,
  auth: true,
  mutates: true,
  roles: ['admin', 'compliance'],
});
