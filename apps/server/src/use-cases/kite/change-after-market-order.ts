import { refuse } from '../../application/app-error.js';
import type { AppDeps, UserContext } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import {
  type AfterMarketOrderRecord,
  lockAfterMarketOrder,
  settleAfterMarketOrder,
  updateAfterMarketOrderTerms,
} from '../../repositories/after-market-order.repository.js';
import { findInstrumentCached } from '../../trading/instrument-cache.js';
import { auditUserAct } from '../audit/audit-user-act.js';
import { readPrice } from '../trading/place-order.js';

async function lockWaiting(trx: AppDeps['db'], context: UserContext, id: bigint) {
  const order = await lockAfterMarketOrder(trx, id);
  if (!order || order.userId !== context.user.id) refuse('ORDER_NOT_FOUND');
  if (order!.status !== 'pending') refuse('AMO_NOT_PENDING', { status: order!.status });
  return order!;
}

/**
 * Changes a waiting after-market order before the open (docs/adr/0031): its price, trigger or
 * quantity, each only where its type carries it, on the tick. One that was placed, cancelled or
 * refused at the open is refused.
 */
export async function modifyAfterMarketOrder(
  deps: AppDeps,
  context: UserContext,
  id: bigint,
  change: { price?: string | undefined; triggerPrice?: string | undefined; quantity?: number | undefined },
): Promise<AfterMarketOrderRecord> {
  return inTransaction(deps.db, async (trx) => {
    const before = await lockWaiting(trx, context, id);
    const instrument = await findInstrumentCached(deps.db, before.symbol);
    const tickPaise = instrument?.tick_paise ?? 5n;
    const hasLimit = before.orderType === 'limit' || before.orderType === 'sl';
    const hasTrigger = before.orderType === 'sl' || before.orderType === 'sl-m';
    const after = await updateAfterMarketOrderTerms(
      trx,
      id,
      {
        quantity: change.quantity ?? before.quantity,
        pricePaise:
          hasLimit && change.price !== undefined
            ? readPrice(change.price, 'price', tickPaise)
            : before.pricePaise,
        triggerPricePaise:
          hasTrigger && change.triggerPrice !== undefined
            ? readPrice(change.triggerPrice, 'trigger_price', tickPaise)
            : before.triggerPricePaise,
      },
      context.nowMs,
    );
    await auditUserAct(trx, context, {
      action: 'user.amo.modified',
      target: { type: 'after_market_order', id },
      before: {
        quantity: before.quantity,
        pricePaise: before.pricePaise,
        triggerPricePaise: before.triggerPricePaise,
      },
      after: {
        quantity: after.quantity,
        pricePaise: after.pricePaise,
        triggerPricePaise: after.triggerPricePaise,
      },
    });
    return after;
  });
}

/** Cancels a waiting after-market order before the open: it is never placed. Audited. */
export async function cancelAfterMarketOrder(
  deps: AppDeps,
  context: UserContext,
  id: bigint,
): Promise<AfterMarketOrderRecord> {
  return inTransaction(deps.db, async (trx) => {
    await lockWaiting(trx, context, id);
    const after = await settleAfterMarketOrder(trx, id, 'cancelled', context.nowMs);
    await auditUserAct(trx, context, {
      action: 'user.amo.cancelled',
      target: { type: 'after_market_order', id },
      after: { status: after.status },
    });
    return after;
  });
}
