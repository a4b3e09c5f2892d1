import { describe, expect, it } from 'vitest';
import { bucketStartMs, canRollUp, nextBucketStartMs } from './candle-buckets.js';
import { istMidnightMs, istTimeMs } from './ist-time.js';

describe('candle buckets', () => {
  it('starts 30-minute NSE candles at 09:15, 09:45 … and clock candles at 09:30', () => {
    const at = istTimeMs('2025-09-10', 9, 52) + 17_000;
    expect(bucketStartMs('30m', at)).toBe(istTimeMs('2025-09-10', 9, 45));
    expect(bucketStartMs('30m', at, 'clock')).toBe(istTimeMs('2025-09-10', 9, 30));
    expect(bucketStartMs('30m', istTimeMs('2025-09-10', 15, 29))).toBe(istTimeMs('2025-09-10', 15, 15));
  });

  it('aligns 1, 5 and 15 minute candles the same way in both alignments', () => {
    const at = istTimeMs('2025-09-10', 10, 7) + 59_999;
    for (const [period, minute] of [
      ['1m', 7],
      ['5m', 5],
      ['15m', 0],
    ] as const) {
      expect(bucketStartMs(period, at)).toBe(istTimeMs('2025-09-10', 10, minute));
      expect(bucketStartMs(period, at, 'clock')).toBe(istTimeMs('2025-09-10', 10, minute));
    }
  });

  it('puts a tick after midnight IST (still the previous day in UTC) in the new IST day', () => {
    const at = Date.parse('2025-09-10T19:00:00Z'); // 00:30 IST on 11 September
    expect(bucketStartMs('1d', at)).toBe(istMidnightMs('2025-09-11'));
  });

  it('starts weeks on Monday and months on the 1st, at 00:00 IST', () => {
    const sunday = istTimeMs('2025-09-14', 23, 59);
    expect(bucketStartMs('1w', sunday)).toBe(istMidnightMs('2025-09-08'));
    expect(bucketStartMs('1w', istTimeMs('2025-09-15', 0, 0))).toBe(istMidnightMs('2025-09-15'));
    expect(bucketStartMs('1M', istTimeMs('2025-02-28', 15, 0))).toBe(istMidnightMs('2025-02-01'));
    expect(nextBucketStartMs('1M', istMidnightMs('2024-12-01'))).toBe(istMidnightMs('2025-01-01'));
    expect(nextBucketStartMs('1w', istMidnightMs('2025-09-08'))).toBe(istMidnightMs('2025-09-15'));
  });

  it('rolls up only into periods that hold whole source buckets', () => {
    expect(canRollUp('1m', '5m')).toBe(true);
    expect(canRollUp('5m', '15m')).toBe(true);
    expect(canRollUp('15m', '30m')).toBe(true);
    expect(canRollUp('5m', '1M')).toBe(true);
    expect(canRollUp('1d', '1w')).toBe(true);
    expect(canRollUp('1d', '1M')).toBe(true);
    expect(canRollUp('1w', '1M')).toBe(false);
    expect(canRollUp('30m', '15m')).toBe(false);
    expect(canRollUp('1d', '30m')).toBe(false);
  });
});
