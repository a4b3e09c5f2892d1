import type { BodyOf, staffCancelIpo } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffContext } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import { lockIssue } from '../../repositories/ipo.repository.js';
import {
  insertUserMessage,
  publishMessage,
  type StoredMessage,
} from '../../repositories/message.repository.js';
import { ipoAccountsOf, postIpoStep, subscriberAccountsOf } from './ipo-ledger.js';
import { type StaffIssueView, staffIssueView } from './ipo-view.js';

/**
 * Calls an issue off before its draw (the spec's "subscription failed"): every subscription fails
 * and every blocked amount returns to cash, with the reason in the audit log and each notice.
 */
export async function cancelIpoIssue(
  deps: AppDeps,
  context: StaffContext,
  input: BodyOf<typeof staffCancelIpo>,
): Promise<StaffIssueView> {
  const nowMs = context.nowMs;
  const issueId = BigInt(input.id);
  const staffActor = { type: 'staff' as const, id: context.staff.id };
  const accounts = await subscriberAccountsOf(deps.db, issueId);

  const result = await inTransaction(deps.db, async (trx) => {
    const issue = (await lockIssue(trx, issueId)) ?? refuse('PRODUCT_NOT_FOUND');
    if (issue.cancelled_at !== null || issue.drawn_at !== null) {
      refuse('REPEATED_OPERATION', { state: 'subscription' });
    }
    const subscriptions = await trx
      .selectFrom('ipo_subscriptions')
      .selectAll()
      .where('issue_id', '=', issue.id)
      .where('state', '=', 'subscribed')
      .orderBy('id')
      .forUpdate()
      .execute();
    const messages: Array<StoredMessage | null> = [];
    for (const row of subscriptions) {
      const userAccounts = accounts.get(row.user_id) ?? (await ipoAccountsOf(deps.db, row.user_id));
      await postIpoStep(trx, {
        subscriptionId: row.id,
        step: 'release',
        fromAccountId: userAccounts.escrow,
        toAccountId: userAccounts.cash,
        amountPaise: row.held_paise,
        atMs: nowMs,
        postedBy: staffActor,
        memo: `${issue.code} called off`,
      });
      await trx
        .updateTable('ipo_subscriptions')
        .set({ state: 'failed', failed_at: new Date(nowMs), released_paise: row.held_paise })
        .where('id', '=', row.id)
        .execute();
      messages.push(
        await insertUserMessage(trx, {
          userId: row.user_id,
          kind: 'IPO_CANCELLED',
          params: { name: issue.name, reason: input.reason },
          dedupeKey: `ipo:${row.id}:failed`,
          atMs: nowMs,
        }),
      );
    }
    const after = await trx
      .updateTable('ipo_issues')
      .set({ cancelled_at: new Date(nowMs), cancel_reason: input.reason, updated_at: new Date(nowMs) })
      .where('id', '=', issue.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await appendAudit(trx, {
      actor: staffActor,
      action: 'ipo.cancel',
      target: { type: 'ipo_issue', id: issue.id },
      before: { subscriptions: subscriptions.length },
      after: { cancelledAt: nowMs },
      reason: input.reason,
      requestId: context.requestId,
      ip: context.ip,
    });
    return { issue: after, messages };
  });
  for (const message of result.messages) publishMessage(deps.userEvents, message);
  return staffIssueView(deps.db, result.issue, nowMs);
}
