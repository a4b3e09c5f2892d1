import type { Db } from '../db/database.js';
import type { TickBatch } from '../market/market-bus.js';
import { findStoredPrice, findStoredPrices } from '../repositories/quote.repository.js';

/** The feed's last price of a symbol: the one price every user trades at (DESIGN rule 1.2). */
export interface FeedPrice {
  symbol: string;
  pricePaise: bigint;
  previousClosePaise: bigint;
  /** When the tick that set this price happened, epoch ms: a fill records it. */
  tickAtMs: number;
  simulated: boolean;
}

/**
 * The newest feed price per symbol. Every process keeps the prices its market bus carries, in
 * memory, and falls back to the stored quotes (written by whichever process runs the feed) when it
 * has none or only older ones. A price is never made up: a symbol that never ticked has none.
 */
export class LivePrices {
  private readonly prices = new Map<string, FeedPrice>();

  constructor(private readonly db: Db) {}

  /** The market bus listener. */
  readonly onBatch = (batch: TickBatch): void => {
    for (const quote of batch.quotes) {
      this.remember({
        symbol: quote.symbol,
        pricePaise: quote.pricePaise,
        previousClosePaise: quote.previousClosePaise,
        tickAtMs: quote.tickAtMs,
        simulated: quote.simulated,
      });
    }
    for (const tick of batch.ticks) {
      const known = this.prices.get(tick.symbol);
      if (known && tick.atMs >= known.tickAtMs) {
        this.prices.set(tick.symbol, { ...known, pricePaise: tick.pricePaise, tickAtMs: tick.atMs });
      }
    }
  };

  /** The price in memory, without asking the database. */
  cached(symbol: string): FeedPrice | undefined {
    return this.prices.get(symbol);
  }

  /**
   * The newest price of a symbol: from memory when it is at least as new as `freshSinceMs`,
   * otherwise the newer of memory and the stored quote.
   */
  async current(symbol: string, freshSinceMs: number): Promise<FeedPrice | undefined> {
    const known = this.prices.get(symbol);
    if (known && known.tickAtMs >= freshSinceMs) return known;
    const stored = await findStoredPrice(this.db, symbol);
    if (!stored) return known;
    this.remember(stored);
    return this.prices.get(symbol);
  }

  /** The newest prices of several symbols (one query for those memory does not hold). */
  async currentMany(symbols: readonly string[]): Promise<Map<string, FeedPrice>> {
    const result = new Map<string, FeedPrice>();
    const missing: string[] = [];
    for (const symbol of new Set(symbols)) {
      const known = this.prices.get(symbol);
      if (known) result.set(symbol, known);
      else missing.push(symbol);
    }
    if (missing.length > 0) {
      for (const stored of await findStoredPrices(this.db, missing)) result.set(stored.symbol, stored);
    }
    return result;
  }

  /** Takes a price read elsewhere (a stored quote); true when it is newer than what was known. */
  accept(price: FeedPrice): boolean {
    const known = this.prices.get(price.symbol);
    if (known && price.tickAtMs <= known.tickAtMs) return false;
    this.prices.set(price.symbol, price);
    return true;
  }

  private remember(price: FeedPrice): void {
    const known = this.prices.get(price.symbol);
    if (!known || price.tickAtMs >= known.tickAtMs) this.prices.set(price.symbol, price);
  }
}
