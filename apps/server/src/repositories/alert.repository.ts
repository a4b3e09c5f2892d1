import type { AlertCondition } from '@nivesh/core';
import type { Db } from '../db/database.js';
import type { AlertDeliveriesTable } from '../db/schema.js';

/** An alert (migration 0058, docs/adr/0033): open while `clearedAtMs` is null. */
export interface AlertRecord {
  id: bigint;
  conditionKey: string;
  kind: AlertCondition['kind'];
  summary: string;
  raisedAtMs: number;
  clearedAtMs: number | null;
}

export interface AlertDeliveryRecord {
  alertId: bigint;
  channel: AlertDeliveriesTable['channel'];
  attempt: number;
  attemptedAtMs: number;
  delivered: boolean;
  httpStatus: number | null;
  error: string | null;
}

const ALERT_COLUMNS = ['id', 'condition_key', 'kind', 'summary', 'raised_at', 'cleared_at'] as const;

function alertFromRow(row: {
  id: bigint;
  condition_key: string;
  kind: AlertCondition['kind'];
  summary: string;
  raised_at: Date;
  cleared_at: Date | null;
}): AlertRecord {
  return {
    id: row.id,
    conditionKey: row.condition_key,
    kind: row.kind,
    summary: row.summary,
    raisedAtMs: row.raised_at.getTime(),
    clearedAtMs: row.cleared_at ? row.cleared_at.getTime() : null,
  };
}

export async function findOpenAlerts(db: Db): Promise<AlertRecord[]> {
  const rows = await db
    .selectFrom('alerts')
    .select(ALERT_COLUMNS)
    .where('cleared_at', 'is', null)
    .orderBy('raised_at')
    .execute();
  return rows.map(alertFromRow);
}

/**
 * Raises an alert for a condition unless one is open for it (the partial unique index decides
 * between processes): the alert raised, or undefined.
 */
export async function insertAlertOnce(
  db: Db,
  condition: AlertCondition,
  atMs: number,
): Promise<AlertRecord | undefined> {
  const row = await db
    .insertInto('alerts')
    .values({
      condition_key: condition.key,
      kind: condition.kind,
      summary: condition.summary,
      raised_at: new Date(atMs),
    })
    .onConflict((conflict) => conflict.column('condition_key').where('cleared_at', 'is', null).doNothing())
    .returning(ALERT_COLUMNS)
    .executeTakeFirst();
  return row ? alertFromRow(row) : undefined;
}

export async function clearAlert(db: Db, conditionKey: string, atMs: number): Promise<void> {
  await db
    .updateTable('alerts')
    .set({ cleared_at: new Date(atMs) })
    .where('condition_key', '=', conditionKey)
    .where('cleared_at', 'is', null)
    .execute();
}

/** Alerts newest first: the open ones and those raised since `sinceMs`. */
export async function listRecentAlerts(db: Db, sinceMs: number, limit: number): Promise<AlertRecord[]> {
  const rows = await db
    .selectFrom('alerts')
    .select(ALERT_COLUMNS)
    .where((eb) => eb.or([eb('cleared_at', 'is', null), eb('raised_at', '>=', new Date(sinceMs))]))
    .orderBy('raised_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(alertFromRow);
}

export async function listAlertDeliveries(
  db: Db,
  alertIds: readonly bigint[],
): Promise<AlertDeliveryRecord[]> {
  if (alertIds.length === 0) return [];
  const rows = await db
    .selectFrom('alert_deliveries')
    .select(['alert_id', 'channel', 'attempt', 'attempted_at', 'delivered', 'http_status', 'error'])
    .where('alert_id', 'in', alertIds)
    .orderBy('alert_id')
    .orderBy('channel')
    .orderBy('attempt')
    .execute();
  return rows.map((row) => ({
    alertId: row.alert_id,
    channel: row.channel,
    attempt: row.attempt,
    attemptedAtMs: row.attempted_at.getTime(),
    delivered: row.delivered,
    httpStatus: row.http_status,
    error: row.error,
  }));
}

/**
 * Records one try of a delivery; false when another process recorded this attempt first (the
 * unique (alert, channel, attempt) key), so each try is made once.
 */
export async function insertAlertDelivery(
  db: Db,
  delivery: Omit<AlertDeliveryRecord, 'attemptedAtMs'> & { attemptedAtMs: number },
): Promise<boolean> {
  const row = await db
    .insertInto('alert_deliveries')
    .values({
      alert_id: delivery.alertId,
      channel: delivery.channel,
      attempt: delivery.attempt,
      attempted_at: new Date(delivery.attemptedAtMs),
      delivered: delivery.delivered,
      http_status: delivery.httpStatus,
      error: delivery.error === null ? null : delivery.error.slice(0, 500),
    })
    .onConflict((conflict) => conflict.columns(['alert_id', 'channel', 'attempt']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
