import { config as configCall, getUserinfo, kline, SuccessEnvelope, zhishu } from '@nivesh/contract';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/demo-seed.js';
import { startTestApp } from './harness.js';

const t = await startTestApp({}, (app) => {
  app.post('/api/vue/test/explode', async () => {
    throw new Error('secret internal detail');
  });
});
await seedDemo(t.db, t.config, t.clock.now());
const demo = await t.call('user/login', {
  account: t.config.demo.investorPhone,
  password: t.config.demo.investorPassword,
});
const demoHeaders = { token: demo.body.data.token as string, account: t.config.demo.investorPhone };

// A small market so the documented market calls have something to show.
const now = t.clock.now();
await t.db
  .insertInto('quotes')
  .values(
    [
      ['NIFTY50', 2_512_345n, 2_500_000n],
      ['SENSEX', 8_190_000n, 8_200_000n],
      ['NIFTYBANK', 5_500_000n, 5_500_000n],
    ].map(([symbol, price, previous]) => ({
      symbol: symbol as string,
      price_paise: price as bigint,
      previous_close_paise: previous as bigint,
      open_paise: previous as bigint,
      high_paise: price as bigint,
      low_paise: previous as bigint,
      tick_at_ms: BigInt(now),
      simulated: true,
    })),
  )
  .execute();
await t.db
  .insertInto('candles')
  .values(
    Array.from({ length: 150 }, (_, minute) => ({
      symbol: 'RELIANCE',
      period: '1m' as const,
      bucket_start_ms: BigInt(now - (150 - minute) * 60_000),
      open_paise: 140_000n,
      high_paise: 140_500n,
      low_paise: 139_500n,
      close_paise: 140_000n + BigInt(minute * 5),
      volume: 1000n,
    })),
  )
  .execute();

describe('the four documented calls keep the spec’s shapes', () => {
  it('common/config answers a list of {name, value} with kefu, logo and title', async () => {
    const reply = await t.call('common/config', { type: 'all' });
    expect(Value.Check(SuccessEnvelope(configCall.data), reply.body)).toBe(true);
    const names = (reply.body.data as Array<{ name: string }>).map((entry) => entry.name);
    expect(names).toEqual(expect.arrayContaining(['kefu', 'logo', 'title']));
  });

  it('user/getUserinfo answers the investor and the account centre as decimal strings', async () => {
    const reply = await t.call('user/getUserinfo', undefined, demoHeaders);
    expect(Value.Check(SuccessEnvelope(getUserinfo.data), reply.body)).toBe(true);
    expect(reply.body.data).toMatchObject({
      account: t.config.demo.investorPhone,
      realNameStatus: 'verified',
      balances: {
        currency: 'INR',
        available: '500000.00',
        totalAssets: '500000.00',
        frozen: '0.00',
        withdrawable: '500000.00',
      },
    });
  });

  it('parameter/zhishu answers the three indices with the gain rule of the spec', async () => {
    const reply = await t.call('parameter/zhishu', { type: 'inr' });
    expect(Value.Check(SuccessEnvelope(zhishu.data), reply.body)).toBe(true);
    const [nifty, sensex, bank] = reply.body.data;
    expect(nifty).toMatchObject({
      symbol: 'NIFTY50',
      exchange: 'NSE',
      price: '25123.45',
      close: '25123.45',
      prev_close: '25000.00',
      gainValue: '123.45',
      gain: 0.49,
      code: 'NIFTY50',
      details: { ko_name: nifty.name },
    });
    expect(sensex).toMatchObject({ symbol: 'SENSEX', gain: -0.12, gainValue: '-100.00' });
    expect(bank).toMatchObject({ symbol: 'NIFTYBANK', gain: 0, gainValue: '0.00' });
  });

  it('trade/kline answers the last 100 {time, close}, oldest first', async () => {
    const reply = await t.call('trade/kline', {
      symbol: 'RELIANCE',
      type: 'inr',
      exchange: 'NSE',
      kline_type: 1,
    });
    expect(Value.Check(SuccessEnvelope(kline.data), reply.body)).toBe(true);
    expect(reply.body.data).toHaveLength(100);
    expect(reply.body.data[99]).toEqual({ time: now - 60_000, close: 1407.45 });
    expect(reply.body.data[0].time).toBeLessThan(reply.body.data[1].time);
    const unknown = await t.call('trade/kline', { symbol: 'NOSUCH', kline_type: 1 });
    expect(unknown.body).toMatchObject({
      status: 0,
      code: 'INSTRUMENT_NOT_FOUND',
      params: { symbol: 'NOSUCH' },
    });
  });
});

