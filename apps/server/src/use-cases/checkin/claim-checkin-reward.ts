import type { claimCheckinReward } from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import {
  countCheckins,
  findActiveCheckinReward,
  insertCheckinClaim,
} from '../../repositories/checkin.repository.js';
import { houseAccountId, postEntry, userAccountId } from '../../repositories/ledger.repository.js';
import { auditAct } from '../audit/audit-act.js';

/**
 * Claims a check-in reward once: the claim row and the ledger entry that credits the amount from
 * the house rewards account are written together, so a reward is paid exactly when it is claimed.
 */
export const claimReward: InvestorUseCase<typeof claimCheckinReward> = async (deps, context, input) => {
  const userId = context.user.id;
  const rewardId = BigInt(input.rewardId);
  const reward = await findActiveCheckinReward(deps.db, rewardId);
  if (!reward) return refuse('PRODUCT_NOT_FOUND');
  const count = await countCheckins(deps.db, userId);
  if (count < reward.requiredCount) refuse('CHECKIN_COUNT_INSUFFICIENT', { required: reward.requiredCount });
  const cash = await userAccountId(deps.db, userId, 'cash', 'INR');
  const rewards = await houseAccountId(deps.db, 'house_rewards', 'INR');
  await inTransaction(deps.db, async (trx) => {
    const claimed = await insertCheckinClaim(trx, userId, rewardId, context.nowMs);
    if (!claimed) refuse('REPEATED_OPERATION', { state: 'claimable' });
    await postEntry(trx, {
      key: `checkin-reward:${userId}:${rewardId}`,
      kind: 'checkin_reward',
      reference: String(rewardId),
      referenceType: 'checkin_reward',
      postedBy: { type: 'user', id: userId },
      atMs: context.nowMs,
      postings: [
        { accountId: cash, amountMinor: reward.amountPaise, currency: 'INR' },
        { accountId: rewards, amountMinor: -reward.amountPaise, currency: 'INR' },
      ],
    });
    await auditAct(trx, { type: 'user', id: userId }, context, {
      action: 'checkin.reward.claim',
      target: { type: 'checkin_reward', id: rewardId },
      after: { amount: formatPaise(reward.amountPaise), count },
    });
  });
  return { amount: formatPaise(reward.amountPaise) };
};
