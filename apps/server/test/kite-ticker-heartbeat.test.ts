import { KiteTicker } from 'kiteconnect';
import { afterAll, describe, expect, it } from 'vitest';
import { createInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';
import { createApiApp, liftKiteRateLimits, listen, signedInClient } from './kite-fixtures.js';

const t = await startTestApp();
const { origin, root } = await listen(t);
await liftKiteRateLimits(t);

// biome-ignore lint/suspicious/noExplicitAny: the client's tick objects are loosely typed.
type Tick = any;

// The client keeps one socket in module globals: one ticker at a time in a process, so the
// heartbeat test has a file (a process) of its own (kite-ticker-heartbeat.test.ts).
const tickers: { disconnect(): void }[] = [];
afterAll(() => {
  for (const ticker of tickers) ticker.disconnect();
});

/** A connected official KiteTicker and the ticks and order updates it emits. */
async function connectTicker(apiKey: string, accessToken: string) {
  // max_retry 0 would exit the process after a failed connect; keep the client's default retries.
  // The client's types omit `root`, which its code honours (reference section 0).
  const ticker = new KiteTicker({
    api_key: apiKey,
    access_token: accessToken,
    root: `${origin.replace('http', 'ws')}/kite/ws`,
  } as ConstructorParameters<typeof KiteTicker>[0]);
  // The client keeps its reconnection state in module globals shared by every ticker, and exits the
  // process when one of several is told to stop; tests close their tickers without reconnecting.
  ticker.autoReconnect(false, 0, 5);
  tickers.push(ticker);
  const ticks: Tick[] = [];
  const orders: Tick[] = [];
  ticker.on('ticks', (batch: Tick[]) => ticks.push(...batch));
  ticker.on('order_update', (order: Tick) => orders.push(order));
  await new Promise<void>((resolve) => {
    ticker.on('connect', () => resolve());
    ticker.connect();
  });
  return { ticker, ticks, orders };
}

describe('the Kite ticker’s liveness (acceptance test 7)', () => {
  it('keeps an idle connection open with heartbeats for longer than the client’s 5-second read timeout', async () => {
    const investor = await createInvestor(t);
    const app = await createApiApp(t, investor);
    const { session } = await signedInClient(origin, root, app, investor);
    const { ticker } = await connectTicker(app.apiKey, session.access_token);
    let disconnects = 0;
    ticker.on('disconnect', () => disconnects++);
    await new Promise((resolve) => setTimeout(resolve, 6_500));
    expect(disconnects).toBe(0);
    expect(ticker.connected()).toBe(true);
    ticker.disconnect();
  }, 30_000);
});
