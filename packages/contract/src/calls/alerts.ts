import { Type } from 'typebox';
import { defineCall, Empty, EpochMs, MoneyInput, MoneyString, Obj } from '../schema.js';

/** At most this many of an investor's alerts wait to fire at once (docs/adr/0034-price-alerts.md). */
export const PRICE_ALERTS_ACTIVE_MAX = 20;
/** The alert list shows at most this many, newest first (waiting and fired). */
export const PRICE_ALERTS_LIST_MAX = 100;

const SymbolCode = Type.String({ pattern: '^[A-Za-z0-9&_-]{1,32}$' });
const AlertId = Type.String({ pattern: '^[0-9]{1,19}$' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const PriceAlert = Obj({
  id: Type.String(),
  symbol: Type.String(),
  name: Type.String(),
  direction: Type.Union([Type.Literal('above'), Type.Literal('below')], {
    description: 'above: fires when the price is at or above the level; below: at or below',
  }),
  price: MoneyString,
  state: Type.Union([Type.Literal('active'), Type.Literal('triggered')]),
  createdAt: EpochMs,
  triggeredAt: Nullable(EpochMs),
  triggeredPrice: Nullable(MoneyString),
});

export const listPriceAlerts = defineCall({
  path: 'alert/list',
  summary: `The investor's price alerts, newest first (at most ${PRICE_ALERTS_LIST_MAX}): waiting ones and those that fired.`,
  body: Empty,
  data: Obj({ items: Type.Array(PriceAlert, { maxItems: PRICE_ALERTS_LIST_MAX }) }),
  auth: true,
  mutates: false,
});

export const createPriceAlert = defineCall({
  path: 'alert/create',
  operation: 'add',
  summary: `Ask to be told once when a symbol's feed price reaches a level (at most ${PRICE_ALERTS_ACTIVE_MAX} waiting). The price is positive and on the instrument's tick.`,
  body: Obj({
    symbol: SymbolCode,
    direction: Type.Union([Type.Literal('above'), Type.Literal('below')]),
    price: MoneyInput,
  }),
  data: PriceAlert,
  auth: true,
  mutates: true,
});

export const deletePriceAlert = defineCall({
  path: 'alert/delete',
  operation: 'delete',
  summary: 'Delete one of the investor’s price alerts, waiting or fired.',
  body: Obj({ alertId: AlertId }),
  data: Type.Null(),
  auth: true,
  mutates: true,
});
