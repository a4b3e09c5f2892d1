import { istDate, kiteTimestamp, paiseToKiteRupees } from '@nivesh/core';
import type { AfterMarketOrderRecord } from '../../repositories/after-market-order.repository.js';
import type { PositionRecord } from '../../repositories/position.repository.js';

/**
 * Kite is order-centric and Nivesh position-centric (reference §6): a position is one order that
 * opened it and, once closed, one more that closed it. The opening order keeps the position's id as
 * its order_id; the closing order's id is the position's id plus this offset, so both are stable
 * numeric strings that never collide (docs/adr/0025). The part sold of a partial sell is a closing
 * order only: its opening is the original holding's.
 */
export const CLOSE_ORDER_ID_OFFSET = 1_000_000_000_000_000n;

/**
 * An after-market order waiting for the open (docs/adr/0031) has no position yet: its order_id is
 * its own id plus this offset, above every opening and closing order's. Once placed at the open it
 * becomes the order of the position it opened (its order_id then names that).
 */
export const AFTER_MARKET_ORDER_ID_OFFSET = 2_000_000_000_000_000_000n;

export type OrderLegKind = 'open' | 'close';

export interface OrderLeg {
  kind: OrderLegKind;
  position: PositionRecord;
  /**
   * The order's quantity: the row's, except for the opening of a holding parts of which were sold
   * since (a partial sell keeps the remainder in the row), whose order bought the whole.
   */
  quantity: number;
}

export function orderIdOf(leg: OrderLeg): string {
  return (leg.kind === 'open' ? leg.position.id : leg.position.id + CLOSE_ORDER_ID_OFFSET).toString();
}

/** The position and leg an order_id names, or undefined for a malformed one. */
export function parseOrderId(orderId: string): { positionId: bigint; kind: OrderLegKind } | undefined {
  if (!/^[0-9]{1,19}$/.test(orderId)) return undefined;
  const id = BigInt(orderId);
  if (id >= AFTER_MARKET_ORDER_ID_OFFSET) return undefined;
  return id >= CLOSE_ORDER_ID_OFFSET
    ? { positionId: id - CLOSE_ORDER_ID_OFFSET, kind: 'close' }
    : { positionId: id, kind: 'open' };
}

export function legsOf(position: PositionRecord, soldInParts: ReadonlyMap<bigint, number>): OrderLeg[] {
  const legs: OrderLeg[] = [];
  if (position.splitFromId === null)
    legs.push({ kind: 'open', position, quantity: position.quantity + (soldInParts.get(position.id) ?? 0) });
  if (position.state === 'closed') legs.push({ kind: 'close', position, quantity: position.quantity });
  return legs;
}

/** The shares sold in parts of each holding among `positions` (the rows split from it). */
export function soldInPartsOf(positions: readonly PositionRecord[]): Map<bigint, number> {
  const sold = new Map<bigint, number>();
  for (const position of positions)
    if (position.splitFromId !== null)
      sold.set(position.splitFromId, (sold.get(position.splitFromId) ?? 0) + position.quantity);
  return sold;
}

/** The after-market order an order_id names, or undefined when it names none. */
export function parseAfterMarketOrderId(orderId: string): bigint | undefined {
  if (!/^[0-9]{1,19}$/.test(orderId)) return undefined;
  const id = BigInt(orderId);
  return id >= AFTER_MARKET_ORDER_ID_OFFSET ? id - AFTER_MARKET_ORDER_ID_OFFSET : undefined;
}

const AFTER_MARKET_STATUS = {
  pending: 'AMO REQ RECEIVED',
  placed: 'AMO REQ RECEIVED',
  cancelled: 'CANCELLED',
  rejected: 'REJECTED',
} as const;

/** A Kite Order of an after-market order not (or never) placed: waiting, cancelled or refused. */
export function toKiteAfterMarketOrder(
  order: AfterMarketOrderRecord,
  context: { userId: string; exchange: string; instrumentToken: number; rejectReason: string | null },
) {
  const orderId = (order.id + AFTER_MARKET_ORDER_ID_OFFSET).toString();
  const status = AFTER_MARKET_STATUS[order.status];
  return {
    order_id: orderId,
    parent_order_id: null,
    exchange_order_id: null,
    placed_by: context.userId,
    variety: 'amo',
    status,
    tradingsymbol: order.symbol,
    exchange: context.exchange,
    instrument_token: context.instrumentToken,
    transaction_type: order.transactionType,
    order_type: ORDER_TYPE[order.orderType],
    product: order.product,
    validity: 'DAY',
    price: rupees(order.pricePaise),
    quantity: order.quantity,
    trigger_price: rupees(order.triggerPricePaise),
    average_price: 0,
    pending_quantity: order.status === 'pending' ? order.quantity : 0,
    filled_quantity: 0,
    disclosed_quantity: 0,
    cancelled_quantity: order.status === 'pending' ? 0 : order.quantity,
    order_timestamp: kiteTimestamp(order.settledAtMs ?? order.modifiedAtMs ?? order.placedAtMs),
    exchange_timestamp: null,
    exchange_update_timestamp: null,
    status_message: context.rejectReason,
    status_message_raw: null,
    meta: {},
    tag: null,
    tags: [],
    guid: `nivesh-${orderId}`,
    market_protection: 0,
  };
}

/** Whether a leg is of the IST day of `nowMs` or still waits: Kite's order book is the day's. */
export function isLegOfToday(leg: OrderLeg, nowMs: number): boolean {
  const today = istDate(nowMs);
  const p = leg.position;
  if (leg.kind === 'close') return p.closedAtMs !== null && istDate(p.closedAtMs) === today;
  if (p.state === 'pending') return true;
  return [p.placedAtMs, p.openedAtMs, p.cancelledAtMs].some(
    (atMs) => atMs !== null && istDate(atMs) === today,
  );
}

