import { istMinutesOfDay, MINUTES_PER_DAY, parseClockMinutes } from '../calendar/ist-time.js';
import { invariant } from '../invariant.js';

/** A daily window in IST wall-clock time, `HH:MM` to `HH:MM`; `24:00` is the midnight that ends the day. */
export interface DailyWindow {
  from: string;
  to: string;
}

/**
 * Whether an instant falls in a daily IST window. The end minute is included (a window "00:00 to
 * 23:59" is the whole day, "09:30 to 15:30" admits 15:30:59), and `24:00` means up to midnight.
 * A window whose end is before its start runs over midnight ("22:00 to 02:00").
 *
 * Example: 10:00 IST is in `{ from: '09:30', to: '24:00' }`; 09:29 IST is not.
 */
export function isWithinDailyWindow(atMs: number, window: DailyWindow): boolean {
  const fromMinutes = parseClockMinutes(window.from);
  const toMinutes = parseClockMinutes(window.to);
  invariant(fromMinutes < MINUTES_PER_DAY, `a window cannot start at 24:00: ${window.from}`);
  const minute = istMinutesOfDay(atMs);
  if (fromMinutes <= toMinutes) return minute >= fromMinutes && minute <= toMinutes;
  return minute >= fromMinutes || minute <= toMinutes;
}

/**
 * A window's bounds to the second, as refusal messages show them: the start minute from its first
 * second, the end minute to its last (`24:00` is shown as the day's last second).
 *
 * Example: `{ from: '09:30', to: '24:00' }` shows as `{ from: '09:30:00', to: '23:59:59' }`.
 */
export function dailyWindowBounds(window: DailyWindow): { from: string; to: string } {
  const to = window.to === '24:00' ? '23:59' : window.to;
  return { from: `${window.from}:00`, to: `${to}:59` };
}
