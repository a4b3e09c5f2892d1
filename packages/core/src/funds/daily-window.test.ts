import { describe, expect, it } from 'vitest';
import { isWithinDailyWindow } from './daily-window.js';

const ist = (hours: number, minutes: number, seconds = 0) =>
  Date.UTC(2026, 10, 23, hours, minutes, seconds) - (5 * 60 + 30) * 60_000;

describe('daily windows in IST', () => {
  it('admits the withdrawal window 09:30 to 24:00 from 09:30 until midnight', () => {
    const window = { from: '09:30', to: '24:00' };
    expect(isWithinDailyWindow(ist(9, 29, 59), window)).toBe(false);
    expect(isWithinDailyWindow(ist(9, 30), window)).toBe(true);
    expect(isWithinDailyWindow(ist(23, 59, 59), window)).toBe(true);
    expect(isWithinDailyWindow(ist(0, 0), window)).toBe(false);
  });

  it('treats 00:00 to 23:59 as the whole day, the end minute included', () => {
    const window = { from: '00:00', to: '23:59' };
    expect(isWithinDailyWindow(ist(0, 0), window)).toBe(true);
    expect(isWithinDailyWindow(ist(23, 59, 59), window)).toBe(true);
  });

  it('runs a window over midnight when it ends before it starts', () => {
    const window = { from: '22:00', to: '02:00' };
    expect(isWithinDailyWindow(ist(23, 0), window)).toBe(true);
    expect(isWithinDailyWindow(ist(1, 0), window)).toBe(true);
    expect(isWithinDailyWindow(ist(12, 0), window)).toBe(false);
  });
});
