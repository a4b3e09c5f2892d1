/**
 * India Standard Time arithmetic without time-zone libraries: IST is UTC+05:30 all year (India has
 * no daylight saving time), so a fixed offset is exact.
 */

export const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000;
export const MINUTE_MS = 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Days since 1970-01-01 in IST: the IST calendar date of an instant as a number. */
export function istDayNumberOf(atMs: number): number {
  return Math.floor((atMs + IST_OFFSET_MS) / DAY_MS);
}

/** The IST calendar date of an instant, e.g. `2025-09-10`. */
export function istDateOf(atMs: number): string {
  return dateOfDayNumber(istDayNumberOf(atMs));
}

/** Minutes since IST midnight, 0 to 1439. 09:15 IST is 555. */
export function istMinuteOfDay(atMs: number): number {
  const sinceMidnightMs = atMs + IST_OFFSET_MS - istDayNumberOf(atMs) * DAY_MS;
  return Math.floor(sinceMidnightMs / MINUTE_MS);
}

/** The instant of 00:00 IST on an IST date given as `YYYY-MM-DD`. */
export function istMidnightMs(dateIst: string): number {
  return dayNumberOfDate(dateIst) * DAY_MS - IST_OFFSET_MS;
}

/** The instant of a time of day in IST on a date, e.g. `istTimeMs('2025-09-10', 9, 15)`. */
export function istTimeMs(dateIst: string, hours: number, minutes: number): number {
  return istMidnightMs(dateIst) + (hours * 60 + minutes) * MINUTE_MS;
}

/** Shifts an IST date by whole days: `addDaysIst('2025-03-01', -1)` is `2025-02-28`. */
export function addDaysIst(dateIst: string, days: number): string {
  return dateOfDayNumber(dayNumberOfDate(dateIst) + days);
}

/** 0 = Monday … 6 = Sunday, for an IST date. */
export function istWeekdayOf(dateIst: string): number {
  // Day 0 (1970-01-01) was a Thursday, three days after a Monday.
  return (((dayNumberOfDate(dateIst) + 3) % 7) + 7) % 7;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written `YYYY-MM-DD` (no 2025-02-30). */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function dayNumberOfDate(dateIst: string): number {
  if (!isIsoDate(dateIst)) throw new RangeError(`not a YYYY-MM-DD date: ${dateIst}`);
  return Date.parse(`${dateIst}T00:00:00Z`) / DAY_MS;
}

export function dateOfDayNumber(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}
