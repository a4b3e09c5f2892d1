import type { AppDeps } from '../../application/context.js';
import type { PositionView } from './position-view.js';

export type TradeEventKind =
  | 'placed'
  | 'filled'
  | 'cancelled'
  | 'closed'
  | 'stopped_out'
  | 'squared_off'
  | 'expired'
  | 'modified';

/**
 * Tells the investor's open sockets that one of their orders or positions changed, after the
 * change committed: `{type: 'trade', event, position}` on the user channel.
 */
export function publishPositionEvent(
  deps: Pick<AppDeps, 'userEvents'>,
  userId: bigint,
  event: TradeEventKind,
  position: PositionView,
): void {
  deps.userEvents.publishUserEvent(userId, { type: 'trade', event, position });
}
