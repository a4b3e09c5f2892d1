import { type CurrencyCode, lastCloseAtOrBefore } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { findPendingExchangeOrdersPlacedBefore } from '../../repositories/position.repository.js';
import { ENGINE_ACTOR, runEngineAction } from './engine-support.js';
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
    const after = await runEngineAction(deps, {
      id: order.id,
      action: 'expire',
      atMs: input.nowMs,
      audit: 'trade.expire',
      event: 'expired',
      apply: (trx, position) =>
        cancelPendingInTransaction(trx, {
          position,
          accounts,
          reason: 'expired',
          atMs: input.nowMs,
          postedBy: ENGINE_ACTOR,
        }),
      message: (cancelled) => ({
        kind: 'ORDER_EXPIRED',
        params: { orderNo: String(cancelled.id), symbol: cancelled.symbol },
        dedupeKey: `order:${cancelled.id}:expired`,
      }),
    });
    if (after) expired += 1;
  }
  return expired;
}
