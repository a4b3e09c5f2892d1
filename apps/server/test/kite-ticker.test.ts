import { request } from 'node:http';
import { KiteTicker } from 'kiteconnect';
import { afterAll, describe, expect, it } from 'vitest';
import { createInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';
import { createApiApp, liftKiteRateLimits, listen, setPrice, signedInClient } from './kite-fixtures.js';

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

// Up to 20 s: under a whole suite on two cores a tick can take seconds to reach the socket.
const until = async (check: () => boolean, what: string) => {
  for (let attempt = 0; attempt < 800; attempt++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`waited for ${what}`);
};

describe('the Kite ticker at /kite/ws (acceptance test 7)', () => {
  it('refuses bad credentials at the upgrade with 403', async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const upgrade = request(`${origin}/kite/ws?api_key=nosuch&access_token=nosuch`, {
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        },
      });
      upgrade.on('response', (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      upgrade.on('upgrade', () => reject(new Error('upgraded with bad credentials')));
      upgrade.on('error', reject);
      upgrade.end();
    });
    expect(status).toBe(403);
    expect(JSON.parse(body)).toMatchObject({ error_type: 'TokenException' });
  });

  it('sends quote (44), full (184, 5+5 depth) and ltp (8) packets, index packets untradable, and order updates', async () => {
    const investor = await createInvestor(t, { cashPaise: 10_00_000_00n });
    const app = await createApiApp(t, investor);
    const { kc, session } = await signedInClient(origin, root, app, investor);
    const instruments = await kc.getInstruments('NSE');
    const reliance = Number(instruments.find((row) => row.tradingsymbol === 'RELIANCE')!.instrument_token);
    const nifty = Number(instruments.find((row) => row.tradingsymbol === 'NIFTY50')!.instrument_token);
    await setPrice(t, 'RELIANCE', 143_010n, 143_120n);
    await setPrice(t, 'NIFTY50', 2_400_000n, 2_390_000n);
    const { ticker, ticks, orders } = await connectTicker(app.apiKey, session.access_token);

    ticker.subscribe([reliance, nifty]);
    await until(() => ticks.some((tick) => tick.instrument_token === reliance), 'a RELIANCE tick');
    const quote = ticks.find((tick) => tick.instrument_token === reliance);
    expect(quote).toMatchObject({
      tradable: true,
      mode: 'quote',
      last_price: 1430.1,
      ohlc: { close: 1431.2 },
    });
    expect(quote.change).toBeCloseTo(((1430.1 - 1431.2) * 100) / 1431.2, 6);
    const index = ticks.find((tick) => tick.instrument_token === nifty);
    expect(index).toMatchObject({ tradable: false, mode: 'quote', last_price: 24000 });

    ticks.length = 0;
    ticker.setMode('full', [reliance, nifty]);
    await until(
      () => ticks.some((tick) => tick.mode === 'full' && tick.instrument_token === reliance),
      'a full tick',
    );
    const full = ticks.find((tick) => tick.mode === 'full' && tick.instrument_token === reliance);
    expect(full.depth.buy).toHaveLength(5);
    expect(full.depth.sell).toHaveLength(5);
    expect(full.depth.buy[0].price).toBeLessThan(1430.1);
    expect(full.exchange_timestamp).toBeInstanceOf(Date);
    const fullIndex = ticks.find((tick) => tick.mode === 'full' && tick.instrument_token === nifty);
    expect(fullIndex.tradable).toBe(false);

    ticks.length = 0;
    ticker.setMode('ltp', [reliance]);
    await setPrice(t, 'RELIANCE', 143_500n, 143_120n);
    await until(() => ticks.some((tick) => tick.mode === 'ltp' && tick.last_price === 1435), 'an ltp tick');

    // An order placed through the API reaches the ticker as an order update.
    await kc.placeOrder('regular', {
      exchange: 'NSE',
      tradingsymbol: 'RELIANCE',
      transaction_type: 'BUY',
      quantity: 1,
      product: 'CNC',
      order_type: 'MARKET',
    });
    await until(() => orders.length > 0, 'an order update');
    expect(orders[0]).toMatchObject({
      tradingsymbol: 'RELIANCE',
      status: 'COMPLETE',
      transaction_type: 'BUY',
    });
  });
});
