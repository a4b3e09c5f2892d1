import { KiteConnect } from 'kiteconnect';
import { describe, expect, it } from 'vitest';
import { createInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';
import {
  connectKiteTicker,
  KITE_CLIENT_TIMEOUT_MS,
  liftKiteRateLimits,
  listen,
  requestTokenFor,
  setPrice,
  until,
} from './kite-fixtures.js';
import { balancesOf, settle } from './trading-helpers.js';

/*
 * A paper API app (docs/adr/0026-paper-trading.md): a small strategy written with the official
 * `kiteconnect` client runs against the investor's paper account first — session, quote, a limit
 * order, a market order, positions and margins — every answer marked paper, the real account never
 * touched.
 */

const t = await startTestApp();
const { origin, root } = await listen(t);
await liftKiteRateLimits(t);
const REAL_CASH = 5_00_000_00n; // ₹5,00,000
const PAPER_CASH = 1_00_00_000_00n; // ₹1,00,00,000

describe('a strategy against a paper app', () => {
  it('trades the paper account through the official client, each answer marked paper', async () => {
    const investor = await createInvestor(t, { cashPaise: REAL_CASH });
    const created = await t.call(
      'apiApps/create',
      { name: 'Paper strategy', redirectUrl: 'https://algo.example/callback', book: 'paper' },
      investor.headers,
    );
    expect(created.body.status, JSON.stringify(created.body)).toBe(1);
    expect(created.body.data.app.book).toBe('paper');
    const app = {
      id: created.body.data.app.id,
      apiKey: created.body.data.app.apiKey,
      apiSecret: created.body.data.apiSecret,
    };
    const paper = await t.db
      .selectFrom('paper_accounts')
      .select('paper_user_id')
      .where('user_id', '=', investor.id)
      .executeTakeFirstOrThrow();

    // The strategy, as a Kite user writes it.
    await setPrice(t, 'RELIANCE', 143_010n);
    const kc = new KiteConnect({ api_key: app.apiKey, root, timeout: KITE_CLIENT_TIMEOUT_MS });
    const session = await kc.generateSession(await requestTokenFor(origin, app, investor), app.apiSecret);
    kc.setAccessToken(session.access_token);
    const margins = (await kc.getMargins('equity')) as { net: number };
    expect(margins.net).toBe(1_00_00_000);
    const quote = await kc.getQuote(['NSE:RELIANCE']);
    const ltp = quote['NSE:RELIANCE']!.last_price;
    expect(ltp).toBe(1430.1);
    const limit = await kc.placeOrder('regular', {
      exchange: 'NSE',
      tradingsymbol: 'RELIANCE',
      transaction_type: 'BUY',
      quantity: 10,
      product: 'CNC',
      order_type: 'LIMIT',
      price: 1400,
    });
    expect((await kc.getOrderHistory(limit.order_id))[0]!.status).toBe('OPEN');
    await kc.cancelOrder('regular', limit.order_id);
    const market = await kc.placeOrder('regular', {
      exchange: 'NSE',
      tradingsymbol: 'RELIANCE',
      transaction_type: 'BUY',
      quantity: 5,
      product: 'CNC',
      order_type: 'MARKET',
    });
    expect(market.order_id).toMatch(/^[0-9]+$/);
    await settle(t);
    const positions = await kc.getPositions();
    expect(positions.net).toEqual([
      expect.objectContaining({
        tradingsymbol: 'RELIANCE',
        product: 'CNC',
        quantity: 5,
        average_price: 1430.1,
      }),
    ]);

    // The orders are the paper account's; the real account did not move.
    const owners = await t.db
      .selectFrom('positions')
      .select('user_id')
      .where('id', 'in', [BigInt(limit.order_id), BigInt(market.order_id)])
      .execute();
    expect(owners.map((row) => row.user_id)).toEqual([paper.paper_user_id, paper.paper_user_id]);
    const paperBalances = await balancesOf(t, paper.paper_user_id);
    expect(paperBalances.cash).toBeLessThan(PAPER_CASH - 5n * 143_010n);
    expect(await balancesOf(t, investor.id)).toMatchObject({ cash: REAL_CASH, margin: 0n, order_hold: 0n });

    // Every answer says paper: the header and the envelope's `book` beside Kite's `data`.
    const raw = await fetch(`${root}/portfolio/positions`, {
      headers: { authorization: `token ${app.apiKey}:${session.access_token}`, 'x-kite-version': '3' },
    });
    expect(raw.headers.get('nivesh-book')).toBe('paper');
    expect(await raw.json()).toMatchObject({ status: 'success', book: 'paper' });
    // A real app of the same investor sees the real account.
    const real = await t.call(
      'apiApps/create',
      { name: 'Real strategy', redirectUrl: 'https://algo.example/callback' },
      investor.headers,
    );
    const realApp = {
      id: real.body.data.app.id,
      apiKey: real.body.data.app.apiKey,
      apiSecret: real.body.data.apiSecret,
    };
    expect(real.body.data.app.book).toBe('real');
    const realKc = new KiteConnect({ api_key: realApp.apiKey, root, timeout: KITE_CLIENT_TIMEOUT_MS });
    const realSession = await realKc.generateSession(
      await requestTokenFor(origin, realApp, investor),
      realApp.apiSecret,
    );
    realKc.setAccessToken(realSession.access_token);
    expect(((await realKc.getMargins('equity')) as { net: number }).net).toBe(5_00_000);
    expect((await realKc.getPositions()).net).toEqual([]);
    const realRaw = await fetch(`${root}/portfolio/positions`, {
      headers: {
        authorization: `token ${realApp.apiKey}:${realSession.access_token}`,
        'x-kite-version': '3',
      },
    });
    expect(realRaw.headers.get('nivesh-book')).toBeNull();
    expect(await realRaw.json()).not.toHaveProperty('book');
  });

  it("keeps a paper app's ticker on the investor's paper account after a reset", async () => {
    const investor = await createInvestor(t, { cashPaise: REAL_CASH });
    const created = await t.call(
      'apiApps/create',
      { name: 'Paper ticker', redirectUrl: 'https://algo.example/callback', book: 'paper' },
      investor.headers,
    );
    const app = {
      id: created.body.data.app.id,
      apiKey: created.body.data.app.apiKey,
      apiSecret: created.body.data.apiSecret,
    };
    await setPrice(t, 'RELIANCE', 143_010n);
    const kc = new KiteConnect({ api_key: app.apiKey, root, timeout: KITE_CLIENT_TIMEOUT_MS });
    const session = await kc.generateSession(await requestTokenFor(origin, app, investor), app.apiSecret);
    kc.setAccessToken(session.access_token);
    const { ticker, orders } = await connectKiteTicker(origin, app.apiKey, session.access_token);
    try {
      const buy = () =>
        kc.placeOrder('regular', {
          exchange: 'NSE',
          tradingsymbol: 'RELIANCE',
          transaction_type: 'BUY',
          quantity: 1,
          product: 'CNC',
          order_type: 'MARKET',
        });
      const before = await buy();
      await until(() => orders.some((order) => order.order_id === before.order_id), 'the first order update');

      const reset = await t.call('paper/reset', {}, investor.headers);
      expect(reset.body.status, JSON.stringify(reset.body)).toBe(1);
      // The order goes to the fresh paper account (each Kite call resolves it), and so does the ticker.
      const after = await buy();
      await until(
        () => orders.some((order) => order.order_id === after.order_id),
        'the order update after the reset',
      );
      expect(orders.find((order) => order.order_id === after.order_id)).toMatchObject({
        status: 'COMPLETE',
        tradingsymbol: 'RELIANCE',
      });
    } finally {
      ticker.disconnect();
    }
  });
});
