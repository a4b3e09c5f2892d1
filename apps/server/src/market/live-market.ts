import { istDate } from '@nivesh/core';
import {
  type Candle,
  CandleAggregator,
  type CandleAlignment,
  type CandlePeriod,
  type Tick,
} from '@nivesh/market';
import type { Db } from '../db/database.js';
import { upsertCandles } from '../repositories/candle.repository.js';
import { upsertQuotes } from '../repositories/quote.repository.js';
import { type LiveQuote, liveSource, type MarketBus } from './market-bus.js';

export interface LiveMarketOptions {
  db: Db;
  bus: MarketBus;
  /** Every quote stored at start, by symbol; a symbol without one starts at its first tick. */
  quotes: ReadonlyMap<string, LiveQuote>;
  /** The newest stored candle of each symbol and period, so that ticks extend them. */
  currentCandles: readonly Candle[];
  alignmentFor: (symbol: string) => CandleAlignment;
  onWriteError: (error: unknown) => void;
}

interface QuoteState extends LiveQuote {
  /** IST date of the last tick (YYYY-MM-DD): a tick on a later date opens a new session. */
  dateIst: string;
}

/**
 * Turns ticks into stored state: each symbol's quote and the current candle of every period.
 *
 * Ticks arrive one by one from the feed; the ticks of one beat form a batch (they are delivered
 * synchronously, so a microtask after the first ends the batch). Each batch is published on the bus
 * at once and then written with one quote UPSERT and one candle UPSERT in one transaction. Writes
 * never overlap: while one is in flight, later batches accumulate, and since quotes and candles
 * are states rather than deltas, the next write takes only the newest state of each row.
 */
export class LiveMarket {
  private readonly db: Db;
  private readonly bus: MarketBus;
  private readonly aggregator: CandleAggregator;
  private readonly onWriteError: (error: unknown) => void;
  private readonly quotes = new Map<string, QuoteState>();
  private batch: Tick[] = [];
  private batchQuotes = new Map<string, QuoteState>();
  private batchScheduled = false;
  private dirtyQuotes = new Map<string, LiveQuote>();
  private dirtyCandles = new Map<string, Candle>();
  private writing: Promise<void> | undefined;

  constructor(options: LiveMarketOptions) {
    this.db = options.db;
    this.bus = options.bus;
    this.onWriteError = options.onWriteError;
    this.aggregator = new CandleAggregator({ alignmentFor: options.alignmentFor });
    for (const candle of options.currentCandles) this.aggregator.restore(candle);
    for (const quote of options.quotes.values()) {
      this.quotes.set(quote.symbol, { ...quote, dateIst: istDate(quote.tickAtMs) });
    }
  }

  /** The feed's tick listener. */
  readonly onTick = (tick: Tick): void => {
    const quote = this.applyToQuote(tick);
    for (const update of this.aggregator.addTick(tick)) {
      if (update.closed) this.dirtyCandles.set(candleKey(update.closed), update.closed);
      this.dirtyCandles.set(candleKey(update.candle), update.candle);
    }
    this.batch.push(tick);
    this.batchQuotes.set(tick.symbol, quote);
    if (!this.batchScheduled) {
      this.batchScheduled = true;
      queueMicrotask(this.endBatch);
    }
  };

  /**
   * Takes a stored quote for a symbol this market has not seen (a new share's first quote on its
   * listing day), so its first tick measures the day from that quote's previous close.
   */
  adoptQuote(quote: LiveQuote): void {
    if (this.quotes.has(quote.symbol)) return;
    this.quotes.set(quote.symbol, { ...quote, dateIst: istDate(quote.tickAtMs) });
  }

  /** The live quote of a symbol, or undefined before its first quote. */
  quote(symbol: string): LiveQuote | undefined {
    const state = this.quotes.get(symbol);
    return state ? toLiveQuote(state) : undefined;
  }

