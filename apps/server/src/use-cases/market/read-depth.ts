import { type BodyOf, type DataOf, DEPTH_LEVELS, type depth } from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { readQuotes } from '../../repositories/quote.repository.js';
import { findInstrumentOrRefuse, normalizeSymbol } from './find-instrument.js';

/** Quantities change every 5 seconds of quote time, not on every request. */
export const DEPTH_BUCKET_MS = 5_000;

/**
 * `market/depth`: the simulator has no order book, so this is a labelled illustration: bids one
 * tick apart below the last price and asks one tick apart above it, with quantities drawn from a
 * hash of the symbol, the 5-second bucket of the quote time, the side and the level. The same
 * quote always gives the same depth. Without a quote both sides are empty.
 */
export async function readDepth(deps: AppDeps, input: BodyOf<typeof depth>): Promise<DataOf<typeof depth>> {
  const symbol = normalizeSymbol(input.symbol);
  const instrument = await findInstrumentOrRefuse(deps, symbol);
  const quote = (await readQuotes(deps.db, [symbol])).get(symbol);
  if (!quote) return { symbol, bids: [], asks: [], simulated: true };
  const levels = illustrativeDepth({
    symbol,
    pricePaise: quote.pricePaise,
    tickPaise: instrument.tick_paise,
    lotSize: instrument.lot_size,
    tickAtMs: quote.tickAtMs,
  });
  const view = (entries: DepthEntry[]) =>
    entries.map((entry) => ({ price: formatPaise(entry.pricePaise), quantity: entry.quantity }));
  return { symbol, bids: view(levels.bids), asks: view(levels.asks), simulated: true, time: quote.tickAtMs };
}

export interface DepthEntry {
  pricePaise: bigint;
  quantity: number;
}

/**
 * The illustrated depth of a quote (see readDepth): bids one tick apart below the price and asks
 * above it, quantities from a hash of the symbol, the 5-second bucket, the side and the level. The
 * Kite ticker's full packets carry the same levels as market/depth.
 */
export function illustrativeDepth(input: {
  symbol: string;
  pricePaise: bigint;
  tickPaise: bigint;
  lotSize: number;
  tickAtMs: number;
}): { bids: DepthEntry[]; asks: DepthEntry[] } {
  const bucket = Math.floor(input.tickAtMs / DEPTH_BUCKET_MS);
  const level = (side: 'bid' | 'ask', index: number): DepthEntry => {
    const offset = input.tickPaise * BigInt(index + 1);
    const pricePaise = side === 'bid' ? input.pricePaise - offset : input.pricePaise + offset;
    const lots = 1 + (hashText(`${input.symbol}:${bucket}:${side}:${index}`) % 500);
    return { pricePaise, quantity: lots * input.lotSize };
  };
  const levels = (side: 'bid' | 'ask') =>
    Array.from({ length: DEPTH_LEVELS }, (_, index) => level(side, index)).filter(
      (entry) => entry.pricePaise > 0n,
    );
  return { bids: levels('bid'), asks: levels('ask') };
}

/** FNV-1a, 32 bits: a stable pseudo-random number from a text. */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
