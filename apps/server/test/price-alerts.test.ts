import { PRICE_ALERTS_ACTIVE_MAX } from '@nivesh/contract';
import { describe, expect, it } from 'vitest';
import { createInvestor, type TestInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';
import { expectRefusedWithoutWrites, publishPrice, tick } from './trading-helpers.js';

// Price alerts (docs/adr/0034-price-alerts.md) over HTTP, fired by the trading engine on ticks.
const t = await startTestApp();
publishPrice(t, 'RELIANCE', 100_000n, { previousClosePaise: 100_000n });
publishPrice(t, 'TCS', 300_000n, { previousClosePaise: 300_000n });

const create = (investor: TestInvestor, body: Record<string, unknown>) =>
  t.call(
    'alert/create',
    { symbol: 'RELIANCE', direction: 'above', price: '1010.00', ...body },
    investor.headers,
  );
const alertsOf = async (investor: TestInvestor) =>
  (await t.call('alert/list', {}, investor.headers)).body.data.items as Array<Record<string, unknown>>;
const messagesOf = async (userId: bigint) =>
  (
    await t.db
      .selectFrom('messages')
      .select(['kind', 'params'])
      .where('user_id', '=', userId)
      .where('kind', 'like', 'PRICE_ALERT%')
      .orderBy('id')
      .execute()
  ).map((row) => ({ kind: row.kind, params: row.params }));
const alertCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('price_alerts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('setting a price alert', () => {
  it('answers the alert, lists it as waiting, and audits the act', async () => {
    const investor = await createInvestor(t);
    const reply = await create(investor, { symbol: 'reliance', price: '1010.00' });
    expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
    expect(reply.body.data).toMatchObject({
      symbol: 'RELIANCE',
      direction: 'above',
      price: '1010.00',
      state: 'active',
      triggeredAt: null,
      triggeredPrice: null,
    });
    expect(await alertsOf(investor)).toEqual([reply.body.data]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type'])
      .where('target_type', '=', 'price_alert')
      .where('target_id', '=', reply.body.data.id)
      .execute();
    expect(audit).toEqual([{ action: 'price_alert.create', actor_type: 'user' }]);
  });

  it('refuses an unknown symbol, a price that is not positive or off the tick, and writes nothing', async () => {
    const investor = await createInvestor(t);
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ symbol: 'NOSUCHCO' }, 'INSTRUMENT_NOT_FOUND'],
      [{ price: '0' }, 'PRICE_NOT_POSITIVE'],
      [{ price: '-5.00' }, 'PRICE_NOT_POSITIVE'],
      [{ price: '1010.03' }, 'PRICE_OFF_TICK'],
      [{ price: '1010.005' }, 'PRICE_OFF_TICK'],
      [{ price: 'abc' }, 'VALIDATION_FAILED'],
    ];
    for (const [body, code] of refusals) {
      const before = await alertCount();
      const reply = await create(investor, body);
      expect(reply.body, JSON.stringify(body)).toMatchObject({ status: 0, code });
      expect(await alertCount()).toBe(before);
    }
    const hindi = await t.call(
      'alert/create',
      { symbol: 'NOSUCHCO', direction: 'above', price: '10.00' },
      {
        ...investor.headers,
        lang: 'hi',
      },
    );
    expect(hindi.body.msg).toBe('अज्ञात सिंबल NOSUCHCO');
    const badDirection = await create(investor, { direction: 'sideways' });
    expect(badDirection.http).toBe(400);
    expect(await alertsOf(investor)).toEqual([]);
  });

  it(`refuses more than ${PRICE_ALERTS_ACTIVE_MAX} waiting alerts; a fired or deleted one frees a place`, async () => {
    const investor = await createInvestor(t);
    for (let index = 0; index < PRICE_ALERTS_ACTIVE_MAX; index += 1) {
      expect((await create(investor, { price: `${2000 + index}.00` })).body.status).toBe(1);
    }
    await expectRefusedWithoutWrites(
      t,
      () => create(investor, { price: '3000.00' }),
      'PRICE_ALERTS_TOO_MANY',
    );
    const tooMany = await create(investor, { price: '3000.00' });
    expect(tooMany.body.msg).toBe(
      `You can have at most ${PRICE_ALERTS_ACTIVE_MAX} price alerts waiting: delete one first`,
    );
    const [newest] = await alertsOf(investor);
    expect((await t.call('alert/delete', { alertId: newest!.id }, investor.headers)).body.status).toBe(1);
    expect((await create(investor, { price: '3000.00' })).body.status).toBe(1);
  });

  it('deletes only the investor’s own alert', async () => {
    const owner = await createInvestor(t);
    const other = await createInvestor(t);
    const alert = (await create(owner, {})).body.data;
    const refused = await t.call('alert/delete', { alertId: alert.id }, other.headers);
    expect(refused.body).toMatchObject({ status: 0, code: 'PRICE_ALERT_NOT_FOUND' });
    expect(await alertsOf(owner)).toHaveLength(1);
    expect((await t.call('alert/delete', { alertId: alert.id }, owner.headers)).body.status).toBe(1);
    expect(await alertsOf(owner)).toEqual([]);
  });
});