  /**
   * Resolves when every tick received so far is stored, or its write has failed (and been
   * reported): it waits for the write in flight and makes one more attempt at what is left.
   */
  async flush(): Promise<void> {
    while (this.batchScheduled) await Promise.resolve();
    while (this.writing) await this.writing;
    this.startWrite();
    while (this.writing) await this.writing;
  }

  /** The previous close each instrument's band is measured from today, for the simulator. */
  previousClosesAt(nowMs: number): Map<string, bigint> {
    const today = istDate(nowMs);
    return new Map(
      [...this.quotes.values()].map((quote) => [
        quote.symbol,
        quote.dateIst < today ? quote.pricePaise : quote.previousClosePaise,
      ]),
    );
  }

  lastPrices(): Map<string, bigint> {
    return new Map([...this.quotes.values()].map((quote) => [quote.symbol, quote.pricePaise]));
  }

  private applyToQuote(tick: Tick): QuoteState {
    const dateIst = istDate(tick.atMs);
    const price = tick.pricePaise;
    const volume = BigInt(tick.volume);
    let state = this.quotes.get(tick.symbol);
    if (!state || dateIst !== state.dateIst) {
      // A new session: the last price becomes the previous close.
      state = {
        symbol: tick.symbol,
        pricePaise: price,
        previousClosePaise: state?.pricePaise ?? price,
        openPaise: price,
        highPaise: price,
        lowPaise: price,
        volume: 0n,
        turnoverPaise: 0n,
        tickAtMs: tick.atMs,
        simulated: tick.simulated,
        source: liveSource(tick.simulated),
        dateIst,
      };
      this.quotes.set(tick.symbol, state);
    }
    state.pricePaise = price;
    if (price > state.highPaise) state.highPaise = price;
    if (price < state.lowPaise) state.lowPaise = price;
    state.volume += volume;
    state.turnoverPaise += price * volume;
    state.tickAtMs = tick.atMs;
    state.simulated = tick.simulated;
    state.source = liveSource(tick.simulated);
    return state;
  }

  private readonly endBatch = (): void => {
    this.batchScheduled = false;
    const ticks = this.batch;
    const quotes = [...this.batchQuotes.values()].map(toLiveQuote);
    this.batch = [];
    this.batchQuotes = new Map();
    for (const quote of quotes) this.dirtyQuotes.set(quote.symbol, quote);
    this.bus.publish({ ticks, quotes });
    if (!this.writing) this.startWrite();
  };

  private startWrite(): void {
    const quotes = [...this.dirtyQuotes.values()];
    const candles = [...this.dirtyCandles.values()];
    if (quotes.length === 0 && candles.length === 0) return;
    this.dirtyQuotes = new Map();
    this.dirtyCandles = new Map();
    this.writing = this.write(quotes, candles).then((stored) => {
      this.writing = undefined;
      // Batches that arrived during the write go out now, together. After a failure the next
      // batch tries again, so a database that is down is not hammered in a loop.
      if (stored) this.startWrite();
    });
  }

  private async write(quotes: LiveQuote[], candles: Candle[]): Promise<boolean> {
    try {
      await this.db.transaction().execute(async (trx) => {
        await upsertQuotes(trx, quotes);
        await upsertCandles(trx, candles);
      });
      return true;
    } catch (error) {
      // Keep what failed for the next write, unless a newer state has replaced it meanwhile.
      for (const quote of quotes)
        if (!this.dirtyQuotes.has(quote.symbol)) this.dirtyQuotes.set(quote.symbol, quote);
      for (const candle of candles) {
        const key = candleKey(candle);
        if (!this.dirtyCandles.has(key)) this.dirtyCandles.set(key, candle);
      }
      this.onWriteError(error);
      return false;
    }
  }
}

function candleKey(candle: { symbol: string; period: CandlePeriod; startMs: number }): string {
  return `${candle.symbol}|${candle.period}|${candle.startMs}`;
}

/** The quote a state holds, without its session date: a copy, so later ticks do not change it. */
function toLiveQuote({ dateIst: _sessionDate, ...quote }: QuoteState): LiveQuote {
  return quote;
}
