import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { IpoIssuesTable, IpoSubscriptionsTable } from '../db/schema.js';

/** Reads of new-share issues and subscriptions (issue 10); the writes live in the use cases. */

export type IpoIssueRow = Selectable<IpoIssuesTable>;
export type IpoSubscriptionRow = Selectable<IpoSubscriptionsTable>;

/** An issue by id, locked for the rest of the transaction (every state change takes this lock first). */
export async function lockIssue(trx: Db, id: bigint): Promise<IpoIssueRow | undefined> {
  return trx.selectFrom('ipo_issues').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function findIssue(
  db: Db,
  by: { id?: bigint; code?: string },
): Promise<IpoIssueRow | undefined> {
  let query = db.selectFrom('ipo_issues').selectAll();
  if (by.id !== undefined) query = query.where('id', '=', by.id);
  else if (by.code !== undefined) query = query.where('code', '=', by.code);
  else return undefined;
  return query.executeTakeFirst();
}

export interface IssueTotals {
  subscribedShares: bigint;
  subscriptionCount: number;
  heldPaise: bigint;
}

/** Shares asked for, subscriptions and money held per issue, counting every subscription that did not fail. */
export async function issueTotals(db: Db, issueIds: readonly bigint[]): Promise<Map<bigint, IssueTotals>> {
  if (issueIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('ipo_subscriptions')
    .select([
      'issue_id',
      sql<string>`coalesce(sum(quantity), 0)`.as('shares'),
      sql<string>`count(*)`.as('count'),
      sql<string>`coalesce(sum(CASE WHEN state = 'subscribed' THEN held_paise ELSE 0 END), 0)`.as('held'),
    ])
    .where('issue_id', 'in', issueIds)
    .where('state', '<>', 'failed')
    .groupBy('issue_id')
    .execute();
  return new Map(
    rows.map((row) => [
      row.issue_id,
      {
        subscribedShares: BigInt(row.shares),
        subscriptionCount: Number(row.count),
        heldPaise: BigInt(row.held),
      },
    ]),
  );
}

/** One user's subscriptions to some issues, newest first. */
export async function userSubscriptionsOf(
  db: Db,
  userId: bigint,
  issueIds: readonly bigint[],
): Promise<IpoSubscriptionRow[]> {
  if (issueIds.length === 0) return [];
  return db
    .selectFrom('ipo_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('issue_id', 'in', issueIds)
    .orderBy('id', 'desc')
    .execute();
}

/** The latest quote of some symbols (listed issues show their market price). */
export async function quotePrices(db: Db, symbols: readonly string[]): Promise<Map<string, bigint>> {
  if (symbols.length === 0) return new Map();
  const rows = await db
    .selectFrom('quotes')
    .select(['symbol', 'price_paise'])
    .where('symbol', 'in', symbols)
    .execute();
  return new Map(rows.map((row) => [row.symbol, row.price_paise]));
}
