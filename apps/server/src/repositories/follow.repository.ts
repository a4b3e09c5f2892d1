import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { FollowProductsTable, FollowsTable } from '../db/schema.js';
import { findDueRowIds, findNewestRows, findRecord, findRow, lockRecord } from './row-lookups.js';
import { recordFromRow, rowFromRecord } from './row-records.js';
import { insertRow, updateRows } from './row-writes.js';

/** A copy-trading product as the use cases see it (migration 0018). */
export interface FollowProductRecord {
  id: bigint;
  name: string;
  description: string;
  strategyUserId: bigint;
  currency: string;
  fundSizePaise: bigint;
  minInvestmentPaise: bigint;
  copyUntilMs: number;
  endsAtMs: number;
  state: 'in_progress' | 'ended';
  takenDownAtMs: number | null;
  takenDownReason: string | null;
  endedAtMs: number | null;
  endReason: 'end_time' | 'staff' | null;
  createdAtMs: number;
}

/** One investor's follow of one product. */
export interface FollowRecord {
  id: bigint;
  productId: bigint;
  userId: bigint;
  amountPaise: bigint;
  state: 'in_progress' | 'ended';
  startedAtMs: number;
  endedAtMs: number | null;
  returnedPaise: bigint | null;
}

function toFollowProductRecord(row: Selectable<FollowProductsTable>): FollowProductRecord {
  // The staff member who created it stays in the table (the audit names them); copy_until is a
  // time without the `_at` suffix, so it is mapped by hand.
  const { created_by_staff_id: _createdBy, copy_until: copyUntil, ...mapped } = row;
  return { ...recordFromRow(mapped), copyUntilMs: copyUntil.getTime() };
}

function toFollowRecord(row: Selectable<FollowsTable>): FollowRecord {
  return recordFromRow(row);
}

export async function findFollowProduct(db: Db, id: bigint): Promise<FollowProductRecord | undefined> {
  return findRecord(db, 'follow_products', { id }, toFollowProductRecord);
}

/** The product locked for the rest of the transaction: its state changes one at a time. */
export async function lockFollowProduct(trx: Db, id: bigint): Promise<FollowProductRecord | undefined> {
  return lockRecord(trx, 'follow_products', { id }, toFollowProductRecord);
}

export async function lockFollow(trx: Db, id: bigint): Promise<FollowRecord | undefined> {
  return lockRecord(trx, 'follows', { id }, toFollowRecord);
}

/** What a new product is created with; the state and the take-down and end columns start empty. */
export type NewFollowProduct = Pick<
  FollowProductRecord,
  | 'name'
  | 'description'
  | 'strategyUserId'
  | 'currency'
  | 'fundSizePaise'
  | 'minInvestmentPaise'
  | 'copyUntilMs'
  | 'endsAtMs'
  | 'createdAtMs'
> & { createdByStaffId: bigint };

export async function insertFollowProduct(trx: Db, product: NewFollowProduct): Promise<FollowProductRecord> {
  const { copyUntilMs, ...mapped } = product;
  const values = { ...rowFromRecord(mapped), copy_until: new Date(copyUntilMs) };
  return toFollowProductRecord(await insertRow(trx, 'follow_products', values));
}

/**
 * Products newest first: in one state when asked, and only those still listed (not taken down) for
 * the investors' list.
 */
export async function findFollowProducts(
  db: Db,
  filter: { state?: FollowProductRecord['state'] | undefined; listedOnly?: boolean; limit: number },
): Promise<FollowProductRecord[]> {
  let query = db.selectFrom('follow_products').selectAll().orderBy('id', 'desc').limit(filter.limit);
  if (filter.state) query = query.where('state', '=', filter.state);
  if (filter.listedOnly) query = query.where('taken_down_at', 'is', null);
  const rows = await query.execute();
  return rows.map(toFollowProductRecord);
}

/** Products in progress whose end time has come, the earliest first. */
export async function findFollowProductIdsDueToEnd(db: Db, nowMs: number, limit: number): Promise<bigint[]> {
  return findDueRowIds(db, 'follow_products', { state: 'in_progress' }, 'ends_at', nowMs, limit);
}

