import { describe, expect, it } from 'vitest';
import { createNseCalendar } from '../calendar/nse-2026.js';
import { dailyWindowBounds } from './daily-window.js';
import { isInWithdrawalWindow, withdrawalApprovalsRequired } from './withdrawal-window.js';

const ist = (date: string, hours: number, minutes: number) =>
  Date.parse(`${date}T00:00:00Z`) + (hours * 60 + minutes - (5 * 60 + 30)) * 60_000;
const rule = { from: '09:30', to: '24:00', workingDaysOnly: true };

describe('the withdrawal window', () => {
  const calendar = createNseCalendar();

  it('is open on a working Monday inside the daily window, and closed before it', () => {
    expect(isInWithdrawalWindow(calendar, rule, ist('2026-11-23', 10, 0))).toBe(true);
    expect(isInWithdrawalWindow(calendar, rule, ist('2026-11-23', 9, 29))).toBe(false);
  });

  it('is closed on a weekend and an exchange holiday when working days only', () => {
    expect(isInWithdrawalWindow(calendar, rule, ist('2026-11-28', 10, 0))).toBe(false);
    expect(isInWithdrawalWindow(calendar, rule, ist('2026-03-03', 10, 0))).toBe(false);
  });

  it('is closed on a holiday staff added to the calendar', () => {
    const withHoliday = createNseCalendar({ holidays: [{ date: '2026-11-23', description: 'circular' }] });
    expect(isInWithdrawalWindow(withHoliday, rule, ist('2026-11-23', 10, 0))).toBe(false);
  });

  it('opens every day inside the daily window when working days only is off', () => {
    const everyDay = { ...rule, workingDaysOnly: false };
    expect(isInWithdrawalWindow(calendar, everyDay, ist('2026-11-28', 10, 0))).toBe(true);
    expect(isInWithdrawalWindow(calendar, everyDay, ist('2026-11-28', 9, 0))).toBe(false);
  });

  it('is shown to the second, 24:00 as the day’s last second', () => {
    expect(dailyWindowBounds({ from: '09:30', to: '24:00' })).toEqual({ from: '09:30:00', to: '23:59:59' });
    expect(dailyWindowBounds({ from: '10:00', to: '15:30' })).toEqual({ from: '10:00:00', to: '15:30:59' });
  });
});

describe('withdrawal approvals', () => {
  it('needs a second approver only above the threshold', () => {
    expect(withdrawalApprovalsRequired(20_000_001n, 20_000_000n)).toBe(2);
    expect(withdrawalApprovalsRequired(20_000_000n, 20_000_000n)).toBe(1);
  });
});
