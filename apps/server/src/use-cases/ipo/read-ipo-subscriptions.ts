import type { BodyOf, staffIpoSubscriptions as call, newStockOrders } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffUseCase, UserContext } from '../../application/context.js';
import {
  findIssue,
  findIssuesByIds,
  listIssueSubscriptionsWithPhone,
  listUserSubscriptions,
} from '../../repositories/ipo.repository.js';
import { type SubscriptionView, toSubscriptionView } from './ipo-view.js';

/** The investor's own subscriptions, newest first, each with its issue's terms and its result. */
export async function listOwnSubscriptions(
  deps: AppDeps,
  context: UserContext,
  input: BodyOf<typeof newStockOrders>,
): Promise<{ items: SubscriptionView[] }> {
  const rows = await listUserSubscriptions(deps.db, context.user.id, input.limit ?? 50);
  const found = await findIssuesByIds(deps.db, [...new Set(rows.map((row) => row.issue_id))]);
  const issues = new Map(found.map((issue) => [issue.id, issue]));
  return { items: rows.map((row) => toSubscriptionView(row, issues.get(row.issue_id)!, context.nowMs)) };
}

/** Staff: the subscriptions of one issue by id (draw order), with who made them. */
export const listIssueSubscriptions: StaffUseCase<typeof call> = async (deps, context, input) => {
  const issue = (await findIssue(deps.db, { id: BigInt(input.id) })) ?? refuse('PRODUCT_NOT_FOUND');
  const rows = await listIssueSubscriptionsWithPhone(deps.db, issue.id, input.limit ?? 200);
  return {
    items: rows.map((row) => ({
      subscription: toSubscriptionView(row, issue, context.nowMs),
      userId: String(row.user_id),
      phone: row.phone,
    })),
  };
};