describe('the envelope and the HTTP statuses', () => {
  it('answers an unknown route with 404 in the envelope', async () => {
    const reply = await t.call('nothing/here', {}, { lang: 'zh' });
    expect(reply.http).toBe(404);
    expect(reply.body).toMatchObject({
      status: 0,
      code: 'ROUTE_NOT_FOUND',
      msg: '不存在此接口：/api/vue/nothing/here',
    });
  });

  it('answers an oversized body with 413', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/vue/user/login',
      payload: { account: 'x'.repeat(1_100_000), password: 'x' },
    });
    expect(reply.statusCode).toBe(413);
    expect(reply.json()).toMatchObject({ status: 0, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers malformed JSON with 400', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/vue/user/login',
      payload: '{"account":',
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ status: 0, code: 'VALIDATION_FAILED' });
  });

  it('answers an internal error with 500 and an error id, never the cause', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/vue/test/explode',
      payload: {},
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toMatchObject({
      status: 0,
      code: 'SYSTEM_BUSY',
      params: { errorId: 'trace-12345678' },
    });
    expect(reply.body).not.toContain('secret internal detail');
    expect(reply.headers['x-request-id']).toBe('trace-12345678');
  });

  it('answers /api/health 503 "starting" with the step and percentage until the market runs', async () => {
    t.app.startup.begin('market history');
    t.app.startup.advance(39, 78);
    const starting = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(starting.statusCode).toBe(503);
    expect(starting.json()).toMatchObject({ status: 'starting', step: 'market history', percent: 50 });
    t.app.startup.finish();
    const ready = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok' });
  });

  it('sends security headers', async () => {
    const reply = await t.app.inject({ method: 'POST', url: '/api/vue/common/config', payload: {} });
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['x-frame-options']).toBe('DENY');
    expect(reply.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('publishes an OpenAPI document generated from the schemas', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/vue/openapi.json' });
    const document = reply.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/vue/user/register',
        '/api/vue/parameter/zhishu',
        '/api/vue/trade/kline',
        '/api/vue/common/config',
        '/api/vue/user/getUserinfo',
      ]),
    );
    // The console's calls have their own document (openapi-documents.test.ts checks both in full).
    expect(document.paths['/api/console/users/issueResetCode']).toBeUndefined();
    const consoleDocument = (await t.app.inject({ method: 'GET', url: '/api/console/openapi.json' })).json();
    expect(Object.keys(consoleDocument.paths)).toContain('/api/console/users/issueResetCode');
  });
});

describe('rate limits', () => {
  it('refuses an 11th login for one phone within 15 minutes with 429 TOO_FREQUENT', async () => {
    const phone = '9300000001';
    for (let attempt = 0; attempt < 10; attempt++) {
      const reply = await t.call('user/login', { account: phone, password: 'Wrong1234' });
      expect(reply.http).toBe(200);
    }
    const limited = await t.call('user/login', { account: phone, password: 'Wrong1234' }, { lang: 'hi' });
    expect(limited.http).toBe(429);
    expect(limited.body).toMatchObject({
      status: 0,
      code: 'TOO_FREQUENT',
      msg: 'बहुत बार सबमिट किया जा रहा है, कृपया बाद में पुनः प्रयास करें',
    });
  });

  it('refuses a 51st login from one address within 15 minutes', async () => {
    for (let attempt = 0; attempt < 50; attempt++) {
      await t.call(
        'user/login',
        { account: `93000${String(attempt).padStart(5, '0')}`, password: 'Wrong1234' },
        {},
        '192.0.2.7',
      );
    }
    const limited = await t.call(
      'user/login',
      { account: '9300000999', password: 'Wrong1234' },
      {},
      '192.0.2.7',
    );
    expect(limited.http).toBe(429);
  });

  it('refuses an 11th registration from one address within an hour', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      await t.call(
        'user/register',
        {
          account: `94000${String(attempt).padStart(5, '0')}`,
          password: 'Secret123',
          confirmPassword: 'Secret123',
          inviteCode: 'NONE0000',
          agree: true,
        },
        {},
        '192.0.2.8',
      );
    }
    const limited = await t.call(
      'user/register',
      {
        account: '9400000999',
        password: 'Secret123',
        confirmPassword: 'Secret123',
        inviteCode: 'NONE0000',
        agree: true,
      },
      {},
      '192.0.2.8',
    );
    expect(limited.http).toBe(429);
  });
});

