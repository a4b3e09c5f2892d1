import type { Tick } from '../feed/tick.js';
import { CANDLE_PERIODS, type Candle, type CandleAlignment, type CandlePeriod } from './candle.js';
import { bucketStartMs } from './candle-buckets.js';

export interface CandleUpdate {
  period: CandlePeriod;
  /** The current candle of the period after the tick, as a copy the caller may keep. */
  candle: Candle;
  /** The finished candle of the previous bucket, when this tick opened a new bucket. */
  closed?: Candle;
}

export interface CandleAggregatorOptions {
  /** Periods to build; all seven by default. */
  periods?: readonly CandlePeriod[];
  /**
   * Bucket alignment per symbol: `nse-session` (the default) for NSE instruments, `clock` for
   * instruments that trade around the clock.
   */
  alignmentFor?: (symbol: string) => CandleAlignment;
}

/**
 * Builds the current candle of every period for every symbol from a stream of ticks.
 *
 * A tick older than a period's current bucket is late: it cannot reopen a finished candle, so that
 * period ignores it (the others still take it if it falls in their current bucket). Example: ticks
 * at 09:15:01 for 2,450.00 and at 09:15:30 for 2,451.05 make the 1m candle open 245000n, high
 * 245105n, low 245000n, close 245105n.
 */
export class CandleAggregator {
  readonly periods: readonly CandlePeriod[];
  private readonly alignmentFor: (symbol: string) => CandleAlignment;
  private readonly candlesBySymbol = new Map<string, Map<CandlePeriod, Candle>>();

  constructor(options: CandleAggregatorOptions = {}) {
    this.periods = options.periods ?? CANDLE_PERIODS;
    this.alignmentFor = options.alignmentFor ?? (() => 'nse-session');
  }

  addTick(tick: Tick): CandleUpdate[] {
    if (tick.pricePaise <= 0n) throw new RangeError(`tick price must be positive: ${tick.symbol}`);
    if (!Number.isSafeInteger(tick.volume) || tick.volume < 0) {
      throw new RangeError(`tick volume must be a whole number of shares: ${tick.symbol}`);
    }
    const candles = this.candlesOf(tick.symbol);
    const alignment = this.alignmentFor(tick.symbol);
    const updates: CandleUpdate[] = [];
    for (const period of this.periods) {
      const startMs = bucketStartMs(period, tick.atMs, alignment);
      const current = candles.get(period);
      if (current && startMs < current.startMs) continue;
      if (current && startMs === current.startMs) {
        addTickToCandle(current, tick);
        updates.push({ period, candle: { ...current } });
        continue;
      }
      const opened = openCandle(tick, period, startMs);
      candles.set(period, opened);
      updates.push(
        current ? { period, candle: { ...opened }, closed: current } : { period, candle: { ...opened } },
      );
    }
    return updates;
  }

  /**
   * Resumes a candle, e.g. today's daily candle read back from storage after a restart, so that
   * later ticks extend it instead of opening a new one. An older candle than the current one is
   * ignored.
   */
  restore(candle: Candle): void {
    const candles = this.candlesOf(candle.symbol);
    const current = candles.get(candle.period);
    if (current && current.startMs > candle.startMs) return;
    candles.set(candle.period, { ...candle });
  }

  current(symbol: string, period: CandlePeriod): Candle | undefined {
    const candle = this.candlesBySymbol.get(symbol)?.get(period);
    return candle ? { ...candle } : undefined;
  }

  private candlesOf(symbol: string): Map<CandlePeriod, Candle> {
    let candles = this.candlesBySymbol.get(symbol);
    if (!candles) {
      candles = new Map();
      this.candlesBySymbol.set(symbol, candles);
    }
    return candles;
  }
}

function openCandle(tick: Tick, period: CandlePeriod, startMs: number): Candle {
  return {
    symbol: tick.symbol,
    period,
    startMs,
    openPaise: tick.pricePaise,
    highPaise: tick.pricePaise,
    lowPaise: tick.pricePaise,
    closePaise: tick.pricePaise,
    volume: tick.volume,
  };
}

function addTickToCandle(candle: Candle, tick: Tick): void {
  if (tick.pricePaise > candle.highPaise) candle.highPaise = tick.pricePaise;
  if (tick.pricePaise < candle.lowPaise) candle.lowPaise = tick.pricePaise;
  candle.closePaise = tick.pricePaise;
  candle.volume += tick.volume;
}
