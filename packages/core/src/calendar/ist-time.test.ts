import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addIstDays,
  isClockTime,
  isIstDate,
  istDate,
  istDayOfWeek,
  istDayStartMs,
  istInstantMs,
  istMinutesOfDay,
  istMsOfDay,
  MS_PER_DAY,
  parseClockMinutes,
} from './ist-time.js';

const kolkataFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function kolkataWallTime(atMs: number): { date: string; minutesOfDay: number } {
  const parts = Object.fromEntries(kolkataFormat.formatToParts(atMs).map((part) => [part.type, part.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutesOfDay: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

describe('IST wall time by arithmetic', () => {
  it('Republic Day begins in India at 18:30 UTC the evening before', () => {
    const midnightMs = Date.UTC(2026, 0, 25, 18, 30);
    expect(istDayStartMs('2026-01-26')).toBe(midnightMs);
    expect(istDate(midnightMs)).toBe('2026-01-26');
    expect(istDate(midnightMs - 1)).toBe('2026-01-25');
  });

  it('the market open of 09:15 IST is 03:45 UTC', () => {
    const openMs = Date.UTC(2026, 0, 5, 3, 45);
    expect(istInstantMs('2026-01-05', 555)).toBe(openMs);
    expect(istMinutesOfDay(openMs)).toBe(555);
    expect(istMinutesOfDay(openMs - 1)).toBe(554);
    expect(istMsOfDay(openMs)).toBe(555 * 60_000);
  });

  it('agrees with the Asia/Kolkata time zone database for any instant from 1990 to 2100', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) }), (atMs) => {
        const wall = kolkataWallTime(atMs);
        expect(istDate(atMs)).toBe(wall.date);
        expect(istMinutesOfDay(atMs)).toBe(wall.minutesOfDay);
        const dayStartMs = istDayStartMs(istDate(atMs));
        expect(atMs - dayStartMs).toBeGreaterThanOrEqual(0);
        expect(atMs - dayStartMs).toBeLessThan(MS_PER_DAY);
      }),
      { numRuns: 500 },
    );
  });

  it('counts days across month ends and leap years', () => {
    expect(addIstDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addIstDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addIstDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addIstDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('knows that the Budget session of 2026-02-01 falls on a Sunday', () => {
    expect(istDayOfWeek('2026-02-01')).toBe(0);
    expect(istDayOfWeek('2026-01-05')).toBe(1);
    expect(istDayOfWeek('2026-01-31')).toBe(6);
  });

  it('accepts only real calendar dates', () => {
    expect(isIstDate('2028-02-29')).toBe(true);
    expect(isIstDate('2026-02-29')).toBe(false);
    expect(isIstDate('2026-13-01')).toBe(false);
    expect(isIstDate('2026-1-5')).toBe(false);
    expect(() => istDayStartMs('26-01-2026')).toThrow();
  });

  it('reads wall-clock times from 00:00 to 24:00 only', () => {
    expect(parseClockMinutes('09:15')).toBe(555);
    expect(parseClockMinutes('24:00')).toBe(1_440);
    expect(isClockTime('24:01')).toBe(false);
    expect(isClockTime('09:60')).toBe(false);
    expect(isClockTime('9:15')).toBe(false);
    expect(() => parseClockMinutes('25:00')).toThrow();
  });
});
