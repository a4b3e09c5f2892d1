import { notifyUser } from '../../api/client';
import type { Position } from '../../api/positions';

/** A trading event of the signed-in investor, as the user channel of the stream carries it. */
export interface TradeEvent {
  type: 'trade';
  event:
    | 'placed'
    | 'filled'
    | 'cancelled'
    | 'closed'
    | 'stopped_out'
    | 'squared_off'
    | 'expired'
    | 'modified';
  position: Position;
  /** The book the order is in (docs/adr/0026-paper-trading.md): the socket hears both. */
  book?: 'real' | 'paper';
}

/**
 * Whether the app shows a trading event: only those of the book it is in, as every screen shows
 * one book at a time (a paper fill is not told while the app shows real money, nor the reverse).
 */
export function isOfShownBook(event: Pick<TradeEvent, 'book'>, isPaper: boolean): boolean {
  return (event.book === 'paper') === isPaper;
}

const RECENT_MS = 10_000;
const recent = new Map<string, number>();

/**
 * Tells the investor about a change to an order once: the screen that acted, the portfolio's socket
 * and the detail's socket may all hear of the same fill or close.
 */
export function notifyTradeOnce(
  positionId: string,
  status: string,
  message: string,
  nowMs = Date.now(),
): void {
  for (const [key, at] of recent) if (nowMs - at > RECENT_MS) recent.delete(key);
  const key = `${positionId}:${status}`;
  if (recent.has(key)) return;
  recent.set(key, nowMs);
  notifyUser(message);
}

/** The message of each trading event on the user channel. */
export const EVENT_KEYS: Record<TradeEvent['event'], string> = {
  placed: 'trade.event.placed',
  filled: 'trade.event.filled',
  cancelled: 'trade.event.cancelled',
  closed: 'trade.event.closed',
  stopped_out: 'trade.event.stoppedOut',
  squared_off: 'trade.event.squaredOff',
  expired: 'trade.event.expired',
  modified: 'orderModify.modified',
};
