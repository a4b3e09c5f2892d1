import type { Updateable } from 'kysely';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import type { IpoIssuesTable } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import {
  type IpoIssueRow,
  type IpoSubscriptionRow,
  lockIssue,
  lockSubscriptionsAt,
  updateIssue,
} from '../../repositories/ipo.repository.js';
import { publishMessage, type StoredMessage } from '../../repositories/message.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import { type IpoAccounts, subscriberAccountsOf } from './ipo-ledger.js';
import { type StaffIssueView, staffIssueView } from './ipo-view.js';

/** What one of the staff acts that settle a whole issue does at each step. */
export interface IssueSettlement<Plan> {
  /** Checks the locked issue (refusing when the act does not apply) and plans the act over its subscriptions. */
  plan: (issue: IpoIssueRow, subscriptions: readonly IpoSubscriptionRow[]) => Plan;
  /** Settles one subscription (entries, its new state) and answers its investor's notice. */
  settle: (
    trx: Db,
    input: { issue: IpoIssueRow; row: IpoSubscriptionRow; accounts: IpoAccounts; plan: Plan },
  ) => Promise<StoredMessage | null>;
  /** The issue's new columns and the audit record of the act. */
  close: (input: { issue: IpoIssueRow; subscriptions: readonly IpoSubscriptionRow[]; plan: Plan }) => {
    changes: Updateable<IpoIssuesTable>;
    action: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  };
}

/**
 * The frame of the staff acts that settle every live subscription of an issue in one transaction
 * (the draw and the cancellation): the subscribers' accounts are resolved first, the issue is locked
 * (so no subscription, edit or second act runs alongside), its subscriptions are locked in id order
 * (the draw's order), each is settled, the issue is updated and the act audited with its reason; the
 * notices go out once committed.
 */
export async function settleSubscribedIssue<Plan>(
  deps: AppDeps,
  context: StaffContext,
  input: { id: string; reason: string },
  settlement: IssueSettlement<Plan>,
): Promise<StaffIssueView> {
  const issueId = BigInt(input.id);
  const accounts = await subscriberAccountsOf(deps.db, issueId, 'subscribed');
  const result = await inTransaction(deps.db, async (trx) => {
    const issue = (await lockIssue(trx, issueId)) ?? refuse('PRODUCT_NOT_FOUND');
    const subscriptions = await lockSubscriptionsAt(trx, issue.id, 'subscribed');
    const plan = settlement.plan(issue, subscriptions);
    const messages: Array<StoredMessage | null> = [];
    for (const row of subscriptions) {
      const userAccounts = await accounts.of(row.user_id);
      messages.push(await settlement.settle(trx, { issue, row, accounts: userAccounts, plan }));
    }
    const closing = settlement.close({ issue, subscriptions, plan });
    const after = await updateIssue(trx, issue.id, {
      ...closing.changes,
      updated_at: new Date(context.nowMs),
    });
    await auditStaffAct(trx, context, {
      action: closing.action,
      target: { type: 'ipo_issue', id: issue.id },
      before: closing.before,
      after: closing.after,
      reason: input.reason,
    });
    return { issue: after, messages };
  });
  for (const message of result.messages) publishMessage(deps.userEvents, message);
  return staffIssueView(deps.db, result.issue, context.nowMs);
}
