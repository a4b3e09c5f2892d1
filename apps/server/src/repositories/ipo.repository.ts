import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../db/database.js';
import type { IpoIssuesTable, IpoSubscriptionsTable } from '../db/schema.js';
import { lockRow, readColumnByKey } from './row-lookups.js';
import { updateRows } from './row-writes.js';

/** New-share issues and their subscriptions (ADR 0011, docs/ipo-draw.md). */

export type IpoIssueRow = Selectable<IpoIssuesTable>;
export type IpoSubscriptionRow = Selectable<IpoSubscriptionsTable>;

/** An issue by id, locked for the rest of the transaction (every state change takes this lock first). */
export async function lockIssue(trx: Db, id: bigint): Promise<IpoIssueRow | undefined> {
  return lockRow(trx, 'ipo_issues', { id });
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

/** Issues not called off, newest first; with `openAtMs`, only those taking subscriptions then. */
export async function listIssues(
  db: Db,
  filter: { openAtMs?: number | undefined; limit: number },
): Promise<IpoIssueRow[]> {
  let query = db.selectFrom('ipo_issues').selectAll().where('cancelled_at', 'is', null);
  if (filter.openAtMs !== undefined) {
    const at = new Date(filter.openAtMs);
    query = query.where('opens_at', '<=', at).where('closes_at', '>', at).where('drawn_at', 'is', null);
  }
  return query.orderBy('id', 'desc').limit(filter.limit).execute();
}

/** Every issue, called off or not, newest first (the console's list). */
export async function listLatestIssues(db: Db, limit: number): Promise<IpoIssueRow[]> {
  return db.selectFrom('ipo_issues').selectAll().orderBy('id', 'desc').limit(limit).execute();
}

export async function findIssuesByIds(db: Db, ids: readonly bigint[]): Promise<IpoIssueRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('ipo_issues').selectAll().where('id', 'in', ids).execute();
}

