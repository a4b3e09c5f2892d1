import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { FollowProductsTable, FollowsTable } from '../db/schema.js';
import { findRow, lockRow } from './row-lookups.js';
import { recordFromRow } from './row-records.js';

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
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    strategyUserId: row.strategy_user_id,
    currency: row.currency,
    fundSizePaise: row.fund_size_paise,
    minInvestmentPaise: row.min_investment_paise,
    copyUntilMs: row.copy_until.getTime(),
    endsAtMs: row.ends_at.getTime(),
    state: row.state,
    takenDownAtMs: row.taken_down_at?.getTime() ?? null,
    takenDownReason: row.taken_down_reason,
    endedAtMs: row.ended_at?.getTime() ?? null,
    endReason: row.end_reason,
    createdAtMs: row.created_at.getTime(),
  };
}

function toFollowRecord(row: Selectable<FollowsTable>): FollowRecord {
  return recordFromRow(row);
}

export async function findFollowProduct(db: Db, id: bigint): Promise<FollowProductRecord | undefined> {
  const row = await findRow(db, 'follow_products', { id });
  return row ? toFollowProductRecord(row) : undefined;
}

/** The product locked for the rest of the transaction: its state changes one at a time. */
export async function lockFollowProduct(trx: Db, id: bigint): Promise<FollowProductRecord | undefined> {
  const row = await lockRow(trx, 'follow_products', { id });
  return row ? toFollowProductRecord(row) : undefined;
}

export async function lockFollow(trx: Db, id: bigint): Promise<FollowRecord | undefined> {
  const row = await lockRow(trx, 'follows', { id });
  return row ? toFollowRecord(row) : undefined;
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
  const row = await trx
    .insertInto('follow_products')
    .values({
      name: product.name,
      description: product.description,
      strategy_user_id: product.strategyUserId,
      currency: product.currency,
      fund_size_paise: product.fundSizePaise,
      min_investment_paise: product.minInvestmentPaise,
      copy_until: new Date(product.copyUntilMs),
      ends_at: new Date(product.endsAtMs),
      created_by_staff_id: product.createdByStaffId,
      created_at: new Date(product.createdAtMs),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toFollowProductRecord(row);
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
  const rows = await db
    .selectFrom('follow_products')
    .select('id')
    .where('state', '=', 'in_progress')
    .where('ends_at', '<=', new Date(nowMs))
    .orderBy('ends_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

export async function markFollowProductTakenDown(
  trx: Db,
  id: bigint,
  change: { atMs: number; reason: string },
): Promise<void> {
  await trx
    .updateTable('follow_products')
    .set({ taken_down_at: new Date(change.atMs), taken_down_reason: change.reason })
    .where('id', '=', id)
    .execute();
}

/** Puts a product (back) on the investors' list: its funding was approved (ADR 0027). */
export async function markFollowProductListed(trx: Db, id: bigint): Promise<void> {
  await trx
    .updateTable('follow_products')
    .set({ taken_down_at: null, taken_down_reason: null })
    .where('id', '=', id)
    .execute();
}

export async function markFollowProductEnded(
  trx: Db,
  id: bigint,
  change: { atMs: number; endReason: 'end_time' | 'staff' },
): Promise<void> {
  await trx
    .updateTable('follow_products')
    .set({ state: 'ended', ended_at: new Date(change.atMs), end_reason: change.endReason })
    .where('id', '=', id)
    .execute();
}

export async function findFollow(db: Db, id: bigint, userId?: bigint): Promise<FollowRecord | undefined> {
  let query = db.selectFrom('follows').selectAll().where('id', '=', id);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const row = await query.executeTakeFirst();
  return row ? toFollowRecord(row) : undefined;
}

/** The user's follows, newest first. */
export async function findFollowsOfUser(db: Db, userId: bigint, limit: number): Promise<FollowRecord[]> {
  const rows = await db
    .selectFrom('follows')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toFollowRecord);
}

/** The user's newest follow of a product, in any state. */
export async function findLatestFollowOfProduct(
  db: Db,
  productId: bigint,
  userId: bigint,
): Promise<FollowRecord | undefined> {
  const row = await db
    .selectFrom('follows')
    .selectAll()
    .where('product_id', '=', productId)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
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
  const row = await trx
    .insertInto('follows')
    .values({
      product_id: follow.productId,
      user_id: follow.userId,
      amount_paise: follow.amountPaise,
      started_at: new Date(follow.startedAtMs),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toFollowRecord(row);
}

export async function markFollowEnded(
  trx: Db,
  id: bigint,
  change: { atMs: number; returnedPaise: bigint },
): Promise<void> {
  await trx
    .updateTable('follows')
    .set({ state: 'ended', ended_at: new Date(change.atMs), returned_paise: change.returnedPaise })
    .where('id', '=', id)
    .execute();
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
