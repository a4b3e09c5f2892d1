import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { istInstantMs } from '../calendar/ist-time.js';
import { createNseCalendar } from '../calendar/nse-2026.js';
import { defaultParameterValues } from '../parameters/registry.js';
import {
  addCandleToVwap,
  type BlockWindowHours,
  blockBand,
  blockWindowAt,
  previousCloseOn,
  type VwapSums,
  vwapPeriodBefore,
  vwapToTick,
} from './block-trade.js';

const calendar = createNseCalendar();
const defaults = defaultParameterValues();
const hours: BlockWindowHours = {
  morning: defaults.block_window_morning,
  afternoon: defaults.block_window_afternoon,
};
/** An instant on an IST date at `HH:MM[:SS]`. */
const istAt = (date: string, clock: string) => {
  const [h, m, s = 0] = clock.split(':').map(Number) as [number, number, number?];
  return istInstantMs(date, h * 60 + m) + s * 1000;
};
const monday = '2026-11-23';

describe('block windows come from the parameters', () => {
  it('the morning window opens at 08:45:00 and closes at 09:00:00 exactly', () => {
    expect(blockWindowAt(calendar, hours, istAt(monday, '08:44:59')).open).toBe(false);
    expect(blockWindowAt(calendar, hours, istAt(monday, '08:45') - 1).open).toBe(false);
    expect(blockWindowAt(calendar, hours, istAt(monday, '08:45'))).toEqual({
      open: true,
      window: {
        name: 'morning',
        date: monday,
        opensAtMs: istAt(monday, '08:45'),
        closesAtMs: istAt(monday, '09:00'),
      },
    });
    expect(blockWindowAt(calendar, hours, istAt(monday, '08:59:59')).open).toBe(true);
    expect(blockWindowAt(calendar, hours, istAt(monday, '09:00'))).toMatchObject({
      open: false,
      next: { name: 'afternoon', opensAtMs: istAt(monday, '14:05') },
    });
  });

  it('the afternoon window is 14:05 to 14:20; after it the next is the next trading day’s morning', () => {
    expect(blockWindowAt(calendar, hours, istAt(monday, '14:05'))).toMatchObject({
      open: true,
      window: { name: 'afternoon' },
    });
    expect(blockWindowAt(calendar, hours, istAt(monday, '14:19:59')).open).toBe(true);
    expect(blockWindowAt(calendar, hours, istAt(monday, '14:20'))).toMatchObject({
      open: false,
      // Tuesday 2026-11-24 is Guru Nanak Jayanti, a holiday.
      next: { name: 'morning', date: '2026-11-25' },
    });
  });

  it('a weekend and a holiday have no window; the next one is on the next trading day', () => {
    // Saturday 2026-11-21 → Monday 2026-11-23.
    expect(blockWindowAt(calendar, hours, istAt('2026-11-21', '08:50'))).toMatchObject({
      open: false,
      next: { name: 'morning', date: monday },
    });
    // Holi, Tuesday 2026-03-03 → Wednesday 2026-03-04.
    expect(blockWindowAt(calendar, hours, istAt('2026-03-03', '14:10'))).toMatchObject({
      open: false,
      next: { name: 'morning', date: '2026-03-04' },
    });
  });

  it('Muhurat Sunday, a special session with other hours, has no block window', () => {
    expect(blockWindowAt(calendar, hours, istAt('2026-11-08', '08:50')).open).toBe(false);
  });

  it('follows a staff change of the windows', () => {
    const moved: BlockWindowHours = { ...hours, afternoon: { start: '12:00', end: '12:30' } };
    expect(blockWindowAt(calendar, moved, istAt(monday, '12:10')).open).toBe(true);
    expect(blockWindowAt(calendar, moved, istAt(monday, '14:10')).open).toBe(false);
  });
});

describe('the afternoon reference is the VWAP of 13:45 to 14:00', () => {
  it('measures the 15 minutes ending 5 minutes before the window', () => {
    expect(vwapPeriodBefore(istAt(monday, '14:05'))).toEqual({
      fromMs: istAt(monday, '13:45'),
      toMs: istAt(monday, '14:00'),
    });
  });

  it('weights each minute’s typical price by its volume, rounded to the tick', () => {
    let sums: VwapSums = { typicalTimesVolume: 0n, volume: 0n };
    // ₹100.00 typical × 300 and ₹101.00 typical × 100 → ₹100.25.
    sums = addCandleToVwap(sums, { highPaise: 10_050n, lowPaise: 9_950n, closePaise: 10_000n, volume: 300n });
    sums = addCandleToVwap(sums, {
      highPaise: 10_100n,
      lowPaise: 10_100n,
      closePaise: 10_100n,
      volume: 100n,
    });
    expect(vwapToTick(sums, 5n)).toBe(10_025n);
  });

  it('has no VWAP when nothing traded', () => {
    expect(vwapToTick({ typicalTimesVolume: 0n, volume: 0n }, 5n)).toBeNull();
  });

  it('lies on the tick, between the lowest low and the highest high', () => {
    const candle = fc
      .tuple(fc.bigInt({ min: 100n, max: 10_000_000n }), fc.bigInt({ min: 0n, max: 5_000n }))
      .chain(([low, spread]) =>
        fc.record({
          lowPaise: fc.constant(low),
          highPaise: fc.constant(low + spread),
          closePaise: fc.bigInt({ min: low, max: low + spread }),
          volume: fc.bigInt({ min: 1n, max: 1_000_000n }),
        }),
      );
    fc.assert(
      fc.property(
        fc.array(candle, { minLength: 1, maxLength: 15 }),
        fc.constantFrom(1n, 5n, 10n),
        (candles, tick) => {
          const sums = candles.reduce(addCandleToVwap, { typicalTimesVolume: 0n, volume: 0n });
          const vwap = vwapToTick(sums, tick)!;
          let low = candles[0]!.lowPaise;
          let high = candles[0]!.highPaise;
          for (const c of candles) {
            if (c.lowPaise < low) low = c.lowPaise;
            if (c.highPaise > high) high = c.highPaise;
          }
          expect(vwap % tick).toBe(0n);
          // Rounding to the tick may move it by at most half a tick beyond the range.
          expect(2n * vwap).toBeGreaterThanOrEqual(2n * low - tick);
          expect(2n * vwap).toBeLessThanOrEqual(2n * high + tick);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the morning reference is the previous close', () => {
  it('a quote last ticked on Friday shows Friday’s close as its price', () => {
    const friday = istAt('2026-11-20', '15:29:59');
    expect(
      previousCloseOn({ pricePaise: 101_000n, previousClosePaise: 99_000n, tickAtMs: friday }, monday),
    ).toBe(101_000n);
  });

  it('a quote that ticked today carries the previous close beside its price', () => {
    const today = istAt(monday, '09:20');
    expect(
      previousCloseOn({ pricePaise: 101_000n, previousClosePaise: 99_000n, tickAtMs: today }, monday),
    ).toBe(99_000n);
  });
});

describe('the block band', () => {
  it('is ±1% of the reference on the tick', () => {
    expect(blockBand(100_000n, 100, 5n)).toEqual({ lowerPaise: 99_000n, upperPaise: 101_000n });
    // ₹123.45 ± 1% = ₹122.2155 to ₹124.6845, rounded inward to 5 paise.
    expect(blockBand(12_345n, 100, 5n)).toEqual({ lowerPaise: 12_225n, upperPaise: 12_465n });
  });
});
