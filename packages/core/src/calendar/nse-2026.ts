import { NSE_2026_HOLIDAYS } from './nse-holidays-2026.gen.js';
import {
  createTradingCalendar,
  type HolidayRow,
  NSE_REGULAR_SESSION,
  type SpecialSessionRow,
  type TradingCalendar,
} from './trading-calendar.js';

export { NSE_2026_HOLIDAYS };

/**
 * Days NSE trades outside the weekday pattern in 2026.
 *
 * - Sunday 2026-02-01: a live session for the Union Budget, at the normal hours (circular
 *   CMTR72349 of 2026-01-16).
 * - Sunday 2026-11-08: Muhurat trading for Diwali Laxmi Pujan, a one-hour session. NSE announces
 *   its timing by a circular shortly before Diwali, and that circular is not in our data: we assume
 *   18:00 to 19:00 IST (the pre-open then runs 17:45 to 18:00). When the circular is out, staff add
 *   a row for the date with the real times; a later row replaces this one.
 */
export const NSE_2026_SPECIAL_SESSIONS: readonly SpecialSessionRow[] = [
  {
    date: '2026-02-01',
    opensAt: NSE_REGULAR_SESSION.opensAt,
    closesAt: NSE_REGULAR_SESSION.closesAt,
    description: 'Union Budget live trading session (Sunday)',
  },
  {
    date: '2026-11-08',
    opensAt: '18:00',
    closesAt: '19:00',
    description: 'Muhurat trading, Diwali Laxmi Pujan (timing assumed until the NSE circular)',
  },
];

/** Rows added on top of the defaults, such as next year's holidays that staff enter in the console. */
export interface TradingCalendarAdditions {
  holidays?: readonly HolidayRow[];
  specialSessions?: readonly SpecialSessionRow[];
}

/**
 * The NSE calendar: the 2026 defaults followed by any added rows (later rows win for the same date).
 * Years without rows trade every weekday, so add each year's circular before it begins.
 *
 * @example
 * const calendar = createNseCalendar({ holidays: [{ date: '2027-01-26', description: 'Republic Day' }] });
 * isTradingDay(calendar, '2027-01-26'); // false
 */
export function createNseCalendar(additions: TradingCalendarAdditions = {}): TradingCalendar {
  return createTradingCalendar({
    regularSession: NSE_REGULAR_SESSION,
    holidays: [...NSE_2026_HOLIDAYS, ...(additions.holidays ?? [])],
    specialSessions: [...NSE_2026_SPECIAL_SESSIONS, ...(additions.specialSessions ?? [])],
  });
}
