import type { checkIn, DataOf } from '@nivesh/contract';
import { istDate, nextStreak } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, UserContext } from '../../application/context.js';
import { countCheckins, findLastCheckin, insertCheckin } from '../../repositories/checkin.repository.js';

/**
 * Checks the investor in for the current IST day. The (user, day) primary key makes a second
 * check-in the same day fail even when two requests race: the loser writes nothing and answers
 * ALREADY_CHECKED_IN.
 */
export async function checkInToday(deps: AppDeps, context: UserContext): Promise<DataOf<typeof checkIn>> {
  const today = istDate(context.nowMs);
  const last = await findLastCheckin(deps.db, context.user.id, today);
  if (last?.day === today) refuse('ALREADY_CHECKED_IN');
  const streak = nextStreak(last, today);
  const inserted = await insertCheckin(deps.db, {
    userId: context.user.id,
    day: today,
    streak,
    atMs: context.nowMs,
  });
  if (!inserted) refuse('ALREADY_CHECKED_IN');
  return { day: today, count: await countCheckins(deps.db, context.user.id), streak };
}
