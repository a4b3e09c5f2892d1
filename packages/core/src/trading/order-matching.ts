import { invariant } from '../invariant.js';
import type { OrderType } from './order-state.js';
import type { PositionSide } from './pnl.js';
import type { TriggerDirection } from './trigger-index.js';

/**
 * The one rule for "does this price cross this order" (DESIGN §5). Placement, the engine's index and
 * the engine's fill all ask it, so the three can never disagree about when an order acts.
 *
 * - market: fills at any price;
 * - limit: fills when the price is at the limit or better (a long at or below it, a short at or above);
 * - sl-m (stop-loss-market): fills when the price reaches the trigger (a long at or above it, a short
 *   at or below);
 * - sl (stop-loss-limit): when the price reaches the trigger it is armed and then works as a limit
 *   order; a price that reaches the trigger and is already at the limit fills at once.
 *
 * Every fill is at the price that crossed (the feed price): one price for every user (DESIGN rule 1.2).
 */
export interface RestingOrder {
  side: PositionSide;
  orderType: OrderType;
  limitPricePaise: bigint | null;
  triggerPricePaise: bigint | null;
  /** A stop-limit whose trigger the price has reached: it now waits at its limit. */
  triggered: boolean;
}

/** Where an order waits: the level a price must reach, and from which side. */
export interface OrderLevel {
  direction: TriggerDirection;
  levelPaise: bigint;
}

export type OrderMatch = { action: 'fill'; pricePaise: bigint } | { action: 'arm' } | { action: 'none' };

/**
 * Tells whether a price has reached a level from the level's side.
 *
 * Example: `isLevelReached({ direction: 'at_or_below', levelPaise: 10000n }, 10000n)` is true (₹100.00
 * reaches a ₹100.00 buy limit); with 10005n it is false.
 */
export function isLevelReached(level: OrderLevel, pricePaise: bigint): boolean {
  return level.direction === 'at_or_below' ? pricePaise <= level.levelPaise : pricePaise >= level.levelPaise;
}

/**
 * The limit level of an order: a buy (long) fills at or below its limit, a sell (short) at or above.
 *
 * Example: `limitLevelOf('short', 10500n)` is `{ direction: 'at_or_above', levelPaise: 10500n }`.
 */
export function limitLevelOf(side: PositionSide, limitPricePaise: bigint): OrderLevel {
  return { direction: side === 'long' ? 'at_or_below' : 'at_or_above', levelPaise: limitPricePaise };
}

/**
 * The trigger level of a stop order: a long stop fires at or above its trigger (the price rose to
 * it), a short stop at or below.
 *
 * Example: `triggerLevelOf('long', 10500n)` is `{ direction: 'at_or_above', levelPaise: 10500n }`.
 */
export function triggerLevelOf(side: PositionSide, triggerPricePaise: bigint): OrderLevel {
  return { direction: side === 'long' ? 'at_or_above' : 'at_or_below', levelPaise: triggerPricePaise };
}

/**
 * The level a pending order waits at (the engine indexes it there), or undefined for an order that
 * waits for nothing (a market order fills at any price). A limit and an armed stop-limit wait at the
 * limit; a stop-market and a stop-limit not yet armed wait at the trigger.
 *
 * Example: a long stop-limit with trigger ₹105.00 and limit ₹106.00 waits at
 * `{ direction: 'at_or_above', levelPaise: 10500n }`; once armed at
 * `{ direction: 'at_or_below', levelPaise: 10600n }`.
 */
export function orderLevelOf(order: RestingOrder): OrderLevel | undefined {
  const waitsAtLimit = order.orderType === 'limit' || (order.orderType === 'sl' && order.triggered);
  if (waitsAtLimit && order.limitPricePaise !== null) return limitLevelOf(order.side, order.limitPricePaise);
  if (order.orderType !== 'market' && order.triggerPricePaise !== null) {
    return triggerLevelOf(order.side, order.triggerPricePaise);
  }
  return undefined;
}

/**
 * What a feed price does to a waiting order: fill it (at that price), arm a stop-limit (its trigger
 * is reached but the price is not yet at its limit), or nothing.
 *
 * Example, a long stop-limit with trigger ₹105.00 (10500n) and limit ₹106.00 (10600n), not armed:
 * at 10400n nothing happens; at 10650n it is armed (trigger reached, price above the limit); at
 * 10550n it fills at 10550n (trigger reached and the price within the limit). A long limit at
 * ₹100.00 fills at 9995n with `{ action: 'fill', pricePaise: 9995n }`: the feed price, better than
 * the limit.
 */
export function matchOrderAtPrice(order: RestingOrder, pricePaise: bigint): OrderMatch {
  invariant(pricePaise > 0n, `a feed price is positive: ${pricePaise}`);
  if (order.orderType === 'market') return { action: 'fill', pricePaise };
  const level = orderLevelOf(order);
  invariant(level !== undefined, `a ${order.orderType} order carries its price`);
  if (!isLevelReached(level, pricePaise)) return { action: 'none' };
  if (order.orderType === 'sl' && !order.triggered) {
    invariant(order.limitPricePaise !== null, 'a stop-limit order carries its limit');
    return isLevelReached(limitLevelOf(order.side, order.limitPricePaise), pricePaise)
      ? { action: 'fill', pricePaise }
      : { action: 'arm' };
  }
  return { action: 'fill', pricePaise };
}
