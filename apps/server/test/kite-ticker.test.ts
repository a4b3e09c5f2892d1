import { request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { createInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';
import {
  connectKiteTicker,
  createApiApp,
  liftKiteRateLimits,
  listen,
  setPrice,
  signedInClient,
  until,
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
    const { ticker, ticks, orders } = await connectKiteTicker(origin, app.apiKey, session.access_token);
    tickers.push(ticker);

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
