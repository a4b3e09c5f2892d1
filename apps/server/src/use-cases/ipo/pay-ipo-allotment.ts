import type { payNewStock } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { findIssue, lockUserSubscription, markSubscriptionPaid } from '../../repositories/ipo.repository.js';
import { auditAct } from '../audit/audit-act.js';
import { ipoAccountsOf, postIpoStep } from './ipo-ledger.js';
import { toSubscriptionView } from './ipo-view.js';

/**
 * Pays an allotment (pay-after mode): cash → the house's IPO proceeds, until the deadline (the
 * issue's allotment date). Only a payment-due subscription can be paid ("do not repeat the
 * operation" otherwise); after the deadline the allotment has lapsed and is never owed.
 */
export const payIpoAllotment: InvestorUseCase<typeof payNewStock> = async (deps, context, input) => {
  const nowMs = context.nowMs;
  const userId = context.user.id;
  const accounts = await ipoAccountsOf(deps.db, userId);
  const { row, issue } = await inTransaction(deps.db, async (trx) => {
    const subscription =
      (await lockUserSubscription(trx, BigInt(input.id), userId)) ?? refuse('ORDER_NOT_FOUND');
    if (subscription.state !== 'payment_due') refuse('REPEATED_OPERATION', { state: 'payment due' });
    const issue = (await findIssue(trx, { id: subscription.issue_id }))!;
    if (nowMs >= issue.allotment_at.getTime()) refuse('IPO_PAYMENT_DEADLINE_PASSED');
    const duePaise = subscription.due_paise ?? 0n;
    await postIpoStep(trx, {
      subscriptionId: subscription.id,
      step: 'pay',
      fromAccountId: accounts.cash,
      toAccountId: accounts.proceeds,
      amountPaise: duePaise,
      atMs: nowMs,
      postedBy: { type: 'user', id: userId },
      memo: `${issue.code} allotment payment`,
    });
    const paid = await markSubscriptionPaid(trx, subscription.id, duePaise, nowMs);
    await auditAct(trx, { type: 'user', id: userId }, context, {
      action: 'ipo.pay',
      target: { type: 'ipo_subscription', id: subscription.id },
      before: { state: 'payment_due' },
      after: { state: 'paid', paidPaise: duePaise },
    });
    return { row: paid, issue };
  });
  deps.userEvents.publishUserEvent(userId, { type: 'ipo', event: 'paid', id: String(row.id) });
  return toSubscriptionView(row, issue, nowMs);
};
