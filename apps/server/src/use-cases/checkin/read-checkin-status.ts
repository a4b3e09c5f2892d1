import type { checkinStatus, DataOf } from '@nivesh/contract';
import { currentStreak, formatPaise, istDate } from '@nivesh/core';
import type { AppDeps, UserContext } from '../../application/context.js';
import {
  countCheckins,
  findCheckinRewards,
  findLastCheckin,
  listCheckinDays,
  listClaimedRewardIds,
} from '../../repositories/checkin.repository.js';

/** Today's check-in state, the month's calendar and the rewards with what the investor may claim. */
export async function readCheckinStatus(
  deps: AppDeps,
  context: UserContext,
): Promise<DataOf<typeof checkinStatus>> {
  const userId = context.user.id;
  const today = istDate(context.nowMs);
  const monthStart = `${today.slice(0, 7)}-01`;
  const [last, count, monthDays, rewards, claimed] = await Promise.all([
    findLastCheckin(deps.db, userId, today),
    countCheckins(deps.db, userId),
    listCheckinDays(deps.db, userId, monthStart, today),
    findCheckinRewards(deps.db, 'active'),
    listClaimedRewardIds(deps.db, userId),
  ]);
  return {
    today,
    checkedInToday: last?.day === today,
    count,
    streak: currentStreak(last, today),
    monthDays,
    rewards: rewards.map((reward) => ({
      id: String(reward.id),
      requiredCount: reward.requiredCount,
      amount: formatPaise(reward.amountPaise),
      claimed: claimed.has(reward.id),
      claimable: !claimed.has(reward.id) && count >= reward.requiredCount,
    })),
  };
}
