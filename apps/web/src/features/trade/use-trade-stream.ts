import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isPaperBook } from '../../api/paper-book';
import { marketStream, RESYNC_EVENT, type UserEvent } from '../../stream/market-stream';
import { useLiveTicks, useStreamStatus } from '../../stream/use-market-stream';
import { useRefreshTrading } from './api';
import { EVENT_KEYS, isOfShownBook, notifyTradeOnce, type TradeEvent } from './trade-notice';

// The trade screens' live data, from the app's one WebSocket (stream/market-stream.ts): last prices
// of the symbols on screen, and the investor's own trading events (fills, stop-outs, square-offs).

export interface LivePrice {
  price: string;
  time: number;
}

/**
 * Follows `symbols` and answers their latest prices. Each trading event of the signed-in investor is
 * told once (a toast) and re-reads the positions and account; so does the stream (re)joining the
 * investor's channel, since events may have been missed while it was away. `connected` is false while
 * the stream is not live (prices may be stale).
 */
export function useTradeStream(symbols: readonly string[]) {
  const { t } = useTranslation();
  const ticks = useLiveTicks(symbols);
  const status = useStreamStatus();
  const refresh = useRefreshTrading();
  const handle = useRef<(event: UserEvent) => void>(() => {});
  handle.current = (event) => {
    if (event.type === 'trade') {
      const trade = event as unknown as TradeEvent;
      if (!isOfShownBook(trade, isPaperBook())) return;
      const { event: kind, position } = trade;
      // The part sold of a partial sell closes as a position of its own (splitFrom): say how many lots.
      const key = kind === 'closed' && position.splitFrom ? 'trade.event.partSold' : EVENT_KEYS[kind];
      if (kind !== 'placed')
        notifyTradeOnce(
          position.id,
          position.status,
          t(key, { symbol: position.symbol, quantity: position.quantity }),
        );
      refresh();
    } else if (event.type === RESYNC_EVENT) {
      refresh();
    }
  };

  useEffect(() => marketStream().onUserEvent((event) => handle.current(event)), []);

  const prices = useMemo(() => {
    const latest: Record<string, LivePrice> = {};
    for (const [symbol, tick] of Object.entries(ticks))
      latest[symbol] = { price: tick.price, time: tick.time };
    return latest;
  }, [ticks]);

  return { prices, connected: status === 'live' };
}
