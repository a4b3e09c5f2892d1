import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { FollowProductsTable, FollowsTable } from '../db/schema.js';

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

export function toFollowProductRecord(row: Selectable<FollowProductsTable>): FollowProductRecord {
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

export function toFollowRecord(row: Selectable<FollowsTable>): FollowRecord {
  return {
    id: row.id,
    productId: row.product_id,
    userId: row.user_id,
    amountPaise: row.amount_paise,
    state: row.state,
    startedAtMs: row.started_at.getTime(),
    endedAtMs: row.ended_at?.getTime() ?? null,
    returnedPaise: row.returned_paise,
  };
}

export async function findFollowProduct(db: Db, id: bigint): Promise<FollowProductRecord | undefined> {
  const row = await db.selectFrom('follow_products').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toFollowProductRecord(row) : undefined;
}

/** The product locked for the rest of the transaction: its state changes one at a time. */
export async function lockFollowProduct(trx: Db, id: bigint): Promise<FollowProductRecord | undefined> {
  const row = await trx
    .selectFrom('follow_products')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row ? toFollowProductRecord(row) : undefined;
}

export async function lockFollow(trx: Db, id: bigint): Promise<FollowRecord | undefined> {
  const row = await trx.selectFrom('follows').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row ? toFollowRecord(row) : undefined;
}

/** A user's account balance read under a row lock, so a check and the posting after it agree. */
export async function lockedUserBalance(trx: Db, accountId: bigint): Promise<bigint> {
  const row = await trx
    .selectFrom('ledger_accounts')
    .select('balance_minor')
    .where('id', '=', accountId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.balance_minor ?? 0n;
}
