import { alertTransitions, nextDeliveryAttemptAtMs } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import {
  type AlertRecord,
  clearAlert,
  findOpenAlerts,
  insertAlertDelivery,
  insertAlertOnce,
  listAlertDeliveries,
  listRecentAlerts,
} from '../../repositories/alert.repository.js';
import { alertConditionsNow } from './alert-conditions-now.js';
import { type DeliveryOutcome, mailAlert, postAlertToWebhook } from './send-alert.js';

/** Deliveries are tried for alerts raised in the last day; older ones are the dashboard's only. */
const DELIVERY_WINDOW_MS = 86_400_000;
const DELIVERY_BATCH = 50;

/** Where alerts go: the configured webhook and mail (tests hand their own). */
export interface AlertSenders {
  webhook?: (alert: AlertRecord, attempt: number, nowMs: number) => Promise<DeliveryOutcome>;
  mail?: (alert: AlertRecord) => Promise<DeliveryOutcome>;
}

export function configuredAlertSenders(deps: AppDeps): AlertSenders {
  const { webhook, mail } = deps.config.alerts;
  return {
    ...(webhook
      ? { webhook: (alert, attempt, nowMs) => postAlertToWebhook(webhook, alert, attempt, nowMs) }
      : {}),
    ...(mail ? { mail: (alert) => mailAlert(mail, alert) } : {}),
  };
}

/**
 * One round of alerts (docs/adr/0033): raises an alert for each condition that started to hold,
 * clears those that ended (one alert per condition until it clears: no storm), then makes every
 * delivery that is due: the first try at once, retries with backoff (core's nextDeliveryAttemptAtMs),
 * each try recorded with its outcome.
 */
export async function runAlertChecks(
  deps: AppDeps,
  nowMs: number,
  senders: AlertSenders = configuredAlertSenders(deps),
): Promise<{ raised: string[]; cleared: string[]; attempts: number }> {
  const holding = await alertConditionsNow(deps, nowMs);
  const open = await findOpenAlerts(deps.db);
  const { raise, clear } = alertTransitions(
    open.map((alert) => alert.conditionKey),
    holding,
  );
  const raised: string[] = [];
  for (const condition of raise) {
    if (await insertAlertOnce(deps.db, condition, nowMs)) raised.push(condition.key);
  }
  for (const key of clear) await clearAlert(deps.db, key, nowMs);
  const attempts = await deliverDueAlerts(deps, nowMs, senders);
  return { raised, cleared: clear, attempts };
}

async function deliverDueAlerts(deps: AppDeps, nowMs: number, senders: AlertSenders): Promise<number> {
  const channels = (['webhook', 'mail'] as const).filter((channel) => senders[channel] !== undefined);
  if (channels.length === 0) return 0;
  const alerts = await listRecentAlerts(deps.db, nowMs - DELIVERY_WINDOW_MS, DELIVERY_BATCH);
  const recent = alerts.filter((alert) => alert.raisedAtMs >= nowMs - DELIVERY_WINDOW_MS);
  const deliveries = await listAlertDeliveries(
    deps.db,
    recent.map((alert) => alert.id),
  );
  let attempts = 0;
  for (const alert of recent) {
    for (const channel of channels) {
      const tries = deliveries.filter((row) => row.alertId === alert.id && row.channel === channel);
      if (tries.some((row) => row.delivered)) continue;
      const last = tries.at(-1);
      const dueAtMs = nextDeliveryAttemptAtMs(tries.length, last?.attemptedAtMs ?? alert.raisedAtMs);
      if (dueAtMs === undefined || dueAtMs > nowMs) continue;
      const attempt = tries.length + 1;
      const outcome =
        channel === 'webhook' ? await senders.webhook!(alert, attempt, nowMs) : await senders.mail!(alert);
      await insertAlertDelivery(deps.db, {
        alertId: alert.id,
        channel,
        attempt,
        attemptedAtMs: nowMs,
        ...outcome,
      });
      attempts += 1;
      if (!outcome.delivered)
        deps.log.warn(
          { alert: String(alert.id), channel, attempt, error: outcome.error },
          'alert delivery failed',
        );
    }
  }
  return attempts;
}
