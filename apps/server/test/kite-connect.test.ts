import { readFile } from 'node:fs/promises';
import { KiteConnect } from 'kiteconnect';
import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { isAcceptableRedirectUrl } from '../src/use-cases/api-apps/redirect-url.js';
import { importBhavcopy } from '../src/use-cases/market/import-bhavcopy.js';
import { createInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';
import {
  createApiApp,
  KITE_CLIENT_TIMEOUT_MS,
  liftKiteRateLimits,
  listen,
  postLoginForm,
  rejectionOf,
  requestTokenFor,
  setPrice,
  sha256,
  signedInClient,
} from './kite-fixtures.js';
import { balancesOf, settle } from './trading-helpers.js';

const t = await startTestApp();
const { origin, root } = await listen(t);
await liftKiteRateLimits(t);

const RELIANCE_PAISE = 143_010n;
const rich = () => createInvestor(t, { cashPaise: 50_00_000_00n });

describe('API apps in the security centre', () => {
  it('shows the secret once, keeps only its hash, audits every act and tells the investor', async () => {
    const investor = await rich();
    const app = await createApiApp(t, investor);
    expect(app.apiKey).toMatch(/^[a-z0-9]{16}$/);
    expect(app.apiSecret).toMatch(/^[0-9a-f]{32}$/);
    const row = await t.db
      .selectFrom('api_apps')
      .selectAll()
      .where('api_key', '=', app.apiKey)
      .executeTakeFirstOrThrow();
    expect(Object.values(row).map(String)).not.toContain(app.apiSecret);
    expect(row.secret_hash).toBe(sha256(app.apiSecret));

    const listed = await t.call('apiApps/list', {}, investor.headers);
    expect(listed.body.data.items).toHaveLength(1);
    expect(JSON.stringify(listed.body.data)).not.toContain(app.apiSecret);

    const rotated = await t.call('apiApps/rotateSecret', { id: app.id }, investor.headers);
    expect(rotated.body.data.apiSecret).not.toBe(app.apiSecret);
    expect((await t.call('apiApps/delete', { id: app.id }, investor.headers)).body.status).toBe(1);
    expect((await t.call('apiApps/list', {}, investor.headers)).body.data.items).toEqual([]);
    expect((await t.call('apiApps/delete', { id: app.id }, investor.headers)).body.code).toBe(
      'API_APP_NOT_FOUND',
    );

    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', app.id)
      .where('target_type', '=', 'api_app')
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual([
      'user.api_app.created',
      'user.api_app.secret_rotated',
      'user.api_app.deleted',
    ]);
    const messages = await t.db
      .selectFrom('messages')
      .select('kind')
      .where('user_id', '=', investor.id)
      .where('kind', 'like', 'API_APP_%')
      .orderBy('id')
      .execute();
    expect(messages.map((message) => message.kind)).toEqual([
      'API_APP_CREATED',
      'API_APP_SECRET_ROTATED',
      'API_APP_DELETED',
    ]);
  });

  it('refuses a redirect URL a request token must not travel to', async () => {
    const investor = await rich();
    for (const redirectUrl of ['http://algo.example/cb', 'javascript:alert(1)//x', 'https://a.example/#x']) {
      const refused = await t.call('apiApps/create', { name: 'x', redirectUrl }, investor.headers);
      expect(refused.body.code).toBe('REDIRECT_URL_INVALID');
    }
    expect(isAcceptableRedirectUrl('https://algo.example/cb?x=1')).toBe(true);
    expect(isAcceptableRedirectUrl('http://127.0.0.1:5000/cb')).toBe(true);
    expect(isAcceptableRedirectUrl('https://user:pw@algo.example/')).toBe(false);
    expect(
      await t.db.selectFrom('api_apps').select('id').where('user_id', '=', investor.id).execute(),
    ).toEqual([]);
  });
});

describe('the Kite login page', () => {
  it('is the sign-in of the app in three languages, and an unknown key names no app', async () => {
    const investor = await rich();
    const app = await createApiApp(t, investor);
    const pages = await Promise.all(
      ['en', 'hi', 'zh'].map(async (lang) =>
        (await fetch(`${origin}/kite/connect/login?api_key=${app.apiKey}&v=3&lang=${lang}`)).text(),
      ),
    );
    expect(pages[0]).toContain('Sign in to Nivesh');
    expect(pages[1]).toContain('साइन इन करें');
    expect(pages[2]).toContain('登录');
    for (const page of pages) expect(page).toContain('My strategy');
    const unknown = await fetch(`${origin}/kite/connect/login?api_key=nosuchkey&v=3`);
    expect(unknown.status).toBe(400);
  });

  it('answers a wrong password on the page, in the page language, and hands out no token', async () => {
    const investor = await rich();
    const app = await createApiApp(t, investor);
    const wrong = await postLoginForm(
      origin,
      app.apiKey,
      { account: investor.phone, password: 'Wrong123' },
      'hi',
    );
    expect(wrong.status).toBe(200);
    expect(wrong.location).toBeNull();
    expect(wrong.html).toContain('role="alert"');
    expect(
      await t.db.selectFrom('kite_request_tokens').select('id').where('user_id', '=', investor.id).execute(),
    ).toEqual([]);
  });

  it('asks an investor with a second factor for the code before redirecting with a request token', async () => {
    const investor = await rich();
    const started = await t.call('user/twoFactorEnroll', {}, investor.headers);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(started.body.data.secret) });
    await t.call(
      'user/twoFactorConfirm',
      { code: totp.generate({ timestamp: t.clock.now() }) },
      investor.headers,
    );
    t.clock.advance(30_000);
    const app = await createApiApp(t, investor, 'http://127.0.0.1:5000/cb?state=abc');
    const first = await postLoginForm(origin, app.apiKey, {
      account: investor.phone,
      password: investor.password,
    });
    expect(first.status).toBe(200);
    const challenge = /name="challenge_token" value="([^"]+)"/.exec(first.html)?.[1];
    expect(challenge).toBeTruthy();
    const wrong = await postLoginForm(origin, app.apiKey, { challenge_token: challenge!, code: '000000' });
    expect(wrong.html).toContain('challenge_token');
    const verified = await postLoginForm(origin, app.apiKey, {
      challenge_token: challenge!,
      code: totp.generate({ timestamp: t.clock.now() }),
    });
    expect(verified.status).toBe(302);
    const redirect = new URL(verified.location!);
    expect(redirect.origin + redirect.pathname).toBe('http://127.0.0.1:5000/cb');
    expect(redirect.searchParams.get('state')).toBe('abc');
    expect(redirect.searchParams.get('action')).toBe('login');
    expect(redirect.searchParams.get('status')).toBe('success');
    const kc = new KiteConnect({ api_key: app.apiKey, root, timeout: KITE_CLIENT_TIMEOUT_MS });
    const session = await kc.generateSession(redirect.searchParams.get('request_token')!, app.apiSecret);
    expect(session.user_id).toBe(`NV${investor.id}`);
  });
});