export async function markFollowProductTakenDown(
  trx: Db,
  id: bigint,
  change: { atMs: number; reason: string },
): Promise<void> {
  const takenDown = { taken_down_at: new Date(change.atMs), taken_down_reason: change.reason };
  await updateRows(trx, 'follow_products', { id }, takenDown);
}

/** Puts a product (back) on the investors' list: its funding was approved (ADR 0027). */
export async function markFollowProductListed(trx: Db, id: bigint): Promise<void> {
  await updateRows(trx, 'follow_products', { id }, { taken_down_at: null, taken_down_reason: null });
}

export async function markFollowProductEnded(
  trx: Db,
  id: bigint,
  change: { atMs: number; endReason: 'end_time' | 'staff' },
): Promise<void> {
  const ended = { state: 'ended' as const, ended_at: new Date(change.atMs), end_reason: change.endReason };
  await updateRows(trx, 'follow_products', { id }, ended);
}

export async function findFollow(db: Db, id: bigint, userId?: bigint): Promise<FollowRecord | undefined> {
  const row = await findRow(db, 'follows', userId === undefined ? { id } : { id, user_id: userId });
  return row ? toFollowRecord(row) : undefined;
}

/** The user's follows, newest first. */
export async function findFollowsOfUser(db: Db, userId: bigint, limit: number): Promise<FollowRecord[]> {
  return (await findNewestRows(db, 'follows', { user_id: userId }, limit)).map(toFollowRecord);
}

/** The user's newest follow of a product, in any state. */
export async function findLatestFollowOfProduct(
  db: Db,
  productId: bigint,
  userId: bigint,
): Promise<FollowRecord | undefined> {
  const [row] = await findNewestRows(db, 'follows', { product_id: productId, user_id: userId }, 1);
  return row ? toFollowRecord(row) : undefined;
}

/** The name of the product the user follows now, if any (one follow in progress per user). */
export async function findProductNameFollowedBy(db: Db, userId: bigint): Promise<string | undefined> {
  const row = await db
    .selectFrom('follows')
    .innerJoin('follow_products', 'follow_products.id', 'follows.product_id')
    .select('follow_products.name')
    .where('follows.user_id', '=', userId)
    .where('follows.state', '=', 'in_progress')
    .executeTakeFirst();
  return row?.name;
}

/**
 * A new follow in progress. A second follow in progress of the same user is refused by the unique
 * index with a unique violation, for the caller to answer.
 */
export async function insertFollow(
  trx: Db,
  follow: { productId: bigint; userId: bigint; amountPaise: bigint; startedAtMs: number },
): Promise<FollowRecord> {
  return toFollowRecord(await insertRow(trx, 'follows', rowFromRecord(follow)));
}

export async function markFollowEnded(
  trx: Db,
  id: bigint,
  change: { atMs: number; returnedPaise: bigint },
): Promise<void> {
  const ended = {
    state: 'ended' as const,
    ended_at: new Date(change.atMs),
    returned_paise: change.returnedPaise,
  };
  await updateRows(trx, 'follows', { id }, ended);
}

/** The ids of a product's follows in progress. */
export async function findFollowIdsInProgress(db: Db, productId: bigint): Promise<bigint[]> {
  const rows = await db
    .selectFrom('follows')
    .select('id')
    .where('product_id', '=', productId)
    .where('state', '=', 'in_progress')
    .execute();
  return rows.map((row) => row.id);
}

/** How many follows of a product are in progress, and the amount they invested together. */
export async function summarizeFollowsInProgress(
  db: Db,
  productId: bigint,
): Promise<{ followers: number; investedPaise: bigint }> {
  const row = await db
    .selectFrom('follows')
    .select([
      sql<string>`count(*)`.as('followers'),
      sql<string>`coalesce(sum(amount_paise), 0)::text`.as('invested'),
    ])
    .where('product_id', '=', productId)
    .where('state', '=', 'in_progress')
    .executeTakeFirstOrThrow();
  return { followers: Number(row.followers), investedPaise: BigInt(row.invested) };
}
