import type { OrderType, Product } from '@nivesh/core';
import type { Db } from '../db/database.js';
import { lockRow, type RowOf } from './row-lookups.js';

/** An after-market order waiting for the open, or what became of it (prices in paise). */
export interface AfterMarketOrderRecord {
  id: bigint;
  userId: bigint;
  symbol: string;
  status: 'pending' | 'placed' | 'cancelled' | 'rejected';
  transactionType: 'BUY' | 'SELL';
  product: Product;
  orderType: OrderType;
  quantity: number;
  pricePaise: bigint | null;
  triggerPricePaise: bigint | null;
  placedAtMs: number;
  releaseAtMs: number;
  modifiedAtMs: number | null;
  settledAtMs: number | null;
  positionId: bigint | null;
  rejectCode: string | null;
}

/** Waiting after-market orders of one investor, at most. */
export const AFTER_MARKET_ORDERS_PENDING_MAX = 100;

const toRecord = (row: RowOf<'after_market_orders'>): AfterMarketOrderRecord => ({
  id: row.id,
  userId: row.user_id,
  symbol: row.symbol,
  status: row.status,
  transactionType: row.transaction_type,
  product: row.product,
  orderType: row.order_type,
  quantity: Number(row.quantity),
  pricePaise: row.price_paise,
  triggerPricePaise: row.trigger_price_paise,
  placedAtMs: row.placed_at.getTime(),
  releaseAtMs: row.release_at.getTime(),
  modifiedAtMs: row.modified_at?.getTime() ?? null,
  settledAtMs: row.settled_at?.getTime() ?? null,
  positionId: row.position_id,
  rejectCode: row.reject_code,
});

export async function insertAfterMarketOrder(
  trx: Db,
  input: Omit<
    AfterMarketOrderRecord,
    'id' | 'status' | 'modifiedAtMs' | 'settledAtMs' | 'positionId' | 'rejectCode'
  >,
): Promise<AfterMarketOrderRecord> {
  const row = await trx
    .insertInto('after_market_orders')
    .values({
      user_id: input.userId,
      symbol: input.symbol,
      status: 'pending',
      transaction_type: input.transactionType,
      product: input.product,
      order_type: input.orderType,
      quantity: BigInt(input.quantity),
      price_paise: input.pricePaise,
      trigger_price_paise: input.triggerPricePaise,
      placed_at: new Date(input.placedAtMs),
      release_at: new Date(input.releaseAtMs),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

export async function findAfterMarketOrder(
  db: Db,
  id: bigint,
  userId: bigint,
): Promise<AfterMarketOrderRecord | undefined> {
  const row = await db
    .selectFrom('after_market_orders')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function lockAfterMarketOrder(trx: Db, id: bigint): Promise<AfterMarketOrderRecord | undefined> {
  const row = await lockRow(trx, 'after_market_orders', { id });
  return row ? toRecord(row) : undefined;
}

/** An investor's after-market orders still waiting, or settled since `sinceMs`, oldest first. */
export async function listAfterMarketOrdersOfUser(
  db: Db,
  userId: bigint,
  sinceMs: number,
): Promise<AfterMarketOrderRecord[]> {
  const rows = await db
    .selectFrom('after_market_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('status', '=', 'pending'), eb('placed_at', '>=', new Date(sinceMs))]))
    .orderBy('id')
    .limit(AFTER_MARKET_ORDERS_PENDING_MAX * 2)
    .execute();
  return rows.map(toRecord);
}

export async function countPendingAfterMarketOrders(db: Db, userId: bigint): Promise<number> {
  const row = await db
    .selectFrom('after_market_orders')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Waiting orders whose open has come by `nowMs`, oldest first, at most `limit`. */
export async function findDueAfterMarketOrders(db: Db, nowMs: number, limit: number): Promise<bigint[]> {
  const rows = await db
    .selectFrom('after_market_orders')
    .select('id')
    .where('status', '=', 'pending')
    .where('release_at', '<=', new Date(nowMs))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

export async function updateAfterMarketOrderTerms(
  trx: Db,
  id: bigint,
  terms: { quantity: number; pricePaise: bigint | null; triggerPricePaise: bigint | null },
  atMs: number,
): Promise<AfterMarketOrderRecord> {
  const row = await trx
    .updateTable('after_market_orders')
    .set({
      quantity: BigInt(terms.quantity),
      price_paise: terms.pricePaise,
      trigger_price_paise: terms.triggerPricePaise,
      modified_at: new Date(atMs),
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

/** Ends a waiting order: cancelled, or claimed (placed) at the open before its order is placed. */
export async function settleAfterMarketOrder(
  trx: Db,
  id: bigint,
  status: 'placed' | 'cancelled',
  atMs: number,
): Promise<AfterMarketOrderRecord> {
  const row = await trx
    .updateTable('after_market_orders')
    .set({ status, settled_at: new Date(atMs) })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

/** The order a released after-market order became, or the refusal that rejected it. */
export async function recordAfterMarketOutcome(
  trx: Db,
  id: bigint,
  outcome: { positionId: bigint } | { rejectCode: string },
): Promise<AfterMarketOrderRecord> {
  const row = await trx
    .updateTable('after_market_orders')
    .set(
      'positionId' in outcome
        ? { position_id: outcome.positionId }
        : { status: 'rejected', reject_code: outcome.rejectCode },
    )
    .where('id', '=', id)
    .where('status', '=', 'placed')
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}
