import { type CurrencyCode, lastCloseAtOrBefore, nextPositionState } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import {
  findPendingExchangeOrdersPlacedBefore,
  lockPosition,
} from '../../repositories/position.repository.js';
import { announceEngineAction, ENGINE_ACTOR, recordEngineAction } from './engine-support.js';
import { cancelPendingInTransaction } from './position-ledger.js';
import { tradingAccountsOf } from './trading-accounts.js';

/**
 * Cancels pending orders on exchange-hours instruments placed before the latest session close: an
 * order is good for its day, as on the exchange (crypto and FX orders wait until cancelled). The hold
 * returns to cash and the investor gets a message. Returns how many it cancelled.
 */
export async function expireDayOrders(deps: AppDeps, input: { nowMs: number }): Promise<number> {
  const closedAtMs = lastCloseAtOrBefore(deps.calendar.current, input.nowMs);
  const orders = await findPendingExchangeOrdersPlacedBefore(deps.db, closedAtMs);
  let expired = 0;
  for (const order of orders) {
    const accounts = await tradingAccountsOf(deps.db, order.userId, order.currency as CurrencyCode);
    const result = await inTransaction(deps.db, async (trx) => {
      const position = await lockPosition(trx, order.id);
      if (!position || nextPositionState(position.state, 'expire') === null) return undefined;
      const after = await cancelPendingInTransaction(trx, {
        position,
        accounts,
        reason: 'expired',
        atMs: input.nowMs,
        postedBy: ENGINE_ACTOR,
      });
      const message = await recordEngineAction(trx, {
        action: 'trade.expire',
        before: position,
        after,
        message: {
          kind: 'ORDER_EXPIRED',
          params: { orderNo: String(after.id), symbol: after.symbol },
          dedupeKey: `order:${after.id}:expired`,
        },
        atMs: input.nowMs,
      });
      return { after, message };
    });
    if (!result) continue;
    await announceEngineAction(deps, result.after, 'expired', result.message, input.nowMs);
    expired += 1;
  }
  return expired;
}
