import type { TriggerDirection } from '@nivesh/core';
import type { Db } from '../db/database.js';

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

interface PriceAlertRow {
  id: bigint;
  user_id: bigint;
  symbol: string;
  direction: TriggerDirection;
  level_paise: bigint;
  state: 'active' | 'triggered';
  created_at: Date;
  triggered_at: Date | null;
  triggered_price_paise: bigint | null;
}

function toRecord(row: PriceAlertRow): PriceAlertRecord {
  return {
    id: row.id,
    userId: row.user_id,
    symbol: row.symbol,
    direction: row.direction,
    levelPaise: row.level_paise,
    state: row.state,
    createdAtMs: row.created_at.getTime(),
    triggeredAtMs: row.triggered_at ? row.triggered_at.getTime() : null,
    triggeredPricePaise: row.triggered_price_paise,
  };
}

export async function insertPriceAlert(
  db: Db,
  alert: { userId: bigint; symbol: string; direction: TriggerDirection; levelPaise: bigint; atMs: number },
): Promise<PriceAlertRecord> {
  const row = await db
    .insertInto('price_alerts')
    .values({
      user_id: alert.userId,
      symbol: alert.symbol,
      direction: alert.direction,
      level_paise: alert.levelPaise,
      created_at: new Date(alert.atMs),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

/** How many alerts of the user still wait to fire. */
export async function countActivePriceAlerts(db: Db, userId: bigint): Promise<number> {
  const row = await db
    .selectFrom('price_alerts')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('state', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The user's alerts, newest first, at most `limit`. */
export async function findPriceAlertsOf(db: Db, userId: bigint, limit: number): Promise<PriceAlertRecord[]> {
  const rows = await db
    .selectFrom('price_alerts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toRecord);
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
  const row = await db
    .deleteFrom('price_alerts')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
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
  const row = await db
    .updateTable('price_alerts')
    .set({ state: 'triggered', triggered_at: new Date(fired.atMs), triggered_price_paise: fired.pricePaise })
    .where('id', '=', id)
    .where('state', '=', 'active')
    .returningAll()
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}
