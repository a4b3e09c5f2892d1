import type { PriceSource, Tick } from '@nivesh/market';
import { ListenerSet } from '../application/listener-set.js';
import type { QuoteRecord } from '../repositories/quote.repository.js';

/** The source of a live tick's quote: the simulator's, or a real feed's (ADR 0023). */
export function liveSource(simulated: boolean): PriceSource {
  return simulated ? 'simulated' : 'feed';
}

/** A symbol's quote after a batch of ticks: what the quote row now holds. */
export type LiveQuote = QuoteRecord;

/** One beat of the feed: every tick of it, and the quotes of the symbols that ticked. */
export interface TickBatch {
  ticks: readonly Tick[];
  quotes: readonly LiveQuote[];
}

export type TickBatchListener = (batch: TickBatch) => void;

/**
 * The in-process market event hook: the running market publishes each batch of ticks here, before
 * it is stored, and WebSocket streaming (and later a Redis fan-out) subscribes. A listener that
 * throws is reported and does not stop the others.
 */
export class MarketBus {
  private readonly listeners: ListenerSet<TickBatch>;
  // The last published quote of each symbol: batches are published before they are stored, so a
  // snapshot read from the database alone can be older than a tick a listener has already sent.
  private readonly latestBySymbol = new Map<string, LiveQuote>();

  constructor(onListenerError: (error: unknown) => void = () => {}) {
    this.listeners = new ListenerSet(onListenerError);
  }

  /** Calls `listener` for every batch from now on; the returned function unsubscribes. */
  onTicks(listener: TickBatchListener): () => void {
    return this.listeners.add(listener);
  }

  publish(batch: TickBatch): void {
    for (const quote of batch.quotes) this.latestBySymbol.set(quote.symbol, quote);
    this.listeners.call(batch);
  }

  /** The newer of a stored quote and the last one published for its symbol. */
  freshestOf(symbol: string, stored: LiveQuote | undefined): LiveQuote | undefined {
    const published = this.latestBySymbol.get(symbol);
    if (!stored) return published;
    return published && published.tickAtMs >= stored.tickAtMs ? published : stored;
  }

  get listenerCount(): number {
    return this.listeners.size;
  }
}
