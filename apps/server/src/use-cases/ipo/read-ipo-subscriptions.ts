import type { BodyOf, DataOf, newStockOrders, staffIpoSubscriptions } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffContext, UserContext } from '../../application/context.js';
import { findIssue, type IpoIssueRow } from '../../repositories/ipo.repository.js';
import { type SubscriptionView, toSubscriptionView } from './ipo-view.js';

/** The investor's own subscriptions, newest first, each with its issue's terms and its result. */
export async function listOwnSubscriptions(
  deps: AppDeps,
  context: UserContext,
  input: BodyOf<typeof newStockOrders>,
): Promise<{ items: SubscriptionView[] }> {
  const rows = await deps.db
    .selectFrom('ipo_subscriptions')
    .selectAll()
    .where('user_id', '=', context.user.id)
    .orderBy('id', 'desc')
    .limit(input.limit ?? 50)
    .execute();
  const issueIds = [...new Set(rows.map((row) => row.issue_id))];
  const issues = new Map<bigint, IpoIssueRow>();
  if (issueIds.length > 0) {
    const found = await deps.db.selectFrom('ipo_issues').selectAll().where('id', 'in', issueIds).execute();
    for (const issue of found) issues.set(issue.id, issue);
  }
  return { items: rows.map((row) => toSubscriptionView(row, issues.get(row.issue_id)!, context.nowMs)) };
}

/** Staff: the subscriptions of one issue by id (draw order), with who made them. */
export async function listIssueSubscriptions(
  deps: AppDeps,
  context: StaffContext,
  input: BodyOf<typeof staffIpoSubscriptions>,
): Promise<DataOf<typeof staffIpoSubscriptions>> {
  const issue = (await findIssue(deps.db, { id: BigInt(input.id) })) ?? refuse('PRODUCT_NOT_FOUND');
  const rows = await deps.db
    .selectFrom('ipo_subscriptions')
    .innerJoin('users', 'users.id', 'ipo_subscriptions.user_id')
    .selectAll('ipo_subscriptions')
    .select('users.phone')
    .where('issue_id', '=', issue.id)
    .orderBy('ipo_subscriptions.id')
    .limit(input.limit ?? 200)
    .execute();
  return {
    items: rows.map((row) => ({
      subscription: toSubscriptionView(row, issue, context.nowMs),
      userId: String(row.user_id),
      phone: row.phone,
    })),
  };
}
