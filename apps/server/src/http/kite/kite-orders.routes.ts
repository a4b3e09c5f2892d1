import { istDate, type Product } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { UserContext } from '../../application/context.js';
import {
  type AfterMarketOrderRecord,
  findAfterMarketOrder,
  listAfterMarketOrdersOfUser,
} from '../../repositories/after-market-order.repository.js';
import { findPartsSoldOf, findPosition, listUserPositions } from '../../repositories/position.repository.js';
import { rejectReasonOf } from '../../use-cases/gtt/gtt-view.js';
import {
  cancelAfterMarketOrder,
  modifyAfterMarketOrder,
} from '../../use-cases/kite/change-after-market-order.js';
import { placeAfterMarketOrder } from '../../use-cases/kite/place-after-market-order.js';
import {
  type KiteOrderOutcome,
  type KiteOrderTerms,
  placeKiteOrder,
} from '../../use-cases/kite/place-kite-order.js';
import { cancelOrder } from '../../use-cases/trading/cancel-order.js';
import { modifyOrder } from '../../use-cases/trading/modify-order.js';
import type { KiteInstrumentIndex } from './instrument-index.js';
import { oneOf, optionalPrice, optionalText, requiredText, wholeQuantity } from './kite-fields.js';
import {
  AFTER_MARKET_ORDER_ID_OFFSET,
  CLOSE_ORDER_ID_OFFSET,
  isLegOfToday,
  legsOf,
  type OrderLeg,
  orderHistoryOf,
  parseAfterMarketOrderId,
  parseOrderId,
  soldInPartsOf,
  toKiteAfterMarketOrder,
  toKiteOrder,
  toKiteTrade,
} from './kite-order-views.js';
import { type KiteFields, type KiteTransport, kiteRoute } from './kite-route.js';

/** The day's order book is read from this many newest positions at most. */
const ORDER_BOOK_POSITIONS_MAX = 500;

const ORDER_TYPES = { MARKET: 'market', LIMIT: 'limit', SL: 'sl', 'SL-M': 'sl-m' } as const;
const VARIETIES = ['regular', 'co', 'amo', 'iceberg', 'auction'] as const;

function readVariety(variety: string): 'regular' | 'amo' {
  if (variety !== 'regular' && variety !== 'amo')
    refuse('KITE_VARIETY_UNSUPPORTED', { variety: variety.slice(0, 32) });
  return variety as 'regular' | 'amo';
}

function readValidity(fields: KiteFields): void {
  const validity = optionalText(fields, 'validity');
  if (validity !== undefined && validity !== 'DAY')
    refuse('KITE_VALIDITY_UNSUPPORTED', { validity: validity.slice(0, 32) });
}

/** The instrument a Kite order names by exchange and tradingsymbol; another exchange's is unknown. */
export async function instrumentNamed(index: KiteInstrumentIndex, fields: KiteFields) {
  const exchange = requiredText(fields, 'exchange');
  const symbol = requiredText(fields, 'tradingsymbol');
  const instrument = await index.ofSymbol(symbol);
  if (!instrument || instrument.exchange !== exchange)
    refuse('INSTRUMENT_NOT_FOUND', { symbol: `${exchange}:${symbol}` });
  return instrument!;
}

export function kiteUserIdOf(context: UserContext): string {
  return `NV${context.user.id.toString()}`;
}

async function orderOf(index: KiteInstrumentIndex, context: UserContext, leg: OrderLeg) {
  const instrument = await index.ofSymbol(leg.position.symbol);
  return toKiteOrder(leg, {
    userId: kiteUserIdOf(context),
    exchange: instrument?.exchange ?? 'NSE',
    instrumentToken: instrument ? Number(instrument.instrumentToken) : 0,
  });
}

/** The day's orders of the investor, oldest first, as Kite Orders. */
export async function readOrderBook(
  index: KiteInstrumentIndex,
  deps: KiteTransport['deps'],
  context: UserContext,
) {
  const positions = await listUserPositions(deps.db, context.user.id, { limit: ORDER_BOOK_POSITIONS_MAX });
  const soldInParts = soldInPartsOf(positions);
  const legs = positions
    .flatMap((position) => legsOf(position, soldInParts))
    .filter((leg) => isLegOfToday(leg, context.nowMs))
    .sort((a, b) => legTime(a) - legTime(b));
  // After-market orders still waiting, or cancelled or refused today; a placed one is its position's.
  const afterMarket = (
    await listAfterMarketOrdersOfUser(deps.db, context.user.id, istDayStartMs(context.nowMs))
  ).filter((order) => order.status !== 'placed' || order.positionId === null);
  return [
    ...(await Promise.all(afterMarket.map((order) => afterMarketOrderOf(index, context, order)))),
    ...(await Promise.all(legs.map((leg) => orderOf(index, context, leg)))),
  ];
}

