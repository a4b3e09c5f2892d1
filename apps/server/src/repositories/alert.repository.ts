import type { AlertCondition } from '@nivesh/core';
import type { Db } from '../db/database.js';
import type { AlertDeliveriesTable } from '../db/schema.js';
import { findRowsInOrder, type RowOf } from './row-lookups.js';
import { recordFromRow, rowFromRecord } from './row-records.js';
import { insertRowIfAbsent, stampOnce } from './row-writes.js';

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

const alertFromRow = (row: RowOf<'alerts'>): AlertRecord => recordFromRow(row);

export async function findOpenAlerts(db: Db): Promise<AlertRecord[]> {
  const rows = await findRowsInOrder(db, 'alerts', { cleared_at: null }, 'raised_at');
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
    .returningAll()
    .executeTakeFirst();
  return row ? alertFromRow(row) : undefined;
}

export async function clearAlert(db: Db, conditionKey: string, atMs: number): Promise<void> {
  await stampOnce(db, 'alerts', { condition_key: conditionKey }, 'cleared_at', atMs);
}

/** Alerts newest first: the open ones and those raised since `sinceMs`. */
export async function listRecentAlerts(db: Db, sinceMs: number, limit: number): Promise<AlertRecord[]> {
  const rows = await db
    .selectFrom('alerts')
    .selectAll()
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
  return rows.map((row) => recordFromRow(row));
}

/**
 * Records one try of a delivery; false when another process recorded this attempt first (the
 * unique (alert, channel, attempt) key), so each try is made once.
 */
export async function insertAlertDelivery(
  db: Db,
  delivery: Omit<AlertDeliveryRecord, 'attemptedAtMs'> & { attemptedAtMs: number },
): Promise<boolean> {
  const values = {
    ...rowFromRecord(delivery),
    error: delivery.error === null ? null : delivery.error.slice(0, 500),
  };
  return insertRowIfAbsent(db, 'alert_deliveries', values, ['alert_id', 'channel', 'attempt']);
}