const rupees = (paise: bigint | null) => (paise === null ? 0 : paiseToKiteRupees(paise));
const stamp = (atMs: number | null) => (atMs === null ? null : kiteTimestamp(atMs));

function transactionTypeOf(leg: OrderLeg): 'BUY' | 'SELL' {
  const buys = leg.position.side === 'long' ? leg.kind === 'open' : leg.kind === 'close';
  return buys ? 'BUY' : 'SELL';
}

function statusOf(leg: OrderLeg): string {
  const p = leg.position;
  if (leg.kind === 'close') return 'COMPLETE';
  if (p.state === 'cancelled') return 'CANCELLED';
  if (p.state === 'pending')
    return (p.orderType === 'sl' || p.orderType === 'sl-m') && !p.triggered ? 'TRIGGER PENDING' : 'OPEN';
  return 'COMPLETE';
}

const ORDER_TYPE: Record<PositionRecord['orderType'], string> = {
  market: 'MARKET',
  limit: 'LIMIT',
  sl: 'SL',
  'sl-m': 'SL-M',
};

/** A Kite Order (reference §3, types/connect.d.ts) of one leg, as it stands now. */
export function toKiteOrder(
  leg: OrderLeg,
  context: { userId: string; exchange: string; instrumentToken: number },
) {
  const p = leg.position;
  const status = statusOf(leg);
  const isOpen = leg.kind === 'open';
  const quantity = leg.quantity;
  const filled = status === 'COMPLETE' ? quantity : 0;
  const filledAtMs = isOpen ? p.openedAtMs : p.closedAtMs;
  const cancelMessage =
    p.cancelReason === 'expired'
      ? 'Order expired at the session close'
      : p.cancelReason === 'funds'
        ? 'Insufficient funds at the fill'
        : null;
  return {
    order_id: orderIdOf(leg),
    parent_order_id: null,
    exchange_order_id: status === 'COMPLETE' ? orderIdOf(leg) : null,
    placed_by: context.userId,
    variety: 'regular',
    status,
    tradingsymbol: p.symbol,
    exchange: context.exchange,
    instrument_token: context.instrumentToken,
    transaction_type: transactionTypeOf(leg),
    order_type: isOpen ? ORDER_TYPE[p.orderType] : 'MARKET',
    product: p.product,
    validity: 'DAY',
    price: isOpen ? rupees(p.limitPricePaise) : 0,
    quantity,
    trigger_price: isOpen ? rupees(p.triggerPricePaise) : 0,
    average_price: status === 'COMPLETE' ? rupees(isOpen ? p.entryPricePaise : p.exitPricePaise) : 0,
    pending_quantity: status === 'OPEN' || status === 'TRIGGER PENDING' ? quantity : 0,
    filled_quantity: filled,
    disclosed_quantity: 0,
    cancelled_quantity: status === 'CANCELLED' ? quantity : 0,
    order_timestamp: stamp(
      isOpen ? (p.cancelledAtMs ?? filledAtMs ?? p.modifiedAtMs ?? p.placedAtMs) : p.closedAtMs,
    ),
    exchange_timestamp: stamp(filledAtMs),
    exchange_update_timestamp: stamp(filledAtMs),
    status_message: status === 'CANCELLED' ? cancelMessage : null,
    status_message_raw: null,
    meta: {},
    tag: null,
    tags: [],
    guid: `nivesh-${orderIdOf(leg)}`,
    market_protection: 0,
  };
}

export type KiteOrder = ReturnType<typeof toKiteOrder>;

/**
 * The states an order went through, oldest first (Kite's order history): placed, modified when it
 * was, and how it ended. Nivesh keeps an order's current terms, so each entry shows them.
 */
export function orderHistoryOf(leg: OrderLeg, now: KiteOrder): KiteOrder[] {
  const p = leg.position;
  if (leg.kind === 'close') return [now];
  const waiting = {
    ...now,
    status: now.status === 'COMPLETE' || now.status === 'CANCELLED' ? 'OPEN' : now.status,
  };
  const entries: KiteOrder[] = [
    {
      ...waiting,
      filled_quantity: 0,
      pending_quantity: leg.quantity,
      cancelled_quantity: 0,
      average_price: 0,
      exchange_timestamp: null,
      exchange_update_timestamp: null,
      status_message: null,
      order_timestamp: kiteTimestamp(p.placedAtMs),
    },
  ];
  if (p.modifiedAtMs !== null)
    entries.push({ ...entries[0]!, status: 'MODIFIED', order_timestamp: kiteTimestamp(p.modifiedAtMs) });
  if (now.status === 'COMPLETE' || now.status === 'CANCELLED') entries.push(now);
  return entries;
}

/** A Kite Trade of a filled leg (one fill per order in Nivesh). */
export function toKiteTrade(order: KiteOrder) {
  return {
    trade_id: order.order_id,
    order_id: order.order_id,
    exchange_order_id: order.exchange_order_id,
    tradingsymbol: order.tradingsymbol,
    exchange: order.exchange,
    instrument_token: order.instrument_token,
    transaction_type: order.transaction_type,
    product: order.product,
    average_price: order.average_price,
    filled: order.filled_quantity,
    quantity: order.filled_quantity,
    fill_timestamp: order.exchange_timestamp,
    order_timestamp: order.order_timestamp,
    exchange_timestamp: order.exchange_timestamp,
  };
}
