import type { Product } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { UserContext } from '../../application/context.js';
import {
  findOpenPositionsOfUser,
  findPartsSoldOf,
  findPosition,
  listUserPositions,
} from '../../repositories/position.repository.js';
import { cancelOrder } from '../../use-cases/trading/cancel-order.js';
import { closePosition } from '../../use-cases/trading/close-position.js';
import { modifyOrder } from '../../use-cases/trading/modify-order.js';
import { placeOrder } from '../../use-cases/trading/place-order.js';
import { sellHoldings } from '../../use-cases/trading/sell-holdings.js';
import type { KiteInstrumentIndex } from './instrument-index.js';
import { oneOf, optionalPrice, optionalText, requiredText, wholeQuantity } from './kite-fields.js';
import {
  CLOSE_ORDER_ID_OFFSET,
  isLegOfToday,
  legsOf,
  type OrderLeg,
  orderHistoryOf,
  parseOrderId,
  soldInPartsOf,
  toKiteOrder,
  toKiteTrade,
} from './kite-order-views.js';
import { type KiteFields, type KiteTransport, kiteRoute } from './kite-route.js';

/** The day's order book is read from this many newest positions at most. */
const ORDER_BOOK_POSITIONS_MAX = 500;

const ORDER_TYPES = { MARKET: 'market', LIMIT: 'limit', SL: 'sl', 'SL-M': 'sl-m' } as const;
const VARIETIES = ['regular', 'co', 'amo', 'iceberg', 'auction'] as const;

function readVariety(variety: string): 'regular' {
  if (variety !== 'regular') refuse('KITE_VARIETY_UNSUPPORTED', { variety: variety.slice(0, 32) });
  return 'regular';
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
  return Promise.all(legs.map((leg) => orderOf(index, context, leg)));
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

/**
 * A Kite order mapped onto the same use cases as the app's calls (docs/adr/0025): a BUY opens a
 * long (trade/open) unless it covers an intraday short; a SELL of CNC or MTF sells holdings oldest
 * first (trade/sell), and a SELL of MIS sells intraday longs when there are some, else opens a
 * short. A sale of holdings is at the market: a limit sale has no Nivesh counterpart yet.
 */
async function placeKiteOrder(
  transport: KiteTransport,
  index: KiteInstrumentIndex,
  context: UserContext,
  fields: KiteFields,
): Promise<{ order_id: string }> {
  const { deps } = transport;
  readValidity(fields);
  const instrument = await instrumentNamed(index, fields);
  const transactionType = oneOf(fields, 'transaction_type', ['BUY', 'SELL'] as const);
  const quantity = wholeQuantity(requiredText(fields, 'quantity'));
  const product = oneOf(fields, 'product', ['CNC', 'MIS', 'MTF'] as const) as Product;
  const kiteOrderType = oneOf(fields, 'order_type', ['MARKET', 'LIMIT', 'SL', 'SL-M'] as const);
  const orderType = ORDER_TYPES[kiteOrderType];
  const price = optionalPrice(fields, 'price');
  const triggerPrice = optionalPrice(fields, 'trigger_price');
  const symbol = instrument.symbol;

  const open = (await findOpenPositionsOfUser(deps.db, context.user.id)).filter(
    (position) => position.symbol === symbol && position.product === product && position.state === 'holding',
  );
  if (transactionType === 'SELL') {
    const longs = open.filter((position) => position.side === 'long');
    if (product !== 'MIS' || longs.length > 0) {
      if (orderType !== 'market')
        refuse('KITE_INPUT_INVALID', { field: 'order_type', reason: 'a sale of holdings is a MARKET order' });
      const sale = await sellHoldings(deps, context, { symbol, product, quantity });
      return {
        order_id: (sale.lots[0] ? BigInt(sale.lots[0].positionId) + CLOSE_ORDER_ID_OFFSET : 0n).toString(),
      };
    }
  }
  if (transactionType === 'BUY' && product === 'MIS') {
    // Covering an intraday short: the oldest short holding of the symbol closes (in part) at the market.
    const short = open.filter((position) => position.side === 'short').sort((a, b) => Number(a.id - b.id))[0];
    if (short) {
      if (orderType !== 'market' || quantity > short.quantity)
        refuse('KITE_INPUT_INVALID', { field: 'quantity', reason: 'covers one short holding at the market' });
      const closed = await closePosition(deps, context, { id: short.id.toString(), quantity });
      return { order_id: (BigInt(closed.id) + CLOSE_ORDER_ID_OFFSET).toString() };
    }
  }
  const placed = await placeOrder(deps, context, {
    symbol,
    side: transactionType === 'BUY' ? 'long' : 'short',
    orderType,
    quantity,
    product,
    ...(price !== undefined ? { price } : {}),
    ...(triggerPrice !== undefined ? { triggerPrice } : {}),
  });
  return { order_id: placed.id };
}

export function registerKiteOrderRoutes(transport: KiteTransport, index: KiteInstrumentIndex): void {
  const { deps } = transport;

  kiteRoute(transport, 'POST', '/orders/:variety', 'orders', async ({ context, fields, request }) => {
    readVariety((request.params as { variety: string }).variety);
    return placeKiteOrder(transport, index, context, fields);
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
      const leg = await findLeg(deps, context, params.order_id);
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
    const leg = await findLeg(deps, context, params.order_id);
    if (leg.kind === 'close') refuse('REPEATED_OPERATION', { state: 'pending' });
    const cancelled = await cancelOrder(deps, context, { id: leg.position.id.toString() });
    return { order_id: cancelled.id };
  });

  kiteRoute(transport, 'GET', '/orders', 'other', async ({ context }) => readOrderBook(index, deps, context));

  kiteRoute(transport, 'GET', '/orders/:order_id', 'other', async ({ context, request }) => {
    const leg = await findLeg(deps, context, (request.params as { order_id: string }).order_id);
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
