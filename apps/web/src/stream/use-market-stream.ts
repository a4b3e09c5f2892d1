import { startTransition, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { marketStream, type StreamMode, type StreamStatus, type Tick } from './market-stream';

/** Screens redraw live prices at most this often (the server sends one batch per market beat). */
export const RENDER_EVERY_MS = 1_000;

/** Whether prices on screen are live: connecting, live, or stale (disconnected or silent). */
export function useStreamStatus(): StreamStatus {
  return useSyncExternalStore(
    (onChange) => marketStream().onStatus(onChange),
    () => marketStream().status,
    () => 'connecting' as const,
  );
}

/**
 * The latest tick of each followed symbol, by symbol (upper case). Follows the symbols while the
 * component is mounted; a new list of symbols starts fresh.
 */
export function useLiveTicks(symbols: readonly string[], mode: StreamMode = 'ltp'): Record<string, Tick> {
  const key = [...new Set(symbols.map((symbol) => symbol.toUpperCase()))].sort().join(',');
  const [ticks, setTicks] = useState<Record<string, Tick>>({});
  const pending = useRef<Tick[]>([]);

  useEffect(() => {
    setTicks({});
    pending.current = [];
    if (!key) return;
    const wanted = new Set(key.split(','));
    const stream = marketStream();
    let flushTimer: ReturnType<typeof setTimeout> | undefined;
    // A long list re-renders at most once per RENDER_EVERY_MS, however often ticks arrive.
    const flush = () => {
      flushTimer = undefined;
      const batch = pending.current;
      pending.current = [];
      if (batch.length === 0) return;
      // A transition: React draws the new prices in small slices between other work, so a long
      // list's redraw never holds the main thread (no long task on a slow phone).
      startTransition(() =>
        setTicks((current) => {
          const next = { ...current };
          for (const tick of batch) {
            const symbol = tick.symbol.toUpperCase();
            next[symbol] = { ...next[symbol], ...tick };
          }
          return next;
        }),
      );
    };
    const stopListening = stream.onTicks((batch) => {
      const relevant = batch.filter((tick) => wanted.has(tick.symbol.toUpperCase()));
      if (relevant.length === 0) return;
      pending.current.push(...relevant);
      flushTimer ??= setTimeout(flush, RENDER_EVERY_MS);
    });
    const unfollow = stream.follow([...wanted], mode);
    return () => {
      if (flushTimer !== undefined) clearTimeout(flushTimer);
      unfollow();
      stopListening();
    };
  }, [key, mode]);

  return ticks;
}

/** The latest level of each index (NIFTY50, SENSEX, NIFTYBANK), sent to every connection. */
export function useLiveIndices(): Record<string, Tick> {
  const [ticks, setTicks] = useState<Record<string, Tick>>({});
  useEffect(
    () =>
      marketStream().onIndices((batch) =>
        startTransition(() =>
          setTicks((current) => {
            const next = { ...current };
            for (const tick of batch) next[tick.symbol.toUpperCase()] = tick;
            return next;
          }),
        ),
      ),
    [],
  );
  return ticks;
}
