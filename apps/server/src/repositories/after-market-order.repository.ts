import type { OrderType, Product } from '@nivesh/core';
import type { Db } from '../db/database.js';
import { countRows, findDueRowIds, findRecord, lockRecord, type RowOf } from './row-lookups.js';
import { recordFromRow, rowFromRecord } from './row-records.js';
import { insertRow, updateRowOrThrow } from './row-writes.js';

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
  ...recordFromRow(row),
  quantity: Number(row.quantity),
});

export async function insertAfterMarketOrder(
  trx: Db,
  input: Omit<
    AfterMarketOrderRecord,
    'id' | 'status' | 'modifiedAtMs' | 'settledAtMs' | 'positionId' | 'rejectCode'
  >,
): Promise<AfterMarketOrderRecord> {
  const values = rowFromRecord({ ...input, status: 'pending' as const, quantity: BigInt(input.quantity) });
  return toRecord(await insertRow(trx, 'after_market_orders', values));
}

export async function findAfterMarketOrder(
  db: Db,
  id: bigint,
  userId: bigint,
): Promise<AfterMarketOrderRecord | undefined> {
  return findRecord(db, 'after_market_orders', { id, user_id: userId }, toRecord);
}

export async function lockAfterMarketOrder(trx: Db, id: bigint): Promise<AfterMarketOrderRecord | undefined> {
  return lockRecord(trx, 'after_market_orders', { id }, toRecord);
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
  return countRows(db, 'after_market_orders', { user_id: userId, status: 'pending' });
}

/** Waiting orders whose open has come by `nowMs`, oldest first, at most `limit`. */
export async function findDueAfterMarketOrders(db: Db, nowMs: number, limit: number): Promise<bigint[]> {
  return findDueRowIds(db, 'after_market_orders', { status: 'pending' }, 'release_at', nowMs, limit);
}

export async function updateAfterMarketOrderTerms(
  trx: Db,
  id: bigint,
  terms: { quantity: number; pricePaise: bigint | null; triggerPricePaise: bigint | null },
  atMs: number,
): Promise<AfterMarketOrderRecord> {
  const change = rowFromRecord({ ...terms, quantity: BigInt(terms.quantity), modifiedAtMs: atMs });
  return toRecord(await updateRowOrThrow(trx, 'after_market_orders', { id, status: 'pending' }, change));
}

/** Ends a waiting order: cancelled, or claimed (placed) at the open before its order is placed. */
export async function settleAfterMarketOrder(
  trx: Db,
  id: bigint,
  status: 'placed' | 'cancelled',
  atMs: number,
): Promise<AfterMarketOrderRecord> {
  const change = { status, settled_at: new Date(atMs) };
  return toRecord(await updateRowOrThrow(trx, 'after_market_orders', { id, status: 'pending' }, change));
}

/** The order a released after-market order became, or the refusal that rejected it. */
export async function recordAfterMarketOutcome(
  trx: Db,
  id: bigint,
  outcome: { positionId: bigint } | { rejectCode: string },
): Promise<AfterMarketOrderRecord> {
  const change =
    'positionId' in outcome
      ? { position_id: outcome.positionId }
      : { status: 'rejected' as const, reject_code: outcome.rejectCode };
  return toRecord(await updateRowOrThrow(trx, 'after_market_orders', { id, status: 'placed' }, change));
}
