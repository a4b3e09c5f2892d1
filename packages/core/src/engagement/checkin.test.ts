import { describe, expect, it } from 'vitest';
import { currentStreak, nextStreak } from './checkin.js';

describe('check-in streaks', () => {
  it('starts at 1, grows on consecutive IST days and restarts after a missed day', () => {
    expect(nextStreak(undefined, '2026-11-23')).toBe(1);
    expect(nextStreak({ day: '2026-11-23', streak: 1 }, '2026-11-24')).toBe(2);
    expect(nextStreak({ day: '2026-11-30', streak: 8 }, '2026-12-01')).toBe(9);
    expect(nextStreak({ day: '2026-11-23', streak: 5 }, '2026-11-25')).toBe(1);
  });

  it('refuses a second check-in the same day', () => {
    expect(() => nextStreak({ day: '2026-11-23', streak: 1 }, '2026-11-23')).toThrow(/already/);
  });

  it('shows a streak as alive until a whole IST day is missed', () => {
    expect(currentStreak(undefined, '2026-11-23')).toBe(0);
    expect(currentStreak({ day: '2026-11-22', streak: 3 }, '2026-11-23')).toBe(3);
    expect(currentStreak({ day: '2026-11-21', streak: 3 }, '2026-11-23')).toBe(0);
  });
});
