import { type CurrencyCode, lastCloseAtOrBefore } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { lockPosition } from '../../repositories/position.repository.js';
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
  const rows = await deps.db
    .selectFrom('positions')
    .innerJoin('instruments', 'instruments.symbol', 'positions.symbol')
    .selectAll('positions')
    .where('positions.state', '=', 'pending')
    .where('instruments.calendar', '=', 'nse')
    .where('positions.placed_at', '<', new Date(closedAtMs))
    .orderBy('positions.id')
    .execute();
  let expired = 0;
  for (const row of rows) {
    const accounts = await tradingAccountsOf(deps.db, row.user_id, row.currency as CurrencyCode);
    const result = await inTransaction(deps.db, async (trx) => {
      const position = await lockPosition(trx, row.id);
      if (position?.state !== 'pending') return undefined;
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
