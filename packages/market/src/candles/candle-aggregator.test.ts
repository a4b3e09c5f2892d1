import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Tick } from '../feed/tick.js';
import { CANDLE_PERIODS, type Candle, type CandlePeriod } from './candle.js';
import { CandleAggregator } from './candle-aggregator.js';
import { bucketStartMs } from './candle-buckets.js';
import { istTimeMs } from './ist-time.js';
import { rollUp } from './roll-up.js';

const openMs = istTimeMs('2025-09-10', 9, 15);

function tick(symbol: string, atMs: number, pricePaise: bigint, volume: number): Tick {
  return { symbol, atMs, pricePaise, volume, simulated: true };
}

/** Every candle the aggregator produced for a period: each closed one, then the current ones. */
function runAggregator(ticks: readonly Tick[], periods: readonly CandlePeriod[] = CANDLE_PERIODS) {
  const aggregator = new CandleAggregator({ periods });
  const closed: Candle[] = [];
  for (const each of ticks) {
    for (const update of aggregator.addTick(each)) if (update.closed) closed.push(update.closed);
  }
  const symbols = [...new Set(ticks.map((each) => each.symbol))];
  const current = symbols.flatMap((symbol) =>
    periods.map((period) => aggregator.current(symbol, period)).filter((candle) => candle !== undefined),
  );
  return { aggregator, candles: [...closed, ...current] };
}

const tickArbitrary = fc.record({
  symbol: fc.constantFrom('INFY', 'TCS'),
  offsetMs: fc.integer({ min: 0, max: 9 * 24 * 60 * 60_000 }),
  pricePaise: fc.bigInt({ min: 1n, max: 10_000_000n }),
  volume: fc.integer({ min: 0, max: 100_000 }),
});

describe('candle aggregator', () => {
  it('builds the 1m candle from the ticks of its minute', () => {
    const aggregator = new CandleAggregator({ periods: ['1m'] });
    aggregator.addTick(tick('INFY', openMs + 1_000, 245_000n, 10));
    aggregator.addTick(tick('INFY', openMs + 20_000, 244_500n, 5));
    const [update] = aggregator.addTick(tick('INFY', openMs + 30_000, 245_105n, 7));
    expect(update!.candle).toEqual({
      symbol: 'INFY',
      period: '1m',
      startMs: openMs,
      openPaise: 245_000n,
      highPaise: 245_105n,
      lowPaise: 244_500n,
      closePaise: 245_105n,
      volume: 22,
    });
    const [next] = aggregator.addTick(tick('INFY', openMs + 60_000, 245_200n, 1));
    expect(next!.closed!.closePaise).toBe(245_105n);
    expect(next!.candle.openPaise).toBe(245_200n);
  });

  it('gives each candle the high, low, open, close and volume of exactly its ticks (property)', () => {
    fc.assert(
      fc.property(fc.array(tickArbitrary, { minLength: 1, maxLength: 200 }), (raw) => {
        const ticks = raw
          .map((each) => tick(each.symbol, openMs + each.offsetMs, each.pricePaise, each.volume))
          .sort((left, right) => left.atMs - right.atMs);
        const { candles } = runAggregator(ticks);
        expect(candles).toHaveLength(
          CANDLE_PERIODS.reduce(
            (count, period) =>
              count + new Set(ticks.map((each) => `${each.symbol}|${bucketStartMs(period, each.atMs)}`)).size,
            0,
          ),
        );
        for (const candle of candles) {
          const own = ticks.filter(
            (each) =>
              each.symbol === candle.symbol && bucketStartMs(candle.period, each.atMs) === candle.startMs,
          );
          const prices = own.map((each) => each.pricePaise);
          const ascending = [...prices].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
          expect(own.length).toBeGreaterThan(0);
          expect(candle.openPaise).toBe(prices[0]);
          expect(candle.closePaise).toBe(prices.at(-1));
          expect(candle.highPaise).toBe(ascending.at(-1));
          expect(candle.lowPaise).toBe(ascending[0]);
          expect(candle.volume).toBe(own.reduce((sum, each) => sum + each.volume, 0));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('rolls 1m candles up into the same 5m, 30m, day, week and month candles it builds from ticks (property)', () => {
    fc.assert(
      fc.property(fc.array(tickArbitrary, { minLength: 1, maxLength: 150 }), (raw) => {
        const ticks = raw
          .map((each) => tick(each.symbol, openMs + each.offsetMs, each.pricePaise, each.volume))
          .sort((left, right) => left.atMs - right.atMs);
        const { candles } = runAggregator(ticks);
        const ofPeriod = (period: CandlePeriod) =>
          candles
            .filter((candle) => candle.period === period)
            .sort((left, right) =>
              left.symbol === right.symbol
                ? left.startMs - right.startMs
                : left.symbol < right.symbol
                  ? -1
                  : 1,
            );
        const minutes = ofPeriod('1m');
        for (const period of ['5m', '15m', '30m', '1d', '1w', '1M'] as const) {
          expect(rollUp(minutes, period)).toEqual(ofPeriod(period));
        }
        expect(rollUp(ofPeriod('1d'), '1M')).toEqual(ofPeriod('1M'));
      }),
      { numRuns: 100 },
    );
  });

  it('ignores a late tick for a period whose bucket has already closed', () => {
    const aggregator = new CandleAggregator({ periods: ['1m', '1d'] });
    aggregator.addTick(tick('TCS', openMs + 61_000, 300_000n, 1));
    const updates = aggregator.addTick(tick('TCS', openMs + 5_000, 310_000n, 2));
    expect(updates.map((update) => update.period)).toEqual(['1d']);
    expect(aggregator.current('TCS', '1m')!.highPaise).toBe(300_000n);
    expect(aggregator.current('TCS', '1d')!.highPaise).toBe(310_000n);
  });

  it('continues a restored day candle after a restart instead of opening a new one', () => {
    const aggregator = new CandleAggregator({ periods: ['1d'] });
    const dayStartMs = bucketStartMs('1d', openMs);
    aggregator.restore({
      symbol: 'TCS',
      period: '1d',
      startMs: dayStartMs,
      openPaise: 300_000n,
      highPaise: 305_000n,
      lowPaise: 299_000n,
      closePaise: 301_000n,
      volume: 1_000,
    });
    const [update] = aggregator.addTick(tick('TCS', openMs + 3 * 60 * 60_000, 298_000n, 50));
    expect(update!.closed).toBeUndefined();
    expect(update!.candle).toMatchObject({
      openPaise: 300_000n,
      lowPaise: 298_000n,
      closePaise: 298_000n,
      volume: 1_050,
    });
  });

  it('refuses a tick with a price that is not positive', () => {
    expect(() => new CandleAggregator().addTick(tick('TCS', openMs, 0n, 1))).toThrow(RangeError);
  });
});

describe('roll-up', () => {
  it('refuses to roll weeks into months', () => {
    const week: Candle = {
      symbol: 'TCS',
      period: '1w',
      startMs: 0,
      openPaise: 1n,
      highPaise: 1n,
      lowPaise: 1n,
      closePaise: 1n,
      volume: 0,
    };
    expect(() => rollUp([week], '1M')).toThrow(RangeError);
  });
});
