import type { staffCancelIpo } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import { updateSubscription } from '../../repositories/ipo.repository.js';
import { insertUserMessage } from '../../repositories/message.repository.js';
import { postIpoStep } from './ipo-ledger.js';
import { settleSubscribedIssue } from './settle-subscribed-issue.js';

/**
 * Calls an issue off before its draw (the spec's "subscription failed"): every subscription fails
 * and every blocked amount returns to cash, with the reason in the audit log and each notice.
 */
export const cancelIpoIssue: StaffUseCase<typeof staffCancelIpo> = async (deps, context, input) => {
  const nowMs = context.nowMs;
  return settleSubscribedIssue(deps, context, input, {
    plan: (issue) => {
      if (issue.cancelled_at !== null || issue.drawn_at !== null) {
        refuse('REPEATED_OPERATION', { state: 'subscription' });
      }
    },
    settle: async (trx, { issue, row, accounts }) => {
      await postIpoStep(trx, {
        subscriptionId: row.id,
        step: 'release',
        fromAccountId: accounts.escrow,
        toAccountId: accounts.cash,
        amountPaise: row.held_paise,
        atMs: nowMs,
        postedBy: { type: 'staff', id: context.staff.id },
        memo: `${issue.code} called off`,
      });
      await updateSubscription(trx, row.id, {
        state: 'failed',
        failed_at: new Date(nowMs),
        released_paise: row.held_paise,
      });
      return insertUserMessage(trx, {
        userId: row.user_id,
        kind: 'IPO_CANCELLED',
        params: { name: issue.name, reason: input.reason },
        dedupeKey: `ipo:${row.id}:failed`,
        atMs: nowMs,
      });
    },
    close: ({ subscriptions }) => ({
      changes: { cancelled_at: new Date(nowMs), cancel_reason: input.reason },
      action: 'ipo.cancel',
      before: { subscriptions: subscriptions.length },
      after: { cancelledAt: nowMs },
    }),
  });
};
