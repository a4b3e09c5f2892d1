import { isOpen, nextOpen, type TradingCalendarId } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, UserContext } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import {
  AFTER_MARKET_ORDERS_PENDING_MAX,
  type AfterMarketOrderRecord,
  countPendingAfterMarketOrders,
  insertAfterMarketOrder,
} from '../../repositories/after-market-order.repository.js';
import { findInstrumentCached } from '../../trading/instrument-cache.js';
import { auditUserAct } from '../audit/audit-user-act.js';
import { readPrice } from '../trading/place-order.js';
import { refuseUnlessMayTrade } from '../trading/refuse-unless-may-trade.js';
import type { KiteOrderTerms } from './place-kite-order.js';

/** Reads an order's prices into paise: the ones its type carries, on the tick. */
export function afterMarketPrices(terms: KiteOrderTerms, tickPaise: bigint) {
  const hasLimit = terms.orderType === 'limit' || terms.orderType === 'sl';
  const hasTrigger = terms.orderType === 'sl' || terms.orderType === 'sl-m';
  return {
    pricePaise: hasLimit ? readPrice(terms.price, 'price', tickPaise) : null,
    triggerPricePaise: hasTrigger ? readPrice(terms.triggerPrice, 'trigger_price', tickPaise) : null,
  };
}

/**
 * Takes an after-market order (Kite's `amo` variety; docs/adr/0031): while the market is closed an
 * order waits, with its terms checked as far as they can be without a session (the symbol, the
 * prices on the tick, the investor allowed to trade), until the next session's open by the NSE
 * calendar the engine trades by (deps.calendar). There the sweep places it through the same use
 * cases as a regular order, which check funds, bands and the price then. Audited.
 */
export async function placeAfterMarketOrder(
  deps: AppDeps,
  context: UserContext,
  terms: KiteOrderTerms,
): Promise<AfterMarketOrderRecord> {
  refuseUnlessMayTrade(context.user);
  const instrument =
    (await findInstrumentCached(deps.db, terms.symbol)) ??
    refuse('INSTRUMENT_NOT_FOUND', { symbol: terms.symbol });
  const calendarId = instrument.calendar as TradingCalendarId;
  if (calendarId !== 'nse' || isOpen(deps.calendar.current, calendarId, context.nowMs))
    refuse('AMO_DURING_SESSION');
  const prices = afterMarketPrices(terms, instrument.tick_paise);
  if ((await countPendingAfterMarketOrders(deps.db, context.user.id)) >= AFTER_MARKET_ORDERS_PENDING_MAX)
    refuse('KITE_INPUT_INVALID', {
      field: 'variety',
      reason: `at most ${AFTER_MARKET_ORDERS_PENDING_MAX} waiting after-market orders`,
    });
  return inTransaction(deps.db, async (trx) => {
    const order = await insertAfterMarketOrder(trx, {
      userId: context.user.id,
      symbol: terms.symbol,
      transactionType: terms.transactionType,
      product: terms.product,
      orderType: terms.orderType,
      quantity: terms.quantity,
      ...prices,
      placedAtMs: context.nowMs,
      releaseAtMs: nextOpen(deps.calendar.current, calendarId, context.nowMs),
    });
    await auditUserAct(trx, context, {
      action: 'user.amo.placed',
      target: { type: 'after_market_order', id: order.id },
      after: { symbol: order.symbol, quantity: order.quantity, releaseAtMs: order.releaseAtMs },
    });
    return order;
  });
}
