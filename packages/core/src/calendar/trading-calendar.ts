import { invariant } from '../invariant.js';
import {
  addIstDays,
  type IstDate,
  isClockTime,
  isIstDate,
  istInstantMs,
  isWeekend,
  MINUTES_PER_DAY,
  parseClockMinutes,
} from './ist-time.js';

/**
 * A trading calendar is data, not code: the exchange's holiday list and its special sessions (a
 * Sunday Budget session, Muhurat trading) are rows that staff can add each year. The server keeps
 * the rows staff add in the database and builds the calendar from the defaults plus those rows.
 */

/** A weekday on which the exchange is closed, as the exchange's holiday circular lists it. */
export interface HolidayRow {
  date: IstDate;
  description: string;
}

/**
 * A day that trades outside the usual pattern, such as a Sunday or a one-hour Muhurat session.
 * `opensAt` and `closesAt` bound the normal (continuous) session in IST, `HH:MM`.
 */
export interface SpecialSessionRow {
  date: IstDate;
  opensAt: string;
  closesAt: string;
  description: string;
}

/** The normal session's hours on an ordinary trading day, IST `HH:MM`. */
export interface SessionHoursRow {
  opensAt: string;
  closesAt: string;
}

export interface TradingCalendarData {
  holidays: readonly HolidayRow[];
  specialSessions: readonly SpecialSessionRow[];
  /** Hours of an ordinary weekday; NSE's 09:15 to 15:30 when absent. */
  regularSession?: SessionHoursRow;
}

/** Session hours as minutes since IST midnight. */
export interface SessionMinutes {
  opensAtMinutes: number;
  closesAtMinutes: number;
}

export interface SpecialSession extends SessionMinutes {
  description: string;
}

/** A built calendar: validated, indexed by date, and immutable. */
export interface TradingCalendar {
  readonly regularSession: SessionMinutes;
  readonly holidays: ReadonlyMap<IstDate, string>;
  readonly specialSessions: ReadonlyMap<IstDate, SpecialSession>;
}

/** One day's normal session as instants. */
export interface TradingSession {
  date: IstDate;
  opensAtMs: number;
  closesAtMs: number;
  /** True when the day keeps the ordinary hours (a weekday, or a special day with the same hours). */
  hasRegularHours: boolean;
}

/** NSE's continuous session in the capital market segment. */
export const NSE_REGULAR_SESSION: SessionHoursRow = { opensAt: '09:15', closesAt: '15:30' };

/**
 * Around every session the exchange runs a pre-open call auction before the open and a closing
 * session after a pause: 09:00 to 09:08 order entry, 09:08 to 09:15 matching, and 15:40 to 16:00 at
 * NSE. Special sessions keep the same offsets (Muhurat 18:00 to 19:00 gets a pre-open from 17:45).
 */
export const PRE_OPEN_MINUTES = 15;
export const PRE_OPEN_ORDER_ENTRY_MINUTES = 8;
export const CLOSING_SESSION_DELAY_MINUTES = 10;
export const CLOSING_SESSION_MINUTES = 20;

/** How far the calendar searches for a trading day before deciding the data must be wrong. */
export const MAX_DAYS_WITHOUT_TRADING = 366;

/**
 * Why session hours cannot make a session, or undefined when they can: `format` (not `HH:MM`),
 * `order` (it does not open before it closes) or `day` (the pre-open or the closing session would
 * fall outside the IST day). The console checks staff input with it before storing a row.
 *
 * @example sessionHoursProblem({ opensAt: '18:00', closesAt: '19:00' }) // undefined
 * @example sessionHoursProblem({ opensAt: '00:05', closesAt: '01:00' }) // 'day': no room for the pre-open
 */
export function sessionHoursProblem(row: SessionHoursRow): 'format' | 'order' | 'day' | undefined {
  if (!isClockTime(row.opensAt) || !isClockTime(row.closesAt)) return 'format';
  const opensAtMinutes = parseClockMinutes(row.opensAt);
  const closesAtMinutes = parseClockMinutes(row.closesAt);
  if (opensAtMinutes >= closesAtMinutes) return 'order';
  if (
    opensAtMinutes < PRE_OPEN_MINUTES ||
    closesAtMinutes + CLOSING_SESSION_DELAY_MINUTES + CLOSING_SESSION_MINUTES > MINUTES_PER_DAY
  ) {
    return 'day';
  }
  return undefined;
}

function toSessionMinutes(row: SessionHoursRow, label: string): SessionMinutes {
  invariant(isClockTime(row.opensAt) && isClockTime(row.closesAt), `${label}: times must be HH:MM`);
  const opensAtMinutes = parseClockMinutes(row.opensAt);
  const closesAtMinutes = parseClockMinutes(row.closesAt);
  invariant(opensAtMinutes < closesAtMinutes, `${label}: the session must open before it closes`);
  invariant(
    opensAtMinutes >= PRE_OPEN_MINUTES &&
      closesAtMinutes + CLOSING_SESSION_DELAY_MINUTES + CLOSING_SESSION_MINUTES <= MINUTES_PER_DAY,
    `${label}: the pre-open and closing sessions must fall on the same IST day`,
  );
  return { opensAtMinutes, closesAtMinutes };
}

