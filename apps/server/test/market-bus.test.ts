import { describe, expect, it } from 'vitest';
import { type LiveQuote, MarketBus } from '../src/market/market-bus.js';

const quoteOf = (symbol: string, pricePaise: bigint, tickAtMs: number): LiveQuote => ({
  symbol,
  pricePaise,
  previousClosePaise: pricePaise,
  openPaise: pricePaise,
  highPaise: pricePaise,
  lowPaise: pricePaise,
  volume: 0n,
  turnoverPaise: 0n,
  tickAtMs,
  simulated: true,
  source: 'simulated',
});

describe('the market bus', () => {
  it('answers a snapshot with the newer of the stored quote and the last published one', () => {
    const bus = new MarketBus();
    expect(bus.freshestOf('RELIANCE', undefined)).toBeUndefined();
    const stored = quoteOf('RELIANCE', 143_010n, 1_000);
    expect(bus.freshestOf('RELIANCE', stored)).toBe(stored);

    // Published before it is stored: the database still holds the older row.
    const published = quoteOf('RELIANCE', 143_500n, 2_000);
    bus.publish({ ticks: [], quotes: [published] });
    expect(bus.freshestOf('RELIANCE', stored)).toBe(published);
    expect(bus.freshestOf('RELIANCE', undefined)).toBe(published);

    // A stored row newer than anything this process saw published (another process's feed) wins.
    const newer = quoteOf('RELIANCE', 144_000n, 3_000);
    expect(bus.freshestOf('RELIANCE', newer)).toBe(newer);
    expect(bus.freshestOf('TCS', undefined)).toBeUndefined();
  });
});
