import { formatPaise, isLevelReached } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import { insertUserMessage, publishMessage } from '../../repositories/message.repository.js';
import { markPriceAlertTriggered, type PriceAlertRecord } from '../../repositories/price-alert.repository.js';
import { findInstrumentCached } from '../../trading/instrument-cache.js';
import { ENGINE_ACTOR } from '../trading/engine-support.js';
import { toPriceAlertView } from './price-alert-view.js';

export type FirePriceAlertOutcome = { kind: 'fired'; alert: PriceAlertRecord } | { kind: 'skipped' };

/**
 * Fires one alert that the engine's trigger index says the price crossed, exactly once: the row
 * moves from active to triggered with the price and time, and the investor's message is written in
 * the same transaction (deduplicated by the alert's id). After the commit the message and a
 * `price_alert` event reach the investor's sockets, where the app shows a toast. An alert already
 * fired or deleted (a stale index entry, another process) is skipped.
 */
export async function firePriceAlert(
  deps: AppDeps,
  input: { alert: PriceAlertRecord; pricePaise: bigint; tickAtMs: number },
): Promise<FirePriceAlertOutcome> {
  // The index's crossing is core's; this is the same rule, asked again of the row as stored.
  if (!isLevelReached(input.alert, input.pricePaise)) return { kind: 'skipped' };
  const fired = await inTransaction(deps.db, async (trx) => {
    const alert = await markPriceAlertTriggered(trx, input.alert.id, {
      pricePaise: input.pricePaise,
      atMs: input.tickAtMs,
    });
    if (!alert) return undefined;
    await appendAudit(trx, {
      actor: ENGINE_ACTOR,
      action: 'price_alert.fire',
      target: { type: 'price_alert', id: alert.id },
      before: { state: 'active' },
      after: { state: 'triggered', pricePaise: input.pricePaise },
    });
    const message = await insertUserMessage(trx, {
      userId: alert.userId,
      kind: alert.direction === 'at_or_above' ? 'PRICE_ALERT_ABOVE' : 'PRICE_ALERT_BELOW',
      params: {
        symbol: alert.symbol,
        level: formatPaise(alert.levelPaise),
        price: formatPaise(input.pricePaise),
      },
      dedupeKey: `price-alert:${alert.id}`,
      atMs: input.tickAtMs,
    });
    return { alert, message };
  });
  if (!fired) return { kind: 'skipped' };
  publishMessage(deps.userEvents, fired.message);
  const name = (await findInstrumentCached(deps.db, fired.alert.symbol))?.name ?? fired.alert.symbol;
  deps.userEvents.publishUserEvent(fired.alert.userId, {
    type: 'price_alert',
    alert: toPriceAlertView(fired.alert, name),
  });
  return { kind: 'fired', alert: fired.alert };
}
