import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../invariant.js';
import { lockRemaining } from './lock.js';

const openedAtMs = Date.UTC(2026, 0, 5, 4, 0);

describe('lockRemaining', () => {
  it('a holding with the default T+0 lock can be closed at once', () => {
    expect(lockRemaining(openedAtMs, openedAtMs, {})).toBe(0);
    expect(lockRemaining(openedAtMs, openedAtMs, { days: 0, minutes: 0 })).toBe(0);
  });

  it('a T+1 holding stays locked for 24 hours from opening, weekends included', () => {
    expect(lockRemaining(openedAtMs, openedAtMs + 3_600_000, { days: 1 })).toBe(23 * 3_600_000);
    expect(lockRemaining(openedAtMs, openedAtMs + 86_400_000, { days: 1 })).toBe(0);
  });

  it('a block buy locked for 1 day and 30 minutes shows 30 minutes left a day later', () => {
    expect(lockRemaining(0, 86_400_000, { days: 1, minutes: 30 })).toBe(1_800_000);
  });

  it('shows nothing left once the lock has passed', () => {
    expect(lockRemaining(openedAtMs, openedAtMs + 10 * 86_400_000, { days: 2, minutes: 15 })).toBe(0);
  });

  it('refuses negative or fractional lock lengths as a programming error', () => {
    expect(() => lockRemaining(0, 0, { days: -1 })).toThrow(InvariantError);
    expect(() => lockRemaining(0, 0, { minutes: 1.5 })).toThrow(InvariantError);
    expect(() => lockRemaining(0.5, 0, {})).toThrow(InvariantError);
  });

  it('counts down one millisecond per millisecond until it reaches zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 42 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 40 * 86_400_000 }),
        (opened, days, minutes, elapsed) => {
          const lockMs = days * 86_400_000 + minutes * 60_000;
          expect(lockRemaining(opened, opened + elapsed, { days, minutes })).toBe(
            Math.max(0, lockMs - elapsed),
          );
        },
      ),
    );
  });
});
