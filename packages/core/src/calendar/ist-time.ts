import { invariant } from '../invariant.js';

/**
 * Indian Standard Time by arithmetic. Asia/Kolkata has been UTC+05:30 since 1945 with no daylight
 * saving, so a fixed offset gives the wall time exactly and needs neither Intl nor a time zone
 * database. Dates are ISO strings `YYYY-MM-DD` of the IST calendar; instants are epoch milliseconds.
 */

export const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
export const MS_PER_MINUTE = 60_000;
export const MS_PER_DAY = 86_400_000;
export const MINUTES_PER_DAY = 1_440;

/** An IST calendar date such as `2026-01-26`. */
export type IstDate = string;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK_PATTERN = /^(\d{2}):(\d{2})$/;

/** Days since 1970-01-01 for a proleptic Gregorian date (Howard Hinnant's `days_from_civil`). */
function daysFromCivil(year: number, month: number, day: number): number {
  const shiftedYear = month <= 2 ? year - 1 : year;
  const era = Math.floor(shiftedYear / 400);
  const yearOfEra = shiftedYear - era * 400;
  const monthFromMarch = (month + 9) % 12;
  const dayOfYear = Math.floor((153 * monthFromMarch + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The date for a count of days since 1970-01-01 (Howard Hinnant's `civil_from_days`). */
function civilFromDays(daysSinceEpoch: number): IstDate {
  const shifted = daysSinceEpoch + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1_460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Whether a string is a real calendar date written `YYYY-MM-DD` (so `2026-02-30` is not). */
export function isIstDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31) return false;
  return civilFromDays(daysFromCivil(year, month, day)) === value;
}

/** Days since 1970-01-01 of an IST date; asserts the date is well formed. */
function daysSinceEpochOf(date: IstDate): number {
  invariant(isIstDate(date), `not a YYYY-MM-DD date: ${date}`);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return daysFromCivil(year, month, day);
}

/**
 * The IST calendar date of an instant.
 *
 * @example istDate(Date.UTC(2026, 0, 25, 18, 30)) // '2026-01-26': 00:00 IST on Republic Day
 */
export function istDate(atMs: number): IstDate {
  return civilFromDays(Math.floor((atMs + IST_OFFSET_MS) / MS_PER_DAY));
}

/**
 * Milliseconds since IST midnight of an instant, from 0 to 86,399,999.
 *
 * @example istMsOfDay(Date.UTC(2026, 0, 5, 3, 45)) // 33_300_000: 09:15:00.000 IST
 */
export function istMsOfDay(atMs: number): number {
  const shiftedMs = atMs + IST_OFFSET_MS;
  return shiftedMs - Math.floor(shiftedMs / MS_PER_DAY) * MS_PER_DAY;
}

/**
 * Whole minutes since IST midnight of an instant, from 0 to 1,439.
 *
 * @example istMinutesOfDay(Date.UTC(2026, 0, 5, 3, 45, 59)) // 555: 09:15 IST
 */
export function istMinutesOfDay(atMs: number): number {
  return Math.floor(istMsOfDay(atMs) / MS_PER_MINUTE);
}

/**
 * The instant of 00:00 IST on a date.
 *
 * @example istDayStartMs('2026-01-26') // Date.UTC(2026, 0, 25, 18, 30)
 */
export function istDayStartMs(date: IstDate): number {
  return daysSinceEpochOf(date) * MS_PER_DAY - IST_OFFSET_MS;
}

/**
 * The instant of a wall-clock minute on an IST date; minutes may be 1,440 for the midnight that ends it.
 *
 * @example istInstantMs('2026-01-05', 555) // Date.UTC(2026, 0, 5, 3, 45): 09:15 IST
 */
export function istInstantMs(date: IstDate, minutesOfDay: number): number {
  return istDayStartMs(date) + minutesOfDay * MS_PER_MINUTE;
}

/**
 * The date a number of days after (or, when negative, before) an IST date.
 *
 * @example addIstDays('2026-02-28', 1) // '2026-03-01'
 */
export function addIstDays(date: IstDate, days: number): IstDate {
  invariant(Number.isInteger(days), `days must be whole: ${days}`);
  return civilFromDays(daysSinceEpochOf(date) + days);
}

/**
 * Day of the week of an IST date: 0 is Sunday, 6 is Saturday.
 *
 * @example istDayOfWeek('2026-02-01') // 0: the Budget Sunday
 */
export function istDayOfWeek(date: IstDate): number {
  // 1970-01-01 was a Thursday (4).
  const days = daysSinceEpochOf(date);
  return (((days + 4) % 7) + 7) % 7;
}

/** Whether an IST date falls on a Saturday or a Sunday. */
export function isWeekend(date: IstDate): boolean {
  const dayOfWeek = istDayOfWeek(date);
  return dayOfWeek === 0 || dayOfWeek === 6;
}

/**
 * Minutes since midnight of a wall-clock time written `HH:MM`, from `00:00` to `24:00`.
 *
 * @example parseClockMinutes('09:15') // 555
 */
export function parseClockMinutes(clock: string): number {
  invariant(isClockTime(clock), `not an HH:MM time between 00:00 and 24:00: ${clock}`);
  const [hours, minutes] = clock.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** Whether a string is a wall-clock time `HH:MM` between `00:00` and `24:00`. */
export function isClockTime(clock: string): boolean {
  const match = CLOCK_PATTERN.exec(clock);
  if (!match) return false;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return minutes < 60 && hours * 60 + minutes <= MINUTES_PER_DAY;
}
