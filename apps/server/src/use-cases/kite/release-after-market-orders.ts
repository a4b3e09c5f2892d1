import { formatPaise, isOpen } from '@nivesh/core';
import { AppError } from '../../application/app-error.js';
import type { AppDeps } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import {
  findDueAfterMarketOrders,
  lockAfterMarketOrder,
  recordAfterMarketOutcome,
  settleAfterMarketOrder,
} from '../../repositories/after-market-order.repository.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import { insertUserMessage, publishMessage } from '../../repositories/message.repository.js';
import { rejectReasonOf } from '../gtt/gtt-view.js';
import { actingUserContext } from '../trading/acting-user-context.js';
import { ENGINE_ACTOR } from '../trading/engine-support.js';
import { placeKiteOrder } from './place-kite-order.js';

/** After-market orders placed in one sweep, at most; the rest follow at the next. */
const RELEASES_PER_SWEEP_MAX = 200;

/**
 * The sweep's after-market job (docs/architecture.md, "A job"; docs/adr/0031): once the NSE session
 * is open, every waiting order whose open has come is claimed (placed, committed first so it is
 * never placed twice) and placed for its investor through the same use cases as a regular Kite
 * order (placeKiteOrder), with the investor's own checks; the order it became is recorded, or the
 * refusal. The investor is told either way. Answers how many were released.
 */
export async function releaseAfterMarketOrders(deps: AppDeps, nowMs: number): Promise<number> {
  if (!isOpen(deps.calendar.current, 'nse', nowMs)) return 0;
  let released = 0;
  for (const id of await findDueAfterMarketOrders(deps.db, nowMs, RELEASES_PER_SWEEP_MAX)) {
    const claimed = await inTransaction(deps.db, async (trx) => {
      const order = await lockAfterMarketOrder(trx, id);
      if (order?.status !== 'pending') return undefined;
      return settleAfterMarketOrder(trx, id, 'placed', nowMs);
    });
    if (!claimed) continue;
    const context = await actingUserContext(deps, claimed.userId, { nowMs, requestId: `amo:${id}:release` });
    let outcome: { positionId: bigint } | { rejectCode: string };
    try {
      if (!context) throw new AppError('ACCOUNT_NOT_FOUND');
      const placed = await placeKiteOrder(deps, context, {
        symbol: claimed.symbol,
        transactionType: claimed.transactionType,
        quantity: claimed.quantity,
        product: claimed.product,
        orderType: claimed.orderType,
        price: claimed.pricePaise === null ? undefined : formatPaise(claimed.pricePaise),
        triggerPrice: claimed.triggerPricePaise === null ? undefined : formatPaise(claimed.triggerPricePaise),
      });
      outcome = { positionId: placed.positionId };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcome = { rejectCode: error.code };
    }
    const message = await inTransaction(deps.db, async (trx) => {
      const after = await recordAfterMarketOutcome(trx, id, outcome);
      await appendAudit(trx, {
        actor: ENGINE_ACTOR,
        action: 'positionId' in outcome ? 'engine.amo.released' : 'engine.amo.rejected',
        target: { type: 'after_market_order', id },
        after: { status: after.status, positionId: after.positionId, rejectCode: after.rejectCode },
      });
      return insertUserMessage(trx, {
        userId: after.userId,
        ...('positionId' in outcome
          ? { kind: 'AMO_RELEASED' as const, params: { symbol: after.symbol, quantity: after.quantity } }
          : {
              kind: 'AMO_REJECTED' as const,
              params: {
                symbol: after.symbol,
                reason: rejectReasonOf(outcome.rejectCode, context?.language ?? 'en'),
              },
            }),
        dedupeKey: `amo:${id}:release`,
        atMs: nowMs,
      });
    });
    publishMessage(deps.userEvents, message);
    released += 1;
  }
  return released;
}