describe('the engine fires an alert once when the price reaches it', () => {
  it('above: a message and a push on the user channel, once, with the price that fired it', async () => {
    const investor = await createInvestor(t);
    await tick(t, 'TCS', 300_000n);
    const events: Array<Record<string, unknown>> = [];
    t.app.userEvents.onUserEvent(investor.id, (event) => events.push(event));
    const above = (await create(investor, { symbol: 'TCS', direction: 'above', price: '3050.00' })).body.data;
    const below = (await create(investor, { symbol: 'TCS', direction: 'below', price: '2950.00' })).body.data;
    await tick(t, 'TCS', 304_995n);
    expect(await messagesOf(investor.id)).toEqual([]);
    await tick(t, 'TCS', 305_500n);
    await tick(t, 'TCS', 306_000n);
    await tick(t, 'TCS', 304_000n);
    await tick(t, 'TCS', 306_000n);
    expect(await messagesOf(investor.id)).toEqual([
      { kind: 'PRICE_ALERT_ABOVE', params: { symbol: 'TCS', level: '3050.00', price: '3055.00' } },
    ]);
    const alerts = await alertsOf(investor);
    expect(alerts.find((alert) => alert.id === above.id)).toMatchObject({
      state: 'triggered',
      triggeredPrice: '3055.00',
      triggeredAt: t.clock.now(),
    });
    expect(alerts.find((alert) => alert.id === below.id)).toMatchObject({ state: 'active' });
    const pushed = events.filter((event) => event.type === 'price_alert');
    expect(pushed).toHaveLength(1);
    expect(pushed[0]!.alert).toMatchObject({ id: above.id, state: 'triggered', triggeredPrice: '3055.00' });
    expect(events.filter((event) => event.type === 'message').map((event) => event.kind)).toEqual([
      'PRICE_ALERT_ABOVE',
    ]);

    // The other side fires on a fall to its level, and its message reads in the investor's language.
    await tick(t, 'TCS', 295_000n);
    expect((await messagesOf(investor.id)).map((message) => message.kind)).toEqual([
      'PRICE_ALERT_ABOVE',
      'PRICE_ALERT_BELOW',
    ]);
    const list = await t.call('message/list', {}, investor.headers);
    expect(JSON.stringify(list.body.data)).toContain('TCS fell to ₹2,950.00');
  });

  it('a deleted alert never fires', async () => {
    const investor = await createInvestor(t);
    await tick(t, 'RELIANCE', 100_000n);
    const alert = (await create(investor, { direction: 'below', price: '990.00' })).body.data;
    await t.call('alert/delete', { alertId: alert.id }, investor.headers);
    await tick(t, 'RELIANCE', 98_000n);
    expect(await messagesOf(investor.id)).toEqual([]);
  });

  it('reaches the investor’s WebSocket as a price_alert event', async () => {
    const investor = await createInvestor(t);
    await tick(t, 'RELIANCE', 100_000n);
    const socket = await t.app.injectWS('/api/vue/ws');
    const frames: Array<{ type: string; data?: Record<string, unknown> }> = [];
    let wake: (() => void) | undefined;
    socket.on('message', (data: Buffer) => {
      frames.push(JSON.parse(data.toString('utf8')));
      wake?.();
    });
    const until = async (found: () => boolean) => {
      while (!found()) await new Promise<void>((resolve) => (wake = resolve));
    };
    socket.send(JSON.stringify({ op: 'auth', ...investor.headers }));
    await until(() => frames.some((frame) => frame.type === 'authenticated'));
    await create(investor, { price: '1005.00' });
    await tick(t, 'RELIANCE', 100_600n);
    const events = () => frames.filter((frame) => frame.type === 'event').map((frame) => frame.data!);
    await until(() => events().some((event) => event.type === 'price_alert'));
    socket.terminate();
    expect(events().find((event) => event.type === 'price_alert')!.alert).toMatchObject({
      symbol: 'RELIANCE',
      direction: 'above',
      price: '1005.00',
      triggeredPrice: '1006.00',
    });
  });
});
