import { describe, expect, it } from 'vitest';
import { adjustCandles, type CorporateAction } from './adjust-candles.js';
import type { Candle } from './candle.js';
import { istMidnightMs } from './ist-time.js';

function day(dateIst: string, closePaise: bigint, volume = 1_000, symbol = 'VEDANTA'): Candle {
  return {
    symbol,
    period: '1d',
    startMs: istMidnightMs(dateIst),
    openPaise: closePaise + 500n,
    highPaise: closePaise + 1_005n,
    lowPaise: closePaise - 995n,
    closePaise,
    volume,
  };
}

const exDateMs = istMidnightMs('2025-03-03');
const beforeAndAfter = [
  day('2025-02-27', 250_000n),
  day('2025-02-28', 250_005n),
  day('2025-03-03', 50_100n, 4_000),
];

describe('price adjustment for corporate actions', () => {
  const split: CorporateAction = { symbol: 'VEDANTA', exDateMs, kind: 'split', ratioFrom: 1, ratioTo: 5 };

  it('scales prices before a 1:5 split down by 5 and volumes up by 5 (backward)', () => {
    const [first, second, exDay] = adjustCandles(beforeAndAfter, [split], 'backward');
    expect(first).toMatchObject({
      openPaise: 50_100n,
      highPaise: 50_201n,
      lowPaise: 49_801n,
      closePaise: 50_000n,
    });
    expect(first!.volume).toBe(5_000);
    // 2,500.05 / 5 = 500.01: exact here; 2,510.10 / 5 = 502.02.
    expect(second).toMatchObject({ closePaise: 50_001n, highPaise: 50_202n });
    expect(exDay).toEqual(beforeAndAfter[2]);
  });

  it('scales prices from a 1:5 split on up by 5 and volumes down by 5 (forward)', () => {
    const [first, , exDay] = adjustCandles(beforeAndAfter, [split], 'forward');
    expect(first).toEqual(beforeAndAfter[0]);
    expect(exDay).toMatchObject({ closePaise: 250_500n, volume: 800 });
  });

  it('halves earlier prices for a 1:1 bonus, rounding half a paisa up', () => {
    const bonus: CorporateAction = { symbol: 'VEDANTA', exDateMs, kind: 'bonus', ratioFrom: 1, ratioTo: 1 };
    const [first, second] = adjustCandles(beforeAndAfter, [bonus], 'backward');
    expect(first).toMatchObject({ closePaise: 125_000n, volume: 2_000 });
    // 2,500.05 / 2 = 1,250.025 → 1,250.03.
    expect(second!.closePaise).toBe(125_003n);
  });

  it('reads a bonus as new shares per shares held: 1 new for 2 held is two thirds', () => {
    const bonus: CorporateAction = { symbol: 'VEDANTA', exDateMs, kind: 'bonus', ratioFrom: 2, ratioTo: 1 };
    const [first] = adjustCandles(beforeAndAfter, [bonus], 'backward');
    // 2,500.00 × 2/3 = 1,666.666… → 1,666.67; volume 1,000 × 3/2.
    expect(first).toMatchObject({ closePaise: 166_667n, volume: 1_500 });
  });

  it('scales earlier prices by (close − dividend) / close for a dividend, volumes unchanged', () => {
    const candles = [day('2025-02-27', 99_000n), day('2025-02-28', 100_000n), day('2025-03-03', 98_500n)];
    const dividend: CorporateAction = {
      symbol: 'VEDANTA',
      exDateMs,
      kind: 'dividend',
      ratioFrom: 1,
      ratioTo: 1,
      dividendPaise: 2_000n,
    };
    // Close before the ex-date 1,000.00, dividend 20.00: earlier prices × 0.98.
    const [first, second, exDay] = adjustCandles(candles, [dividend], 'backward');
    expect(second).toMatchObject({ closePaise: 98_000n, openPaise: 98_490n, volume: 1_000 });
    expect(first).toMatchObject({ closePaise: 97_020n, highPaise: 98_005n, lowPaise: 96_045n });
    expect(exDay).toEqual(candles[2]);
    // Forward: 985.00 / 0.98 = 1,005.102… → 1,005.10; the earlier candles stay real.
    const forward = adjustCandles(candles, [dividend], 'forward');
    expect(forward[2]!.closePaise).toBe(100_510n);
    expect(forward.slice(0, 2)).toEqual(candles.slice(0, 2));
  });

  it('combines a split and a later dividend as one exact fraction, rounded once', () => {
    const later = istMidnightMs('2025-03-04');
    const candles = [...beforeAndAfter, day('2025-03-04', 50_300n)];
    const actions: CorporateAction[] = [
      {
        symbol: 'VEDANTA',
        exDateMs: later,
        kind: 'dividend',
        ratioFrom: 1,
        ratioTo: 1,
        dividendPaise: 1_002n,
      },
      split,
    ];
    // Close before the dividend 501.00, so its factor is 49,094/50,100 (= 0.98).
    const [first, second, exDay, last] = adjustCandles(candles, actions, 'backward');
    expect(first!.closePaise).toBe(49_000n); // 2,500.00 × 1/5 × 0.98
    expect(second!.closePaise).toBe(49_001n); // 2,500.05 × 0.196 = 490.0098 → 490.01
    expect(exDay!.closePaise).toBe(49_098n); // 501.00 × 0.98 = 490.98
    expect(last).toEqual(candles[3]);
  });

  it('leaves candles alone in mode none and candles of other symbols in every mode', () => {
    const other = day('2025-02-27', 10_000n, 10, 'TCS');
    expect(adjustCandles(beforeAndAfter, [split], 'none')).toEqual(beforeAndAfter);
    expect(adjustCandles([other], [split], 'backward')).toEqual([other]);
  });

  it('refuses a dividend as large as the price, and ratios that are not whole', () => {
    const tooLarge: CorporateAction = {
      symbol: 'VEDANTA',
      exDateMs,
      kind: 'dividend',
      ratioFrom: 1,
      ratioTo: 1,
      dividendPaise: 250_005n,
    };
    expect(() => adjustCandles(beforeAndAfter, [tooLarge], 'backward')).toThrow(RangeError);
    expect(() => adjustCandles(beforeAndAfter, [{ ...split, ratioTo: 2.5 }], 'backward')).toThrow(RangeError);
  });
});