describe('the session (reference section 1, acceptance test 1)', () => {
  it('refuses a wrong checksum with TokenException, then opens a session whose calls carry the header', async () => {
    const investor = await rich();
    const app = await createApiApp(t, investor);
    const requestToken = await requestTokenFor(origin, app, investor);
    const kc = new KiteConnect({ api_key: app.apiKey, root, timeout: KITE_CLIENT_TIMEOUT_MS });
    const wrong = await rejectionOf(kc.generateSession(requestToken, 'not-the-secret'));
    expect(wrong).toMatchObject({ status: 'error', error_type: 'TokenException' });
    // The raw status of the same refusal: 403.
    const raw = await fetch(`${root}/session/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ api_key: app.apiKey, request_token: requestToken, checksum: sha256('x') }),
    });
    expect(raw.status).toBe(403);

    const session = await kc.generateSession(requestToken, app.apiSecret);
    expect(session).toMatchObject({ user_id: `NV${investor.id}`, api_key: app.apiKey, broker: 'NIVESH' });
    expect(session.login_time).toBeInstanceOf(Date);
    expect(session.access_token).toBeTruthy();
    const profile = await kc.getProfile();
    expect(profile.products).toEqual(['CNC', 'MIS', 'MTF']);
  });

  it('refuses a reused and a stale request token (403 TokenException)', async () => {
    const investor = await rich();
    const app = await createApiApp(t, investor);
    const kc = new KiteConnect({ api_key: app.apiKey, root, timeout: KITE_CLIENT_TIMEOUT_MS });
    const requestToken = await requestTokenFor(origin, app, investor);
    await kc.generateSession(requestToken, app.apiSecret);
    expect(await rejectionOf(kc.generateSession(requestToken, app.apiSecret))).toMatchObject({
      error_type: 'TokenException',
      message: 'Token is invalid or has expired.',
    });
    const stale = await requestTokenFor(origin, app, investor);
    t.clock.advance(5 * 60_000 + 1);
    expect(await rejectionOf(kc.generateSession(stale, app.apiSecret))).toMatchObject({
      error_type: 'TokenException',
    });
  });

  it('ends an access token at logout, renews with a refresh token once, and lapses at 06:00 IST', async () => {
    const investor = await rich();
    const app = await createApiApp(t, investor);
    const { kc, session } = await signedInClient(origin, root, app, investor);
    const renewed = await kc.renewAccessToken(session.refresh_token, app.apiSecret);
    expect(renewed.access_token).not.toBe(session.access_token);
    // The renewal ended the old access token, and the refresh token is spent.
    const old = new KiteConnect({
      api_key: app.apiKey,
      root,
      access_token: session.access_token,
      timeout: KITE_CLIENT_TIMEOUT_MS,
    });
    expect(await rejectionOf(old.getProfile())).toMatchObject({ error_type: 'TokenException' });
    expect(await rejectionOf(kc.renewAccessToken(session.refresh_token, app.apiSecret))).toMatchObject({
      error_type: 'TokenException',
    });
    await kc.getProfile();
    expect(await kc.invalidateAccessToken()).toBe(true);
    expect(await rejectionOf(kc.getProfile())).toMatchObject({ error_type: 'TokenException' });

    const next = await signedInClient(origin, root, app, investor);
    await next.kc.getProfile();
    const signedInAtMs = t.clock.now();
    t.clock.advance(24 * 3_600_000);
    try {
      expect(await rejectionOf(next.kc.getProfile())).toMatchObject({ error_type: 'TokenException' });
    } finally {
      // Back to the trading day the other tests trade in (the next day is an NSE holiday).
      t.clock.set(signedInAtMs);
    }
  });

  it('ends the sessions of an app whose secret is rotated', async () => {
    const investor = await rich();
    const app = await createApiApp(t, investor);
    const { kc } = await signedInClient(origin, root, app, investor);
    await t.call('apiApps/rotateSecret', { id: app.id }, investor.headers);
    expect(await rejectionOf(kc.getProfile())).toMatchObject({ error_type: 'TokenException' });
    // The old secret no longer proves anything.
    const requestToken = await requestTokenFor(origin, app, investor);
    expect(await rejectionOf(kc.generateSession(requestToken, app.apiSecret))).toMatchObject({
      error_type: 'TokenException',
    });
  });
});

describe('market data (acceptance tests 2 to 4)', () => {
  it('answers the instruments as text/csv, which the client parses into rows with numeric fields', async () => {
    const investor = await rich();
    const { kc } = await signedInClient(origin, root, await createApiApp(t, investor), investor);
    const rows = await kc.getInstruments('NSE');
    expect(Array.isArray(rows)).toBe(true);
    const reliance = rows.find((row) => row.tradingsymbol === 'RELIANCE')!;
    expect(reliance).toMatchObject({ exchange: 'NSE', segment: 'NSE', instrument_type: 'EQ', lot_size: 1 });
    expect(typeof reliance.tick_size).toBe('number');
    expect(Number(reliance.instrument_token) & 0xff).toBe(1);
    const nifty = rows.find((row) => row.tradingsymbol === 'NIFTY50')!;
    expect(Number(nifty.instrument_token) & 0xff).toBe(9);
    expect(nifty.segment).toBe('INDICES');
    // Tokens are stable: a second dump names the same.
    const again = await kc.getInstruments('NSE');
    expect(again.find((row) => row.tradingsymbol === 'RELIANCE')!.instrument_token).toBe(
      reliance.instrument_token,
    );
    const raw = await fetch(`${root}/instruments/NSE`, {
      headers: {
        authorization: `token ${(kc as unknown as { api_key: string }).api_key}:${(kc as unknown as { access_token: string }).access_token}`,
      },
    });
    expect(raw.headers.get('content-type')).toBe('text/csv');
  });

  it('answers quote, OHLC and LTP keyed by the request, with timestamps as Dates', async () => {
    const investor = await rich();
    const { kc } = await signedInClient(origin, root, await createApiApp(t, investor), investor);
    await setPrice(t, 'RELIANCE', RELIANCE_PAISE, 143_120n);
    const quote = await kc.getQuote(['NSE:RELIANCE']);
    const reliance = quote['NSE:RELIANCE']!;
    expect(reliance.timestamp).toBeInstanceOf(Date);
    expect(reliance.last_price).toBe(1430.1);
    expect(reliance.ohlc.close).toBe(1431.2);
    expect(reliance.depth.buy).toHaveLength(5);
    expect(await kc.getLTP(['NSE:RELIANCE'])).toEqual({
      'NSE:RELIANCE': { instrument_token: reliance.instrument_token, last_price: 1430.1 },
    });
    const ohlc = await kc.getOHLC(['NSE:RELIANCE', 'NSE:NOSUCH']);
    expect(Object.keys(ohlc)).toEqual(['NSE:RELIANCE']);
    const byToken = await kc.getLTP([String(reliance.instrument_token)]);
    expect(byToken[String(reliance.instrument_token)]!.last_price).toBe(1430.1);
  });

  it('answers the daily candles of an imported bhavcopy as historical data', async () => {
    const investor = await rich();
    const { kc } = await signedInClient(origin, root, await createApiApp(t, investor), investor);
    const closes: number[] = [];
    for (const day of ['20250618', '20250619', '20250620']) {
      const bytes = await readFile(`/work/shared/data/bhavcopy/BhavCopy_NSE_CM_0_0_0_${day}_F_0000.csv.zip`);
      const report = await importBhavcopy(t.db, new Uint8Array(bytes));
      expect(report.imported, JSON.stringify(report.errors?.slice(0, 2))).toBe(true);
    }
    const stored = await t.db
      .selectFrom('candles')
      .select(['bucket_start_ms', 'close_paise'])
      .where('symbol', '=', 'RELIANCE')
      .where('period', '=', '1d')
      .where('bucket_start_ms', '>=', BigInt(Date.UTC(2025, 5, 17)))
      .where('bucket_start_ms', '<', BigInt(Date.UTC(2025, 6, 4)))
      .orderBy('bucket_start_ms')
      .execute();
    for (const row of stored) closes.push(Number(row.close_paise) / 100);
    expect(closes[0]).toBe(1430.1);
    const rows = (await kc.getInstruments('NSE')).filter((row) => row.tradingsymbol === 'RELIANCE');
    const candles = await kc.getHistoricalData(
      Number(rows[0]!.instrument_token),
      'day',
      '2025-06-18 00:00:00',
      '2025-07-03 23:59:59',
    );
    expect(candles.map((candle) => candle.close)).toEqual(closes);
    expect(candles[0]!.date).toBeInstanceOf(Date);
    expect(candles[0]!.date.toISOString()).toBe('2025-06-17T18:30:00.000Z');
    expect(
      await rejectionOf(
        kc.getHistoricalData(Number(rows[0]!.instrument_token), '3minute', '2025-06-18', '2025-06-19'),
      ),
    ).toMatchObject({
      error_type: 'InputException',
    });
  });
});

describe('orders (acceptance test 5) and bad input', () => {
  it('places a limit order, reads its history with Dates, cancels it; an unknown symbol is an InputException', async () => {
    const investor = await rich();
    const { kc } = await signedInClient(origin, root, await createApiApp(t, investor), investor);
    await setPrice(t, 'RELIANCE', RELIANCE_PAISE);
    const placed = await kc.placeOrder('regular', {
      exchange: 'NSE',
      tradingsymbol: 'RELIANCE',
      transaction_type: 'BUY',
      quantity: 10,
      product: 'CNC',
      order_type: 'LIMIT',
      price: 1400,
    });
    expect(placed.order_id).toMatch(/^[0-9]+$/);
    const history = await kc.getOrderHistory(placed.order_id);
    expect(history[0]!.status).toBe('OPEN');
    expect(history[0]!.order_timestamp).toBeInstanceOf(Date);
    expect(await kc.cancelOrder('regular', placed.order_id)).toEqual({ order_id: placed.order_id });
    const after = await kc.getOrderHistory(placed.order_id);
    expect(after.at(-1)!.status).toBe('CANCELLED');
    const unknown = await rejectionOf(
      kc.placeOrder('regular', {
        exchange: 'NSE',
        tradingsymbol: 'NOSUCHSYMBOL',
        transaction_type: 'BUY',
        quantity: 1,
        product: 'CNC',
        order_type: 'MARKET',
      }),
    );
    expect(unknown).toMatchObject({ status: 'error', error_type: 'InputException' });
  });

  it('refuses an off-tick price, an unsupported variety or validity, and a fractional quantity (InputException)', async () => {
    const investor = await rich();
    const { kc } = await signedInClient(origin, root, await createApiApp(t, investor), investor);
    await setPrice(t, 'RELIANCE', RELIANCE_PAISE);
    const order = {
      exchange: 'NSE' as const,
      tradingsymbol: 'RELIANCE',
      transaction_type: 'BUY' as const,
      quantity: 1,
      product: 'CNC' as const,
      order_type: 'LIMIT' as const,
      price: 1400,
    };
    const before = await balancesOf(t, investor.id);
    const refusals = await Promise.all([
      rejectionOf(kc.placeOrder('regular', { ...order, price: 1400.03 })),
      rejectionOf(kc.placeOrder('co', order)),
      rejectionOf(kc.placeOrder('iceberg', order)),
      rejectionOf(kc.placeOrder('regular', { ...order, validity: 'IOC' })),
      rejectionOf(kc.placeOrder('regular', { ...order, quantity: 2.5 })),
      rejectionOf(kc.placeOrder('regular', { ...order, product: 'NRML' })),
    ]);
    for (const refusal of refusals)
      expect(refusal).toMatchObject({ status: 'error', error_type: 'InputException' });
    expect(refusals[1]!.message).toContain('co');
    expect(await balancesOf(t, investor.id)).toEqual(before);
    expect(
      await t.db.selectFrom('positions').select('id').where('user_id', '=', investor.id).execute(),
    ).toEqual([]);
  });

  it('refuses an order the cash cannot pay with MarginException, writing nothing', async () => {
    const investor = await createInvestor(t, { cashPaise: 1_000_00n });
    const { kc } = await signedInClient(origin, root, await createApiApp(t, investor), investor);
    await setPrice(t, 'RELIANCE', RELIANCE_PAISE);
    const refusal = await rejectionOf(
      kc.placeOrder('regular', {
        exchange: 'NSE',
        tradingsymbol: 'RELIANCE',
        transaction_type: 'BUY',
        quantity: 100,
        product: 'CNC',
        order_type: 'MARKET',
      }),
    );
    expect(refusal, JSON.stringify(refusal)).toMatchObject({
      status: 'error',
      error_type: 'MarginException',
    });
    expect(
      await t.db.selectFrom('positions').select('id').where('user_id', '=', investor.id).execute(),
    ).toEqual([]);
  });

  it('answers a request beyond the rate limit with 429', async () => {
    const investor = await rich();
    const app = await createApiApp(t, investor);
    const { kc, session } = await signedInClient(origin, root, app, investor);
    await setPrice(t, 'RELIANCE', RELIANCE_PAISE);
    await liftKiteRateLimits(t, 1);
    try {
      await kc.getLTP(['NSE:RELIANCE']);
      const raw = await fetch(`${root}/quote/ltp?i=NSE:RELIANCE`, {
        headers: { authorization: `token ${app.apiKey}:${session.access_token}`, 'x-kite-version': '3' },
      });
      expect(raw.status).toBe(429);
      expect(await raw.json()).toMatchObject({ status: 'error', error_type: 'NetworkException' });
    } finally {
      await liftKiteRateLimits(t);
    }
  });

  it('answers a 200 carrying error_type as a rejection in the client (the envelope never does on success)', async () => {
    const investor = await rich();
    const { kc, session } = await signedInClient(origin, root, await createApiApp(t, investor), investor);
    const profile = await fetch(`${root}/user/profile`, {
      headers: {
        authorization: `token ${(kc as unknown as { api_key: string }).api_key}:${session.access_token}`,
      },
    });
    const body = (await profile.json()) as { status: string };
    expect(profile.headers.get('content-type')).toContain('application/json');
    expect(body.status).toBe('success');
    expect(JSON.stringify(body)).not.toContain('error_type');
    const missing = await fetch(`${root}/no/such/route`);
    expect(missing.status).toBe(404);
  });
});

describe('a strategy as a Kite user writes it', () => {
  it('signs in, reads instruments and a quote, places, modifies and cancels a limit order, buys at market, reads positions, holdings, margins and charges', async () => {
    const investor = await rich();
    const app = await createApiApp(t, investor);
    await setPrice(t, 'RELIANCE', RELIANCE_PAISE);
    await setPrice(t, 'INFY', 150_000n);

    // The strategy's own code, as it would run against Kite with `root` pointed here.
    const kc = new KiteConnect({ api_key: app.apiKey, root, timeout: KITE_CLIENT_TIMEOUT_MS });
    const session = await kc.generateSession(await requestTokenFor(origin, app, investor), app.apiSecret);
    kc.setAccessToken(session.access_token);
    const instruments = await kc.getInstruments('NSE');
    const reliance = instruments.find((row) => row.tradingsymbol === 'RELIANCE')!;
    const ltp = (await kc.getQuote([`NSE:${reliance.tradingsymbol}`]))['NSE:RELIANCE']!.last_price;
    const margins = (await kc.getMargins('equity')) as { net: number };
    expect(margins.net).toBe(50_00_000);

    const entry = Math.floor(ltp * 0.98 * 20) / 20;
    const { order_id: limitId } = await kc.placeOrder('regular', {
      exchange: 'NSE',
      tradingsymbol: 'RELIANCE',
      transaction_type: 'BUY',
      quantity: 10,
      product: 'CNC',
      order_type: 'LIMIT',
      price: entry,
    });
    const heldBefore = (await balancesOf(t, investor.id)).order_hold!;
    await kc.modifyOrder('regular', limitId, { price: entry - 10, quantity: 20 });
    const modified = (await kc.getOrders()).find((order) => order.order_id === limitId)!;
    expect(modified).toMatchObject({ status: 'OPEN', quantity: 20, price: entry - 10 });
    expect((await balancesOf(t, investor.id)).order_hold).toBeGreaterThan(heldBefore);
    const history = await kc.getOrderHistory(limitId);
    expect(history.map((state) => state.status)).toEqual(['OPEN', 'MODIFIED']);
    await kc.cancelOrder('regular', limitId);
    expect((await balancesOf(t, investor.id)).order_hold).toBe(0n);
    expect(await rejectionOf(kc.modifyOrder('regular', limitId, { price: entry }))).toMatchObject({
      error_type: 'OrderException',
    });

    const { order_id: marketId } = await kc.placeOrder('regular', {
      exchange: 'NSE',
      tradingsymbol: 'INFY',
      transaction_type: 'BUY',
      quantity: 5,
      product: 'CNC',
      order_type: 'MARKET',
    });
    const trades = await kc.getTrades();
    expect(trades).toEqual([
      expect.objectContaining({
        order_id: marketId,
        tradingsymbol: 'INFY',
        quantity: 5,
        average_price: 1500,
      }),
    ]);
    expect(trades[0]!.fill_timestamp).toBeInstanceOf(Date);
    expect(await rejectionOf(kc.cancelOrder('regular', marketId))).toMatchObject({
      error_type: 'OrderException',
    });

    await setPrice(t, 'INFY', 151_000n, 150_000n);
    const positions = await kc.getPositions();
    expect(positions.net).toEqual([
      expect.objectContaining({
        tradingsymbol: 'INFY',
        product: 'CNC',
        quantity: 5,
        average_price: 1500,
        pnl: 50,
      }),
    ]);
    expect(positions.day).toHaveLength(1);

    // Selling part of it is a sale of holdings, oldest first; the order names the part sold.
    const { order_id: sellId } = await kc.placeOrder('regular', {
      exchange: 'NSE',
      tradingsymbol: 'INFY',
      transaction_type: 'SELL',
      quantity: 2,
      product: 'CNC',
      order_type: 'MARKET',
    });
    const sold = (await kc.getOrders()).find((order) => order.order_id === sellId)!;
    expect(sold).toMatchObject({
      transaction_type: 'SELL',
      status: 'COMPLETE',
      quantity: 2,
      average_price: 1510,
    });
    const afterSale = await kc.getPositions();
    expect(afterSale.net[0]).toMatchObject({ quantity: 3, buy_quantity: 5, sell_quantity: 2 });

    const holdings = await kc.getHoldings();
    expect(holdings).toEqual([
      expect.objectContaining({ tradingsymbol: 'INFY', quantity: 3, isin: 'INE009A01021' }),
    ]);

    const orderMargins = await kc.orderMargins([
      {
        exchange: 'NSE',
        tradingsymbol: 'RELIANCE',
        transaction_type: 'BUY',
        variety: 'regular',
        product: 'CNC',
        order_type: 'LIMIT',
        quantity: 100,
        price: 1430.1,
        trigger_price: 0,
      },
    ]);
    expect(orderMargins[0]).toMatchObject({ tradingsymbol: 'RELIANCE', total: 143010 });
    const basket = await kc.orderBasketMargins([
      {
        exchange: 'NSE',
        tradingsymbol: 'RELIANCE',
        transaction_type: 'BUY',
        variety: 'regular',
        product: 'CNC',
        order_type: 'LIMIT',
        quantity: 1,
        price: 1430.1,
        trigger_price: 0,
      },
      {
        exchange: 'NSE',
        tradingsymbol: 'INFY',
        transaction_type: 'BUY',
        variety: 'regular',
        product: 'CNC',
        order_type: 'LIMIT',
        quantity: 1,
        price: 1500,
        trigger_price: 0,
      },
    ]);
    expect(basket.orders).toHaveLength(2);
    expect(basket.initial.total).toBe(2930.1);
    // The virtual contract note is the charges engine's (trade/estimate) for the same order.
    const note = await kc.getvirtualContractNote([
      {
        order_id: '1',
        exchange: 'NSE',
        tradingsymbol: 'RELIANCE',
        transaction_type: 'BUY',
        variety: 'regular',
        product: 'CNC',
        order_type: 'MARKET',
        quantity: 100,
        average_price: 1430.1,
      },
    ]);
    const estimate = await t.call(
      'trade/estimate',
      {
        symbol: 'RELIANCE',
        side: 'long',
        quantity: 100,
        product: 'CNC',
        orderType: 'limit',
        price: '1430.10',
      },
      investor.headers,
    );
    expect(note[0]!.charges).toMatchObject({
      transaction_tax: Number(estimate.body.data.charges.stt),
      stamp_duty: Number(estimate.body.data.charges.stampDuty),
      total: Number(estimate.body.data.charges.total),
    });
    await settle(t);
  });
});

describe('order modification in the Nivesh API', () => {
  it('moves the hold in one entry, refuses a filled or cancelled order, and a raise the cash cannot pay', async () => {
    const investor = await createInvestor(t, { cashPaise: 20_000_00n });
    await setPrice(t, 'RELIANCE', RELIANCE_PAISE);
    const placed = await t.call(
      'trade/open',
      {
        symbol: 'RELIANCE',
        side: 'long',
        orderType: 'limit',
        quantity: 10,
        price: '1400.00',
        product: 'CNC',
      },
      investor.headers,
    );
    const id = placed.body.data.id as string;
    const heldBefore = BigInt(placed.body.data.held.replace('.', ''));
    const modified = await t.call('trade/modify', { id, price: '1390.00', quantity: 12 }, investor.headers);
    expect(modified.body.status, JSON.stringify(modified.body)).toBe(1);
    expect(modified.body.data).toMatchObject({ status: 'pending', quantity: 12, limitPrice: '1390.00' });
    const heldAfter = BigInt(modified.body.data.held.replace('.', ''));
    expect((await balancesOf(t, investor.id)).order_hold).toBe(heldAfter);
    const entries = await t.db
      .selectFrom('journal_entries')
      .select(['entry_key', 'kind'])
      .where('reference_id', '=', id)
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      expect.objectContaining({ entry_key: `order:${id}:hold` }),
      expect.objectContaining({ entry_key: `order:${id}:modify:1`, kind: 'trade_hold_adjust' }),
    ]);
    expect(heldAfter).toBeGreaterThan(heldBefore);

    expect(
      (await t.call('trade/modify', { id, price: '1390.00', quantity: 12 }, investor.headers)).body.code,
    ).toBe('ORDER_MODIFY_NOTHING');
    expect((await t.call('trade/modify', { id, price: '1390.03' }, investor.headers)).body.code).toBe(
      'PRICE_OFF_TICK',
    );
    const tooMuch = await t.call('trade/modify', { id, quantity: 10_000 }, investor.headers);
    expect(tooMuch.body.code).toBe('FUNDS_INSUFFICIENT');
    expect((await balancesOf(t, investor.id)).order_hold).toBe(heldAfter);

    await t.call('trade/cancel', { id }, investor.headers);
    expect((await t.call('trade/modify', { id, price: '1380.00' }, investor.headers)).body.code).toBe(
      'REPEATED_OPERATION',
    );
    const market = await t.call(
      'trade/open',
      { symbol: 'RELIANCE', side: 'long', orderType: 'market', quantity: 1, product: 'CNC' },
      investor.headers,
    );
    expect(
      (await t.call('trade/modify', { id: market.body.data.id, quantity: 2 }, investor.headers)).body.code,
    ).toBe('REPEATED_OPERATION');
  });

  it('fills a modified order at its new level on the engine’s next tick', async () => {
    const investor = await createInvestor(t, { cashPaise: 20_000_00n });
    await setPrice(t, 'RELIANCE', RELIANCE_PAISE);
    const placed = await t.call(
      'trade/open',
      { symbol: 'RELIANCE', side: 'long', orderType: 'limit', quantity: 1, price: '1400.00', product: 'CNC' },
      investor.headers,
    );
    await settle(t);
    await t.call('trade/modify', { id: placed.body.data.id, price: '1420.00' }, investor.headers);
    await setPrice(t, 'RELIANCE', 141_500n);
    await settle(t);
    const detail = await t.call('trade/positionDetail', { id: placed.body.data.id }, investor.headers);
    expect(detail.body.data).toMatchObject({ status: 'holding', confirmPrice: '1415.00' });
  });
});
