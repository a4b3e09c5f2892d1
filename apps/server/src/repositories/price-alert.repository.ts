import type { TriggerDirection } from '@nivesh/core';
import type { Db } from '../db/database.js';
import { countRows, findNewestRows, type RowOf } from './row-lookups.js';
import { recordFromRow, rowFromRecord } from './row-records.js';
import { deleteRow, insertRow, updateRow } from './row-writes.js';

/** A price alert as the use cases and the engine see it. */
export interface PriceAlertRecord {
  id: bigint;
  userId: bigint;
  symbol: string;
  direction: TriggerDirection;
  levelPaise: bigint;
  state: 'active' | 'triggered';
  createdAtMs: number;
  triggeredAtMs: number | null;
  triggeredPricePaise: bigint | null;
}

const toRecord = (row: RowOf<'price_alerts'>): PriceAlertRecord => recordFromRow(row);

export async function insertPriceAlert(
  db: Db,
  alert: { userId: bigint; symbol: string; direction: TriggerDirection; levelPaise: bigint; atMs: number },
): Promise<PriceAlertRecord> {
  const { atMs, ...values } = alert;
  return toRecord(
    await insertRow(db, 'price_alerts', { ...rowFromRecord(values), created_at: new Date(atMs) }),
  );
}

/** How many alerts of the user still wait to fire. */
export async function countActivePriceAlerts(db: Db, userId: bigint): Promise<number> {
  return countRows(db, 'price_alerts', { user_id: userId, state: 'active' });
}

/** The user's alerts, newest first, at most `limit`. */
export async function findPriceAlertsOf(db: Db, userId: bigint, limit: number): Promise<PriceAlertRecord[]> {
  return (await findNewestRows(db, 'price_alerts', { user_id: userId }, limit)).map(toRecord);
}

/** Every active alert created after `sinceMs` (all of them from 0): what the engine indexes. */
export async function findActivePriceAlerts(db: Db, sinceMs = 0): Promise<PriceAlertRecord[]> {
  const rows = await db
    .selectFrom('price_alerts')
    .selectAll()
    .where('state', '=', 'active')
    .where('created_at', '>', new Date(sinceMs))
    .orderBy('id')
    .execute();
  return rows.map(toRecord);
}

/** Deletes one of the user's alerts; answers it, or undefined when the user has no such alert. */
export async function deleteOwnPriceAlert(
  db: Db,
  userId: bigint,
  id: bigint,
): Promise<PriceAlertRecord | undefined> {
  const row = await deleteRow(db, 'price_alerts', { id, user_id: userId });
  return row && toRecord(row);
}

/**
 * Moves an active alert to triggered with the price and time that fired it. Answers the alert, or
 * undefined when it is no longer active (fired already, or deleted): an alert fires once.
 */
export async function markPriceAlertTriggered(
  db: Db,
  id: bigint,
  fired: { pricePaise: bigint; atMs: number },
): Promise<PriceAlertRecord | undefined> {
  const change = {
    state: 'triggered' as const,
    triggered_at: new Date(fired.atMs),
    triggered_price_paise: fired.pricePaise,
  };
  const row = await updateRow(db, 'price_alerts', { id, state: 'active' }, change);
  return row ? toRecord(row) : undefined;
}