describe('idempotency', () => {
  const changeBody = { oldPassword: 'Idem12345', newPassword: 'Idem12345', confirmPassword: 'Idem12345' };
  async function investor() {
    const phone = `95${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const reply = await t.call('user/register', {
      account: phone,
      password: 'Idem12345',
      confirmPassword: 'Idem12345',
      inviteCode: t.config.demo.inviteCode,
      agree: true,
    });
    return { token: reply.body.data.token as string, account: phone };
  }
  const changes = async (account: string) =>
    Number(
      (
        await t.db
          .selectFrom('audit_log')
          .innerJoin('users', (join) =>
            join.onRef('audit_log.target_id', '=', (eb) => eb.cast('users.id', 'text') as never),
          )
          .select((eb) => eb.fn.countAll().as('n'))
          .where('audit_log.action', '=', 'user.password.change')
          .where('users.phone', '=', account)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('replays the first reply for the same key and body, and runs once', async () => {
    const headers = await investor();
    const first = await t.call('user/changePassword', changeBody, {
      ...headers,
      'idempotency-key': 'key-seq-0001',
    });
    const second = await t.call('user/changePassword', changeBody, {
      ...headers,
      'idempotency-key': 'key-seq-0001',
    });
    expect(first.body).toEqual(second.body);
    expect(await changes(headers.account)).toBe(1);
  });

  it('refuses the same key with another body', async () => {
    const headers = await investor();
    await t.call('user/changePassword', changeBody, { ...headers, 'idempotency-key': 'key-other-01' });
    const other = await t.call(
      'user/changePassword',
      { ...changeBody, confirmPassword: 'Different1' },
      { ...headers, 'idempotency-key': 'key-other-01' },
    );
    expect(other.http).toBe(400);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('makes one effect of 20 concurrent duplicates, each answered with the first reply', async () => {
    const headers = await investor();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call('user/changePassword', changeBody, { ...headers, 'idempotency-key': 'key-concurrent-1' }),
      ),
    );
    for (const reply of replies) expect(reply.body).toEqual(replies[0]!.body);
    expect(replies[0]!.body.status).toBe(1);
    expect(await changes(headers.account)).toBe(1);
  });

  it('refuses a malformed key', async () => {
    const headers = await investor();
    const reply = await t.call('user/changePassword', changeBody, { ...headers, 'idempotency-key': 'short' });
    expect(reply.body.code).toBe('IDEMPOTENCY_KEY_INVALID');
  });

  it('forgets a key after 24 hours', async () => {
    const headers = await investor();
    await t.call('user/changePassword', changeBody, { ...headers, 'idempotency-key': 'key-expiry-01' });
    t.clock.advance(24 * 3_600_000 + 1);
    const login = await t.call('user/login', { account: headers.account, password: 'Idem12345' });
    const fresh = { token: login.body.data.token, account: headers.account };
    const again = await t.call('user/changePassword', changeBody, {
      ...fresh,
      'idempotency-key': 'key-expiry-01',
    });
    expect(again.body.status).toBe(1);
    expect(await changes(headers.account)).toBe(2);
  });
});
