import { addIstDays, istDate, istInstantMs } from '../calendar/ist-time.js';
import { invariant } from '../invariant.js';

/**
 * The latest intraday square-off instant at or before `atMs`: today's square-off time in IST when it
 * has passed, otherwise yesterday's. Intraday holdings opened before it must be closed.
 *
 * Example: at Monday 2026-11-23 15:25 IST with square-off at 15:20 (920 minutes),
 * `lastSquareOffAtOrBefore(Date.UTC(2026, 10, 23, 9, 55), 920)` is 2026-11-23 15:20 IST
 * (`Date.UTC(2026, 10, 23, 9, 50)`); at 10:00 IST the same day it is Sunday's 15:20.
 */
export function lastSquareOffAtOrBefore(atMs: number, squareOffMinutes: number): number {
  invariant(
    Number.isSafeInteger(squareOffMinutes) && squareOffMinutes >= 0 && squareOffMinutes < 1440,
    `square-off minutes within a day: ${squareOffMinutes}`,
  );
  const today = istDate(atMs);
  const todays = istInstantMs(today, squareOffMinutes);
  return todays <= atMs ? todays : istInstantMs(addIstDays(today, -1), squareOffMinutes);
}