/** The start of the IST day of `nowMs`, epoch ms. */
const istDayStartMs = (nowMs: number) => Date.parse(`${istDate(nowMs)}T00:00:00+05:30`);

async function afterMarketOrderOf(
  index: KiteInstrumentIndex,
  context: UserContext,
  order: AfterMarketOrderRecord,
) {
  const instrument = await index.ofSymbol(order.symbol);
  return toKiteAfterMarketOrder(order, {
    userId: kiteUserIdOf(context),
    exchange: instrument?.exchange ?? 'NSE',
    instrumentToken: instrument ? Number(instrument.instrumentToken) : 0,
    rejectReason: order.rejectCode === null ? null : rejectReasonOf(order.rejectCode, context.language),
  });
}

/**
 * The after-market order an order_id names, when it names one: still its own (waiting, cancelled,
 * refused), or the position's leg it became at the open.
 */
async function findAfterMarket(
  deps: KiteTransport['deps'],
  context: UserContext,
  orderId: string,
): Promise<{ order: AfterMarketOrderRecord } | { leg: OrderLeg } | undefined> {
  const id = parseAfterMarketOrderId(orderId);
  if (id === undefined) return undefined;
  const order = (await findAfterMarketOrder(deps.db, id, context.user.id)) ?? refuse('ORDER_NOT_FOUND');
  if (order!.positionId === null) return { order: order! };
  return { leg: await findLeg(deps, context, order!.positionId.toString()) };
}

const legTime = (leg: OrderLeg) =>
  leg.kind === 'open' ? leg.position.placedAtMs : (leg.position.closedAtMs ?? leg.position.placedAtMs);

/** The Kite Order of a position's current leg (its close once closed): the ticker's order updates. */
export async function kiteOrderOfPosition(
  index: KiteInstrumentIndex,
  deps: KiteTransport['deps'],
  context: UserContext,
  positionId: bigint,
) {
  const position = await findPosition(deps.db, positionId, context.user.id);
  if (!position) return undefined;
  const legs = legsOf(position, soldInPartsOf(await findPartsSoldOf(deps.db, position.id)));
  const leg = legs.at(-1);
  return leg ? orderOf(index, context, leg) : undefined;
}

async function findLeg(
  deps: KiteTransport['deps'],
  context: UserContext,
  orderId: string,
): Promise<OrderLeg> {
  const parsed = parseOrderId(orderId) ?? refuse('ORDER_NOT_FOUND');
  const position =
    (await findPosition(deps.db, parsed!.positionId, context.user.id)) ?? refuse('ORDER_NOT_FOUND');
  // The parts sold of a holding are read so its opening order shows the quantity it bought.
  const parts = await findPartsSoldOf(deps.db, position!.id);
  const leg =
    legsOf(position!, soldInPartsOf(parts)).find((candidate) => candidate.kind === parsed!.kind) ??
    refuse('ORDER_NOT_FOUND');
  return leg!;
}

/** Reads a Kite order's form into its terms (the instrument named, enumerations checked). */
async function kiteOrderTermsOf(index: KiteInstrumentIndex, fields: KiteFields): Promise<KiteOrderTerms> {
  readValidity(fields);
  const instrument = await instrumentNamed(index, fields);
  const transactionType = oneOf(fields, 'transaction_type', ['BUY', 'SELL'] as const);
  const quantity = wholeQuantity(requiredText(fields, 'quantity'));
  const product = oneOf(fields, 'product', ['CNC', 'MIS', 'MTF'] as const) as Product;
  const kiteOrderType = oneOf(fields, 'order_type', ['MARKET', 'LIMIT', 'SL', 'SL-M'] as const);
  return {
    symbol: instrument.symbol,
    transactionType,
    quantity,
    product,
    orderType: ORDER_TYPES[kiteOrderType],
    price: optionalPrice(fields, 'price'),
    triggerPrice: optionalPrice(fields, 'trigger_price'),
  };
}

/** The Kite order_id of what an order became (docs/adr/0025: a close is the position's id plus an offset). */
export function orderIdOfOutcome(outcome: KiteOrderOutcome): string {
  return (
    outcome.kind === 'open' ? outcome.positionId : outcome.positionId + CLOSE_ORDER_ID_OFFSET
  ).toString();
}

