import { afterAll, describe, expect, it } from 'vitest';
import { createInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';
import {
  connectKiteTicker,
  createApiApp,
  liftKiteRateLimits,
  listen,
  signedInClient,
} from './kite-fixtures.js';

const t = await startTestApp();
const { origin, root } = await listen(t);
await liftKiteRateLimits(t);

// The client keeps one socket in module globals: one ticker at a time in a process, so the
// heartbeat test has a file (a process) of its own (kite-ticker-heartbeat.test.ts).
const tickers: { disconnect(): void }[] = [];
afterAll(() => {
  for (const ticker of tickers) ticker.disconnect();
});

describe('the Kite ticker’s liveness (acceptance test 7)', () => {
  it('keeps an idle connection open with heartbeats for longer than the client’s 5-second read timeout', async () => {
    const investor = await createInvestor(t);
    const app = await createApiApp(t, investor);
    const { session } = await signedInClient(origin, root, app, investor);
    const { ticker } = await connectKiteTicker(origin, app.apiKey, session.access_token);
    tickers.push(ticker);
    let disconnects = 0;
    ticker.on('disconnect', () => disconnects++);
    await new Promise((resolve) => setTimeout(resolve, 6_500));
    expect(disconnects).toBe(0);
    expect(ticker.connected()).toBe(true);
    ticker.disconnect();
  }, 30_000);
});
