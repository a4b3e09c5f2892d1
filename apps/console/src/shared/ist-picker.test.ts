import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { istDayStartMsOfPicked, istMsOfPicked } from './ist-picker';

describe('a date picked in the console', () => {
  it('names the IST instant of the date and time shown, not the browser zone’s', () => {
    // Built from the wall clock as a picker in any zone shows it.
    const picked = dayjs(new Date(2026, 11, 1, 15, 30));
    expect(istMsOfPicked(picked)).toBe(Date.UTC(2026, 11, 1, 10, 0));
    expect(istDayStartMsOfPicked(picked)).toBe(Date.UTC(2026, 10, 30, 18, 30));
  });
});
