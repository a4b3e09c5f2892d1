import { ALL_INSTRUMENTS, INDICES } from '@nivesh/market';
import type { LiveQuote } from '../../apps/server/src/market/market-bus.js';

/*
 * The bench's test feed: 50 NSE equities at 2 ticks a second each, and the three indices at 2 a
 * second. As the simulator does, a beat carries every symbol: a beat every 500 ms (BENCH_SLOTS=5
 * spreads the symbols over 5 beats of 100 ms instead, a feed whose symbols tick at different
 * instants). Each quote's `tickAtMs` is the publish instant: clients measure tick-to-client latency
 * against it.
 */

export const FEED_SYMBOLS: readonly string[] = ALL_INSTRUMENTS.filter(
  (instrument) => instrument.kind === 'equity',
)
  .slice(0, 50)
  .map((instrument) => instrument.symbol);
export const FEED_INDICES: readonly string[] = INDICES.map((index) => index.symbol);
export const SLOTS = Number(process.env.BENCH_SLOTS || 1);
export const BEAT_MS = 500 / SLOTS;
export const TICKS_PER_SECOND_PER_SYMBOL = 1000 / (BEAT_MS * SLOTS);

export function startFeed(publish: (quotes: LiveQuote[]) => void): () => void {
  const prices = new Map<string, bigint>();
  for (const symbol of [...FEED_SYMBOLS, ...FEED_INDICES]) prices.set(symbol, 100_000n);
  let beat = 0;
  const timer = setInterval(() => {
    const slot = beat % SLOTS;
    beat += 1;
    const atMs = Date.now();
    const symbols = FEED_SYMBOLS.filter((_, index) => index % SLOTS === slot);
    if (slot === 0) symbols.push(...FEED_INDICES);
    const quotes = symbols.map((symbol): LiveQuote => {
      const step = BigInt((beat % 7) - 3) * 5n;
      const price = (prices.get(symbol) ?? 100_000n) + step;
      prices.set(symbol, price);
      return {
        symbol,
        pricePaise: price,
        previousClosePaise: 100_000n,
        openPaise: 100_000n,
        highPaise: price > 100_000n ? price : 100_000n,
        lowPaise: price < 100_000n ? price : 100_000n,
        volume: BigInt(beat),
        turnoverPaise: BigInt(beat) * price,
        tickAtMs: atMs,
        simulated: true,
        source: 'simulated',
      };
    });
    publish(quotes);
  }, BEAT_MS);
  return () => clearInterval(timer);
}

/** The 5 symbols client `index` follows: spread evenly, deterministic. */
export function symbolsOfClient(index: number, count = 5): string[] {
  const result: string[] = [];
  for (let k = 0; k < count; k++) result.push(FEED_SYMBOLS[(index * 7 + k * 11) % FEED_SYMBOLS.length]!);
  return [...new Set(result)];
}
