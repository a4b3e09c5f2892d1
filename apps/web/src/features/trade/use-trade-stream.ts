import { useEffect, useMemo, useRef } from 'react';
import { marketStream } from '../market/stream/market-stream';
import { useLiveTicks, useStreamStatus } from '../market/stream/use-market-stream';
import type { Position } from './api';

// The trade screens' live data, from the app's one WebSocket (features/market/stream): last prices
// of the symbols on screen, and the investor's own trading events (fills, stop-outs, square-offs).

export interface TradeEvent {
  type: 'trade';
  event: 'placed' | 'filled' | 'cancelled' | 'closed' | 'stopped_out' | 'squared_off' | 'expired';
  position: Position;
}

export interface LivePrice {
  price: string;
  time: number;
}

/**
 * Follows `symbols` and answers their latest prices; calls `onTradeEvent` for each trading event of
 * the signed-in investor. `connected` is false while the stream is not live (prices may be stale).
 */
export function useTradeStream(symbols: readonly string[], onTradeEvent?: (event: TradeEvent) => void) {
  const ticks = useLiveTicks(symbols);
  const status = useStreamStatus();
  const handler = useRef(onTradeEvent);
  handler.current = onTradeEvent;

  useEffect(
    () =>
      marketStream().onUserEvent((event) => {
        if (event.type === 'trade') handler.current?.(event as unknown as TradeEvent);
      }),
    [],
  );

  const prices = useMemo(() => {
    const latest: Record<string, LivePrice> = {};
    for (const [symbol, tick] of Object.entries(ticks))
      latest[symbol] = { price: tick.price, time: tick.time };
    return latest;
  }, [ticks]);

  return { prices, connected: status === 'live' };
}
