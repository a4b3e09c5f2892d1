import { invariant } from '../invariant.js';

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;

/** How long a holding stays locked after opening; the server default is 0 days and 0 minutes. */
export interface HoldingLock {
  days?: number;
  minutes?: number;
}

/**
 * Milliseconds left before a holding may be closed, or 0 when it is free. This is calendar-less: T+N
 * days counts N periods of 24 hours from the opening instant, not N trading days and not to an IST
 * midnight, because that needs the trading calendar, which lives outside this function. A caller that
 * wants trading days computes the unlock instant with the calendar instead.
 *
 * Example: opened at 0 ms with a lock of 1 day and 30 minutes, at 86,400,000 ms (one day later)
 * `lockRemaining(0, 86_400_000, { days: 1, minutes: 30 })` is `1_800_000` (30 minutes left).
 */
export function lockRemaining(openedAtMs: number, nowMs: number, lock: HoldingLock): number {
  const days = lock.days ?? 0;
  const minutes = lock.minutes ?? 0;
  invariant(Number.isSafeInteger(openedAtMs) && Number.isSafeInteger(nowMs), 'times are whole milliseconds');
  invariant(Number.isSafeInteger(days) && days >= 0, `lock days are a whole number ≥ 0: ${days}`);
  invariant(Number.isSafeInteger(minutes) && minutes >= 0, `lock minutes are a whole number ≥ 0: ${minutes}`);
  const unlocksAtMs = openedAtMs + days * MS_PER_DAY + minutes * MS_PER_MINUTE;
  invariant(Number.isSafeInteger(unlocksAtMs), 'the lock ends beyond the representable time');
  return Math.max(0, unlocksAtMs - nowMs);
}