/**
 * Builds a calendar from rows. Later rows win: a special session listed after another for the same
 * date replaces it, so a staff row can correct a default (for example Muhurat timing once the
 * circular is out). A special session also wins over a holiday or a weekend on its date.
 * Malformed rows are programmer errors here: the console validates staff input before it is stored.
 *
 * @example
 * const calendar = createTradingCalendar({
 *   holidays: [{ date: '2027-01-26', description: 'Republic Day' }],
 *   specialSessions: [],
 * });
 * isTradingDay(calendar, '2027-01-26'); // false
 */
export function createTradingCalendar(data: TradingCalendarData): TradingCalendar {
  const regularSession = toSessionMinutes(data.regularSession ?? NSE_REGULAR_SESSION, 'regular session');
  const holidays = new Map<IstDate, string>();
  for (const row of data.holidays) {
    invariant(isIstDate(row.date), `holiday date must be YYYY-MM-DD: ${row.date}`);
    holidays.set(row.date, row.description);
  }
  const specialSessions = new Map<IstDate, SpecialSession>();
  for (const row of data.specialSessions) {
    invariant(isIstDate(row.date), `special session date must be YYYY-MM-DD: ${row.date}`);
    const minutes = toSessionMinutes(row, `special session ${row.date}`);
    specialSessions.set(row.date, { ...minutes, description: row.description });
  }
  return { regularSession, holidays, specialSessions };
}

/** Whether the exchange has declared the date a trading holiday (whatever the day of the week). */
export function isHoliday(calendar: TradingCalendar, date: IstDate): boolean {
  invariant(isIstDate(date), `not a YYYY-MM-DD date: ${date}`);
  return calendar.holidays.has(date);
}

/**
 * The session hours of a date, or null when the exchange does not trade that day.
 *
 * @example sessionMinutesOn(createNseCalendar(), '2026-11-08') // { opensAtMinutes: 1080, closesAtMinutes: 1140, ... }
 */
export function sessionMinutesOn(calendar: TradingCalendar, date: IstDate): SessionMinutes | null {
  const special = calendar.specialSessions.get(date);
  if (special) return special;
  if (isWeekend(date) || isHoliday(calendar, date)) return null;
  return calendar.regularSession;
}

/**
 * The normal session of a date as instants, or null on a weekend or holiday.
 *
 * @example tradingSessionOn(createNseCalendar(), '2026-01-26') // null: Republic Day
 */
export function tradingSessionOn(calendar: TradingCalendar, date: IstDate): TradingSession | null {
  const minutes = sessionMinutesOn(calendar, date);
  if (!minutes) return null;
  return {
    date,
    opensAtMs: istInstantMs(date, minutes.opensAtMinutes),
    closesAtMs: istInstantMs(date, minutes.closesAtMinutes),
    hasRegularHours:
      minutes.opensAtMinutes === calendar.regularSession.opensAtMinutes &&
      minutes.closesAtMinutes === calendar.regularSession.closesAtMinutes,
  };
}

/**
 * Whether the exchange trades on a date: a weekday that is not a holiday, or a special session.
 *
 * @example isTradingDay(createNseCalendar(), '2026-02-01') // true: the Budget Sunday
 */
export function isTradingDay(calendar: TradingCalendar, date: IstDate): boolean {
  return sessionMinutesOn(calendar, date) !== null;
}

/**
 * Whether a date is a working day for back-office work such as paying withdrawals: a weekday that is
 * not a holiday. A Sunday special session does not make a working day.
 *
 * @example isWorkingDay(createNseCalendar(), '2026-03-03') // false: Holi
 */
export function isWorkingDay(calendar: TradingCalendar, date: IstDate): boolean {
  return !isWeekend(date) && !isHoliday(calendar, date);
}

function findTradingDay(calendar: TradingCalendar, from: IstDate, stepDays: 1 | -1): IstDate {
  let date = from;
  for (let step = 0; step < MAX_DAYS_WITHOUT_TRADING; step += 1) {
    date = addIstDays(date, stepDays);
    if (isTradingDay(calendar, date)) return date;
  }
  invariant(false, `no trading day within ${MAX_DAYS_WITHOUT_TRADING} days of ${from}`);
}

/**
 * The last trading day strictly before a date, for example to find the previous close.
 *
 * @example previousTradingDay(createNseCalendar(), '2026-01-27') // '2026-01-23': skips Republic Day and the weekend
 */
export function previousTradingDay(calendar: TradingCalendar, date: IstDate): IstDate {
  return findTradingDay(calendar, date, -1);
}

/**
 * The first trading day strictly after a date.
 *
 * @example nextTradingDay(createNseCalendar(), '2026-01-23') // '2026-01-27'
 */
export function nextTradingDay(calendar: TradingCalendar, date: IstDate): IstDate {
  return findTradingDay(calendar, date, 1);
}
