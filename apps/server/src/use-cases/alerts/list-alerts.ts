import { ALERT_LIST_MAX, type alertList } from '@nivesh/contract';
import type { StaffUseCase } from '../../application/context.js';
import { listAlertDeliveries, listRecentAlerts } from '../../repositories/alert.repository.js';

const SHOWN_FOR_MS = 7 * 86_400_000;

/** The dashboard's alerts (`alerts/list`): open ones and the last week's, with every delivery try. */
export const listAlerts: StaffUseCase<typeof alertList> = async (deps, context) => {
  const alerts = await listRecentAlerts(deps.db, context.nowMs - SHOWN_FOR_MS, ALERT_LIST_MAX);
  const deliveries = await listAlertDeliveries(
    deps.db,
    alerts.map((alert) => alert.id),
  );
  return {
    items: alerts.map((alert) => ({
      id: String(alert.id),
      condition: alert.conditionKey,
      kind: alert.kind,
      summary: alert.summary,
      raisedAt: alert.raisedAtMs,
      clearedAt: alert.clearedAtMs,
      deliveries: deliveries
        .filter((row) => row.alertId === alert.id)
        .map((row) => ({
          channel: row.channel,
          attempt: row.attempt,
          attemptedAt: row.attemptedAtMs,
          delivered: row.delivered,
          httpStatus: row.httpStatus,
          error: row.error,
        })),
    })),
    channels: {
      webhook: deps.config.alerts.webhook !== undefined,
      mail: deps.config.alerts.mail !== undefined,
    },
  };
};