export function registerKiteOrderRoutes(transport: KiteTransport, index: KiteInstrumentIndex): void {
  const { deps } = transport;

  kiteRoute(transport, 'POST', '/orders/:variety', 'orders', async ({ context, fields, request }) => {
    const variety = readVariety((request.params as { variety: string }).variety);
    const terms = await kiteOrderTermsOf(index, fields);
    if (variety === 'amo') {
      const waiting = await placeAfterMarketOrder(deps, context, terms);
      return { order_id: (waiting.id + AFTER_MARKET_ORDER_ID_OFFSET).toString() };
    }
    const outcome = await placeKiteOrder(deps, context, terms);
    return { order_id: orderIdOfOutcome(outcome) };
  });

  kiteRoute(
    transport,
    'PUT',
    '/orders/:variety/:order_id',
    'orders',
    async ({ context, fields, request }) => {
      const params = request.params as { variety: string; order_id: string };
      readVariety(params.variety);
      readValidity(fields);
      const afterMarket = await findAfterMarket(deps, context, params.order_id);
      if (afterMarket && 'order' in afterMarket) {
        const quantityText = optionalText(fields, 'quantity');
        const changed = await modifyAfterMarketOrder(deps, context, afterMarket.order.id, {
          price: optionalPrice(fields, 'price'),
          triggerPrice: optionalPrice(fields, 'trigger_price'),
          quantity: quantityText === undefined ? undefined : wholeQuantity(quantityText),
        });
        return { order_id: (changed.id + AFTER_MARKET_ORDER_ID_OFFSET).toString() };
      }
      const leg = afterMarket?.leg ?? (await findLeg(deps, context, params.order_id));
      if (leg.kind === 'close') refuse('REPEATED_OPERATION', { state: 'pending' });
      const orderType = optionalText(fields, 'order_type');
      if (
        orderType !== undefined &&
        ORDER_TYPES[orderType as keyof typeof ORDER_TYPES] !== leg.position.orderType
      )
        refuse('KITE_INPUT_INVALID', { field: 'order_type', reason: 'an order keeps its type' });
      const price = optionalPrice(fields, 'price');
      const triggerPrice = optionalPrice(fields, 'trigger_price');
      const quantity = optionalText(fields, 'quantity');
      const hasLimit = leg.position.orderType === 'limit' || leg.position.orderType === 'sl';
      const hasTrigger = leg.position.orderType === 'sl' || leg.position.orderType === 'sl-m';
      const modified = await modifyOrder(deps, context, {
        id: leg.position.id.toString(),
        // Kite clients resend every field; a price of a type that has none is not a change.
        ...(price !== undefined && hasLimit ? { price } : {}),
        ...(triggerPrice !== undefined && hasTrigger ? { triggerPrice } : {}),
        ...(quantity !== undefined ? { quantity: wholeQuantity(quantity) } : {}),
      });
      return { order_id: modified.id };
    },
  );

  kiteRoute(transport, 'DELETE', '/orders/:variety/:order_id', 'orders', async ({ context, request }) => {
    const params = request.params as { variety: string; order_id: string };
    if (!(VARIETIES as readonly string[]).includes(params.variety)) readVariety(params.variety);
    const afterMarket = await findAfterMarket(deps, context, params.order_id);
    if (afterMarket && 'order' in afterMarket) {
      const cancelled = await cancelAfterMarketOrder(deps, context, afterMarket.order.id);
      return { order_id: (cancelled.id + AFTER_MARKET_ORDER_ID_OFFSET).toString() };
    }
    const leg = afterMarket?.leg ?? (await findLeg(deps, context, params.order_id));
    if (leg.kind === 'close') refuse('REPEATED_OPERATION', { state: 'pending' });
    const cancelled = await cancelOrder(deps, context, { id: leg.position.id.toString() });
    return { order_id: cancelled.id };
  });

  kiteRoute(transport, 'GET', '/orders', 'other', async ({ context }) => readOrderBook(index, deps, context));

  kiteRoute(transport, 'GET', '/orders/:order_id', 'other', async ({ context, request }) => {
    const orderId = (request.params as { order_id: string }).order_id;
    const afterMarket = await findAfterMarket(deps, context, orderId);
    if (afterMarket && 'order' in afterMarket)
      return [await afterMarketOrderOf(index, context, afterMarket.order)];
    const leg = afterMarket?.leg ?? (await findLeg(deps, context, orderId));
    return orderHistoryOf(leg, await orderOf(index, context, leg));
  });

  kiteRoute(transport, 'GET', '/orders/:order_id/trades', 'other', async ({ context, request }) => {
    const leg = await findLeg(deps, context, (request.params as { order_id: string }).order_id);
    const order = await orderOf(index, context, leg);
    return order.status === 'COMPLETE' ? [toKiteTrade(order)] : [];
  });

  kiteRoute(transport, 'GET', '/trades', 'other', async ({ context }) =>
    (await readOrderBook(index, deps, context))
      .filter((order) => order.status === 'COMPLETE')
      .map(toKiteTrade),
  );
}
