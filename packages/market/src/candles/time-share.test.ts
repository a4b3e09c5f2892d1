import { describe, expect, it } from 'vitest';
import type { Candle } from './candle.js';
import { istTimeMs } from './ist-time.js';
import { buildTimeShare } from './time-share.js';

function minute(startMs: number, closePaise: bigint, volume: number): Candle {
  return {
    symbol: 'INFY',
    period: '1m',
    startMs,
    openPaise: closePaise,
    highPaise: closePaise,
    lowPaise: closePaise,
    closePaise,
    volume,
  };
}

describe('time-share line', () => {
  it("shows today's minutes with the running average price", () => {
    const yesterday = minute(istTimeMs('2025-09-09', 15, 29), 99_000n, 500);
    const first = minute(istTimeMs('2025-09-10', 9, 15), 10_000n, 10);
    const second = minute(istTimeMs('2025-09-10', 9, 16), 10_100n, 30);
    const points = buildTimeShare([second, yesterday, first], '2025-09-10');
    expect(points.map((point) => point.averagePricePaise)).toEqual([10_000n, 10_075n]);
    expect(points.map((point) => point.pricePaise)).toEqual([10_000n, 10_100n]);
  });
});
