import { describe, expect, it } from 'vitest';
import { formatCalendarDate } from './date-time';

describe('formatCalendarDate', () => {
  it('writes a server date (YYYY-MM-DD) in the investor’s language', () => {
    expect(formatCalendarDate('2024-10-01', 'en')).toBe('1 Oct 2024');
    expect(formatCalendarDate('2024-10-01', 'zh')).toBe('2024年10月1日');
    expect(formatCalendarDate('2024-10-01', 'hi')).not.toContain('2024-10-01');
  });

  it('keeps the day whatever the phone’s time zone (the date is a calendar day, not an instant)', () => {
    expect(formatCalendarDate('2026-11-27', 'en')).toBe('27 Nov 2026');
    expect(formatCalendarDate('2026-01-01', 'en')).toBe('1 Jan 2026');
  });

  it('shows anything that is not a date as it came', () => {
    expect(formatCalendarDate('soon', 'en')).toBe('soon');
  });
});
