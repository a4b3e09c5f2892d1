import { addIstDays, type IstDate } from '../calendar/ist-time.js';

/**
 * Check-in rules (DESIGN.md section 5): once per IST day; the streak counts consecutive IST days,
 * so a missed day starts it again at 1.
 */
export function nextStreak(
  lastCheckin: { day: IstDate; streak: number } | undefined,
  today: IstDate,
): number {
  if (!lastCheckin) return 1;
  if (lastCheckin.day === today) throw new Error(`already checked in on ${today}`);
  return addIstDays(lastCheckin.day, 1) === today ? lastCheckin.streak + 1 : 1;
}

/** The streak as of `today`: the last streak if it is still alive (today or yesterday), else 0. */
export function currentStreak(
  lastCheckin: { day: IstDate; streak: number } | undefined,
  today: IstDate,
): number {
  if (!lastCheckin) return 0;
  if (lastCheckin.day === today || addIstDays(lastCheckin.day, 1) === today) return lastCheckin.streak;
  return 0;
}
