import { useEffect, useRef, useState } from 'react';
import { readAccount, readToken } from '../../lib/session';
import type { Position } from './api';

// The trade screens' WebSocket (docs/api.md "Streaming"): last prices of the symbols on screen, and
// the investor's own events (fills, stop-outs, square-offs) after `auth`. Reconnects with a backoff.

export interface TradeEvent {
  type: 'trade';
  event: 'placed' | 'filled' | 'cancelled' | 'closed' | 'stopped_out' | 'squared_off' | 'expired';
  position: Position;
}

export interface LivePrice {
  price: string;
  time: number;
}

const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 15_000;

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/api/vue/ws`;
}

/**
 * Follows `symbols` and answers their latest prices; calls `onTradeEvent` for each trading event of
 * the signed-in investor. `connected` is false while the socket is down (prices may be stale).
 */
export function useTradeStream(symbols: readonly string[], onTradeEvent?: (event: TradeEvent) => void) {
  const [prices, setPrices] = useState<Record<string, LivePrice>>({});
  const [connected, setConnected] = useState(false);
  const socketRef = useRef<WebSocket | null>(null);
  const followed = useRef<Set<string>>(new Set());
  const handler = useRef(onTradeEvent);
  handler.current = onTradeEvent;
  const symbolKey = [...new Set(symbols.map((symbol) => symbol.toUpperCase()))].sort().join(',');

  useEffect(() => {
    if (typeof WebSocket === 'undefined') return;
    let closed = false;
    let retryMs = RECONNECT_MIN_MS;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;

    const connect = () => {
      const socket = new WebSocket(socketUrl());
      socketRef.current = socket;
      socket.onopen = () => {
        retryMs = RECONNECT_MIN_MS;
        setConnected(true);
        const token = readToken();
        const account = readAccount();
        if (token && account) socket.send(JSON.stringify({ op: 'auth', token, account }));
        const wanted = [...followed.current];
        if (wanted.length > 0) socket.send(JSON.stringify({ op: 'subscribe', symbols: wanted, mode: 'ltp' }));
      };
      socket.onmessage = (message) => {
        let frame: { type?: string; data?: unknown };
        try {
          frame = JSON.parse(String(message.data)) as { type?: string; data?: unknown };
        } catch {
          return;
        }
        if (frame.type === 'ticks' && Array.isArray(frame.data) && frame.data.length > 0) {
          const ticks = frame.data as { symbol: string; price: string; time: number }[];
          setPrices((current) => {
            const next = { ...current };
            for (const tick of ticks) {
              const known = next[tick.symbol];
              if (!known || known.time <= tick.time)
                next[tick.symbol] = { price: tick.price, time: tick.time };
            }
            return next;
          });
        } else if (frame.type === 'event') {
          const data = frame.data as { type?: string } | undefined;
          if (data?.type === 'trade') handler.current?.(data as TradeEvent);
        }
      };
      socket.onclose = () => {
        setConnected(false);
        if (socketRef.current === socket) socketRef.current = null;
        if (closed) return;
        retryTimer = setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
      };
      socket.onerror = () => socket.close();
    };
    connect();
    return () => {
      closed = true;
      clearTimeout(retryTimer);
      socketRef.current?.close();
      socketRef.current = null;
    };
  }, []);

  useEffect(() => {
    const wanted = new Set(symbolKey ? symbolKey.split(',') : []);
    const added = [...wanted].filter((symbol) => !followed.current.has(symbol));
    const removed = [...followed.current].filter((symbol) => !wanted.has(symbol));
    followed.current = wanted;
    const socket = socketRef.current;
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    if (added.length > 0) socket.send(JSON.stringify({ op: 'subscribe', symbols: added, mode: 'ltp' }));
    if (removed.length > 0) socket.send(JSON.stringify({ op: 'unsubscribe', symbols: removed }));
  }, [symbolKey]);

  return { prices, connected };
}
