import { describe, expect, it } from 'vitest';
import { createNseCalendar } from '../calendar/index.js';
import { dailyReportPeriod, isTradingDayClosed } from './daily-report-period.js';

const calendar = createNseCalendar();

describe('the period of a trading day’s end-of-day report', () => {
  it('a Monday’s report runs from Friday’s close to Monday’s close, the weekend included', () => {
    const period = dailyReportPeriod(calendar, '2026-11-23');
    expect(period).toEqual({
      tradeDate: '2026-11-23',
      firstDate: '2026-11-21',
      startMs: Date.UTC(2026, 10, 20, 10, 0),
      endMs: Date.UTC(2026, 10, 23, 10, 0),
    });
  });

  it('a Thursday’s report covers the Thursday only, so consecutive reports meet without a gap', () => {
    const wednesday = dailyReportPeriod(calendar, '2026-11-25')!;
    const thursday = dailyReportPeriod(calendar, '2026-11-26')!;
    expect(thursday.firstDate).toBe('2026-11-26');
    expect(thursday.startMs).toBe(wednesday.endMs);
  });

  it('the day after Guru Nanak Jayanti (Tuesday 2026-11-24, a holiday) covers the holiday', () => {
    expect(dailyReportPeriod(calendar, '2026-11-25')?.firstDate).toBe('2026-11-24');
  });

  it('the day after a holiday covers the holiday (Republic Day 2026 and the weekend before it)', () => {
    expect(dailyReportPeriod(calendar, '2026-01-27')?.firstDate).toBe('2026-01-24');
  });

  it('a weekend, a holiday or a malformed date has no report', () => {
    expect(dailyReportPeriod(calendar, '2026-11-22')).toBeUndefined();
    expect(dailyReportPeriod(calendar, '2026-01-26')).toBeUndefined();
    expect(dailyReportPeriod(calendar, '2026-13-01')).toBeUndefined();
  });

  it('a day is closed for its report only after its session ends', () => {
    expect(isTradingDayClosed(calendar, '2026-11-23', Date.UTC(2026, 10, 23, 9, 0))).toBe(false);
    expect(isTradingDayClosed(calendar, '2026-11-23', Date.UTC(2026, 10, 23, 10, 1))).toBe(true);
    expect(isTradingDayClosed(calendar, '2026-11-25', Date.UTC(2026, 10, 23, 10, 1))).toBe(false);
    expect(isTradingDayClosed(calendar, '2026-11-20', Date.UTC(2026, 10, 23, 4, 0))).toBe(true);
  });
});
