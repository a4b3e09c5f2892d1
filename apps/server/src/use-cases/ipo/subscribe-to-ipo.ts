import type { subscribeNewStock } from '@nivesh/contract';
import { sharesAmountPaise, subscriptionQuantityProblem } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { countUserSubscriptions, findIssue, insertSubscription } from '../../repositories/ipo.repository.js';
import { readParameter } from '../../repositories/parameter.repository.js';
import { lockUserById } from '../../repositories/user.repository.js';
import { auditAct } from '../audit/audit-act.js';
import { ipoAccountsOf, postIpoStep } from './ipo-ledger.js';
import { toSubscriptionView } from './ipo-view.js';

/**
 * An investor subscribes to an open issue. Refused, writing nothing: without verified KYC, a frozen
 * or barred account, an issue that does not exist (or was called off), the channel switched off,
 * before or after the window, below the minimum or not whole lots, beyond the per-user count, and
 * (block mode) without the cash to block the amount at the provisional price.
 */
export const subscribeToIpo: InvestorUseCase<typeof subscribeNewStock> = async (deps, context, input) => {
  const nowMs = context.nowMs;
  const userId = context.user.id;
  if (context.user.kycStatus !== 'verified') refuse('REAL_NAME_REQUIRED');
  if (context.user.flags.has('frozen')) refuse('ACCOUNT_FROZEN');
  if (context.user.flags.has('trading_barred')) refuse('TRADING_NOT_ALLOWED');
  const issue = (await findIssue(deps.db, { id: BigInt(input.issueId) })) ?? refuse('PRODUCT_NOT_FOUND');
  if (issue.cancelled_at !== null) refuse('PRODUCT_NOT_FOUND');
  if (!(await readParameter(deps.db, 'ipo_channel_open'))) refuse('SUBSCRIPTION_CHANNEL_CLOSED');
  if (nowMs < issue.opens_at.getTime()) refuse('SUBSCRIPTION_NOT_STARTED');
  if (nowMs >= issue.closes_at.getTime() || issue.drawn_at !== null) refuse('SUBSCRIPTION_ENDED');
  const problem = subscriptionQuantityProblem(input.quantity, issue.lot_size, issue.min_subscription_shares);
  if (problem === 'below_minimum')
    refuse('SUBSCRIPTION_BELOW_MINIMUM', { min: issue.min_subscription_shares });
  if (problem === 'not_whole_lots') refuse('IPO_QUANTITY_NOT_WHOLE_LOTS', { lot: issue.lot_size });
  const blockMode = issue.money_mode === 'block_at_application';
  const heldPaise = blockMode ? sharesAmountPaise(input.quantity, issue.provisional_price_paise) : 0n;
  const accounts = await ipoAccountsOf(deps.db, userId);

  const row = await inTransaction(deps.db, async (trx) => {
    // The user's row lock makes two subscriptions at once count one after the other.
    await lockUserById(trx, userId);
    if ((await countUserSubscriptions(trx, issue.id, userId)) >= issue.subscriptions_per_user) {
      refuse('SUBSCRIPTION_LIMIT_REACHED', { limit: issue.subscriptions_per_user });
    }
    const created = await insertSubscription(trx, {
      issue_id: issue.id,
      user_id: userId,
      quantity: BigInt(input.quantity),
      lots: input.quantity / issue.lot_size,
      state: 'subscribed',
      held_paise: heldPaise,
      subscribed_at: new Date(nowMs),
    });
    // Cash below the amount fails the database's non-negative check: FUNDS_INSUFFICIENT, all rolled back.
    await postIpoStep(trx, {
      subscriptionId: created.id,
      step: 'hold',
      fromAccountId: accounts.cash,
      toAccountId: accounts.escrow,
      amountPaise: heldPaise,
      atMs: nowMs,
      postedBy: { type: 'user', id: userId },
      memo: `${issue.code} subscription`,
    });
    await auditAct(trx, { type: 'user', id: userId }, context, {
      action: 'ipo.subscribe',
      target: { type: 'ipo_subscription', id: created.id },
      after: { issue: issue.code, quantity: input.quantity, heldPaise },
    });
    return created;
  });
  deps.userEvents.publishUserEvent(userId, { type: 'ipo', event: 'subscribed', id: String(row.id) });
  return toSubscriptionView(row, issue, nowMs);
};