/** Drawn issues not yet listed (nor called off) whose allotment date has come: the engine's due work. */
export async function findDrawnIssuesPastAllotment(db: Db, nowMs: number) {
  return db
    .selectFrom('ipo_issues')
    .select(['id', 'money_mode', 'allotment_at', 'listing_at', 'lapsed_at'])
    .where('drawn_at', 'is not', null)
    .where('listed_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('allotment_at', '<=', new Date(nowMs))
    .orderBy('id')
    .execute();
}

export async function insertIssue(trx: Db, values: Insertable<IpoIssuesTable>): Promise<IpoIssueRow> {
  return trx.insertInto('ipo_issues').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Changes an issue the caller has locked and answers the row as it is now. */
export async function updateIssue(
  trx: Db,
  id: bigint,
  changes: Updateable<IpoIssuesTable>,
): Promise<IpoIssueRow> {
  return trx
    .updateTable('ipo_issues')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
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

/**
 * Where an issue's subscriptions stand for the acts that take them all at once: `subscribed` (the
 * draw and the cancellation settle these), `awaiting_listing` (won or paid, not yet a holding: the
 * listing turns these into holdings).
 */
export type SubscriptionStage = 'subscribed' | 'awaiting_listing';

/** The stored states of an allotment that lists on listing day (core listsOnListingDay). */
const ALLOTTED_STATES = ['won', 'paid'] as const;

function subscriptionsAt(db: Db, issueId: bigint, stage: SubscriptionStage) {
  const query = db.selectFrom('ipo_subscriptions').where('issue_id', '=', issueId);
  return stage === 'subscribed'
    ? query.where('state', '=', 'subscribed')
    : query.where('state', 'in', ALLOTTED_STATES).where('position_id', 'is', null);
}

/**
 * A user's allotments awaiting listing (won or paid, not yet a holding) with the allotment price
 * they were paid at, for the account centre's invested and total assets (docs/glossary.md).
 */
export async function findUserAllotmentsAwaitingListing(
  db: Db,
  userId: bigint,
): Promise<Array<{ allottedShares: bigint; allotmentPricePaise: bigint }>> {
  const rows = await db
    .selectFrom('ipo_subscriptions as s')
    .innerJoin('ipo_issues as i', 'i.id', 's.issue_id')
    .select(['s.allotted_shares', 'i.final_price_paise', 'i.provisional_price_paise'])
    .where('s.user_id', '=', userId)
    .where('s.state', 'in', ALLOTTED_STATES)
    .where('s.position_id', 'is', null)
    .execute();
  return rows.map((row) => ({
    allottedShares: row.allotted_shares ?? 0n,
    allotmentPricePaise: row.final_price_paise ?? row.provisional_price_paise,
  }));
}

/** The investors with a subscription at that stage (their accounts are resolved before the act). */
export async function findSubscriberIds(
  db: Db,
  issueId: bigint,
  stage: SubscriptionStage,
): Promise<bigint[]> {
  const rows = await subscriptionsAt(db, issueId, stage).select('user_id').distinct().execute();
  return rows.map((row) => row.user_id);
}

/** The subscriptions at that stage in id order (the draw's order), locked for the rest of the transaction. */
export async function lockSubscriptionsAt(
  trx: Db,
  issueId: bigint,
  stage: SubscriptionStage,
): Promise<IpoSubscriptionRow[]> {
  return subscriptionsAt(trx, issueId, stage).selectAll().orderBy('id').forUpdate().execute();
}

/**
 * The entries of an issue's draw in id order: every subscription except those failed with a
 * called-off issue, with the lots each asked for and (after the draw) won.
 */
export async function findDrawEntries(
  db: Db,
  issueId: bigint,
): Promise<Pick<IpoSubscriptionRow, 'id' | 'lots' | 'won_lots' | 'allotted_shares'>[]> {
  return db
    .selectFrom('ipo_subscriptions')
    .select(['id', 'lots', 'won_lots', 'allotted_shares'])
    .where('issue_id', '=', issueId)
    .where('state', '<>', 'failed')
    .orderBy('id')
    .execute();
}

/** How many subscriptions a user holds on an issue, not counting failed ones (the per-user limit). */
export async function countUserSubscriptions(trx: Db, issueId: bigint, userId: bigint): Promise<number> {
  const row = await trx
    .selectFrom('ipo_subscriptions')
    .select(sql<string>`count(*)`.as('n'))
    .where('issue_id', '=', issueId)
    .where('user_id', '=', userId)
    .where('state', '<>', 'failed')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertSubscription(
  trx: Db,
  values: Insertable<IpoSubscriptionsTable>,
): Promise<IpoSubscriptionRow> {
  return trx.insertInto('ipo_subscriptions').values(values).returningAll().executeTakeFirstOrThrow();
}

/** A user's own subscription by id, locked for the rest of the transaction. */
export async function lockUserSubscription(
  trx: Db,
  id: bigint,
  userId: bigint,
): Promise<IpoSubscriptionRow | undefined> {
  return lockRow(trx, 'ipo_subscriptions', { id, user_id: userId });
}

/** Changes a subscription the caller has locked. */
export async function updateSubscription(
  trx: Db,
  id: bigint,
  changes: Updateable<IpoSubscriptionsTable>,
): Promise<void> {
  await updateRows(trx, 'ipo_subscriptions', { id }, changes);
}

/** A payment-due subscription becomes paid; throws when it is no longer payment-due. */
export async function markSubscriptionPaid(
  trx: Db,
  id: bigint,
  paidPaise: bigint,
  atMs: number,
): Promise<IpoSubscriptionRow> {
  return trx
    .updateTable('ipo_subscriptions')
    .set({ state: 'paid', paid_paise: paidPaise, paid_at: new Date(atMs) })
    .where('id', '=', id)
    .where('state', '=', 'payment_due')
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Every allotment of an issue still unpaid becomes waived; answers which. */
export async function waiveUnpaidAllotments(
  trx: Db,
  issueId: bigint,
  atMs: number,
): Promise<{ id: bigint; user_id: bigint }[]> {
  return trx
    .updateTable('ipo_subscriptions')
    .set({ state: 'waived', waived_at: new Date(atMs) })
    .where('issue_id', '=', issueId)
    .where('state', '=', 'payment_due')
    .returning(['id', 'user_id'])
    .execute();
}

/** A user's subscriptions to every issue, newest first. */
export async function listUserSubscriptions(
  db: Db,
  userId: bigint,
  limit: number,
): Promise<IpoSubscriptionRow[]> {
  return db
    .selectFrom('ipo_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** One issue's subscriptions in id order (the draw's), each with its investor's phone (the console). */
export async function listIssueSubscriptionsWithPhone(
  db: Db,
  issueId: bigint,
  limit: number,
): Promise<(IpoSubscriptionRow & { phone: string })[]> {
  return db
    .selectFrom('ipo_subscriptions')
    .innerJoin('users', 'users.id', 'ipo_subscriptions.user_id')
    .selectAll('ipo_subscriptions')
    .select('users.phone')
    .where('issue_id', '=', issueId)
    .orderBy('ipo_subscriptions.id')
    .limit(limit)
    .execute();
}

/** The latest quote of some symbols (listed issues show their market price). */
export async function quotePrices(db: Db, symbols: readonly string[]): Promise<Map<string, bigint>> {
  return readColumnByKey(db, 'quotes', { key: 'symbol', value: 'price_paise' }, symbols);
}

/**
 * An issue's first quote on listing day: the final price as its previous close, nothing traded yet.
 * A quote already there (a retried listing) is kept.
 */
export async function insertListingQuote(
  trx: Db,
  symbol: string,
  pricePaise: bigint,
  atMs: number,
): Promise<void> {
  await trx
    .insertInto('quotes')
    .values({
      symbol,
      price_paise: pricePaise,
      previous_close_paise: pricePaise,
      open_paise: pricePaise,
      high_paise: pricePaise,
      low_paise: pricePaise,
      volume: 0n,
      turnover_paise: 0n,
      tick_at_ms: BigInt(atMs),
      simulated: true,
    })
    .onConflict((conflict) => conflict.column('symbol').doNothing())
    .execute();
}
