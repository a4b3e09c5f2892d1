import type { checkinStatus, DataOf } from '@nivesh/contract';
import { currentStreak, formatPaise, istDate } from '@nivesh/core';
import { sql } from 'kysely';
import type { AppDeps, UserContext } from '../../application/context.js';
import { countCheckins, findLastCheckin } from '../../repositories/checkin.repository.js';

/** Today's check-in state, the month's calendar and the rewards with what the investor may claim. */
export async function readCheckinStatus(
  deps: AppDeps,
  context: UserContext,
): Promise<DataOf<typeof checkinStatus>> {
  const userId = context.user.id;
  const today = istDate(context.nowMs);
  const monthStart = `${today.slice(0, 7)}-01`;
  const [last, count, monthRows, rewards, claims] = await Promise.all([
    findLastCheckin(deps.db, userId, today),
    countCheckins(deps.db, userId),
    deps.db
      .selectFrom('checkins')
      .select(sql<string>`ist_day::text`.as('day'))
      .where('user_id', '=', userId)
      .where('ist_day', '>=', monthStart)
      .where('ist_day', '<=', today)
      .orderBy('ist_day')
      .execute(),
    deps.db
      .selectFrom('checkin_rewards')
      .selectAll()
      .where('active', '=', true)
      .orderBy('required_count')
      .execute(),
    deps.db.selectFrom('checkin_claims').select('reward_id').where('user_id', '=', userId).execute(),
  ]);
  const claimed = new Set(claims.map((claim) => String(claim.reward_id)));
  return {
    today,
    checkedInToday: last?.day === today,
    count,
    streak: currentStreak(last, today),
    monthDays: monthRows.map((row) => row.day),
    rewards: rewards.map((reward) => ({
      id: String(reward.id),
      requiredCount: reward.required_count,
      amount: formatPaise(reward.amount_paise),
      claimed: claimed.has(String(reward.id)),
      claimable: !claimed.has(String(reward.id)) && count >= reward.required_count,
    })),
  };
}
