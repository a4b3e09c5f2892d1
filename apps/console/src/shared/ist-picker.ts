import { istInstantMs } from '@nivesh/core';
import type { Dayjs } from 'dayjs';

/**
 * The instant a date picker's choice names in IST, whatever the browser's time zone: the staff
 * member picks the date and clock time the exchange and the investors read (DESIGN.md: times are
 * IST), so "2026-12-01 15:30" is 15:30 IST even on a laptop set to London.
 *
 * @example istMsOfPicked(dayjs('2026-12-01T15:30')) // 1764583200000 (10:00 UTC)
 */
export function istMsOfPicked(picked: Dayjs): number {
  const date = picked.format('YYYY-MM-DD');
  return istInstantMs(date, picked.hour() * 60 + picked.minute());
}

/** The start of the IST day a date picker's choice names (an ex-date, a record date). */
export const istDayStartMsOfPicked = (picked: Dayjs): number => istInstantMs(picked.format('YYYY-MM-DD'), 0);
