import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fillPendingOrder } from '../src/use-cases/trading/fill-pending-order.js';
import { forceClosePosition } from '../src/use-cases/trading/force-close-position.js';
import { createInvestor, createStaff, type TestInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';
import {
  balancesOf,
  mondayIst,
  publishPrice,
  settle,
  sweep,
  tick,
  writtenCounts,
} from './trading-helpers.js';

const t = await startTestApp();
const CASH = 10_000_000n; // ₹1,00,000.00
publishPrice(t, 'RELIANCE', 100_000n, { previousClosePaise: 100_000n });
publishPrice(t, 'TCS', 300_000n, { previousClosePaise: 300_000n });

const place = async (investor: TestInvestor, body: Record<string, unknown>) => {
  const reply = await t.call(
    'trade/open',
    { symbol: 'RELIANCE', side: 'long', orderType: 'limit', quantity: 10, leverage: 1, ...body },
    investor.headers,
  );
  expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
  return reply.body.data as { id: string; status: string };
};
const detail = async (investor: TestInvestor, id: string) =>
  (await t.call('trade/positionDetail', { id }, investor.headers)).body.data;
const messagesOf = async (userId: bigint) =>
  (
    await t.db
      .selectFrom('messages')
      .select(['kind', 'params'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute()
  ).map((row) => row.kind);
const engineAudits = async (positionId: string) =>
  (
    await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type', 'actor_id'])
      .where('target_type', '=', 'position')
      .where('target_id', '=', positionId)
      .execute()
  ).map((row) => `${row.action}:${row.actor_type}:${row.actor_id}`);

describe('the engine fills pending orders when the feed crosses them', () => {
  it('a long limit fills when the price reaches it, at the tick price when better, and tells the investor', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
    const events: Array<Record<string, unknown>> = [];
    t.app.userEvents.onUserEvent(investor.id, (event) => events.push(event));
    const order = await place(investor, { price: '990.00' });
    await tick(t, 'RELIANCE', 99_500n);
    expect((await detail(investor, order.id)).status).toBe('pending');
    await tick(t, 'RELIANCE', 98_900n);
    const filled = await detail(investor, order.id);
    expect(filled).toMatchObject({ status: 'holding', confirmPrice: '989.00', fillTickAt: t.clock.now() });
    // Held at ₹990.00: 9,900.00 + its charges; paid at ₹989.00: 9,890.00 + the CNC buy's charges
    // (STT ₹9.89 → ₹10, exchange 29.37 → 29, SEBI 1, stamp 148.35 → 148, GST 18% of 30 → 5); the rest is back.
    expect(await balancesOf(t, investor.id)).toMatchObject({
      cash: CASH - 989_000n - 1_183n,
      order_hold: 0n,
      margin: 989_000n,
    });
    expect(await messagesOf(investor.id)).toEqual(['ORDER_FILLED']);
    expect(await engineAudits(order.id)).toEqual(['trade.fill:system:engine']);
    expect(events.map((event) => (event.type === 'trade' ? event.event : event.kind))).toEqual([
      'placed',
      'ORDER_FILLED',
      'filled',
    ]);
  });

  it('a short limit fills at or above its limit; a price between does nothing', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
    await tick(t, 'TCS', 300_000n);
    const order = await t.call(
      'trade/open',
      { symbol: 'TCS', side: 'short', orderType: 'limit', price: '3030.00', quantity: 2, leverage: 2 },
      investor.headers,
    );
    await tick(t, 'TCS', 302_000n);
    expect((await detail(investor, order.body.data.id)).status).toBe('pending');
    await tick(t, 'TCS', 303_000n);
    expect(await detail(investor, order.body.data.id)).toMatchObject({
      status: 'holding',
      confirmPrice: '3030.00',
    });
  });

  it('a stop-market fires at the trigger and fills at the feed; a stop-limit waits armed past its limit', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
    await tick(t, 'RELIANCE', 100_000n);
    const stopMarket = await place(investor, { orderType: 'sl-m', triggerPrice: '1010.00' });
    const stopLimit = await place(investor, { orderType: 'sl', triggerPrice: '1010.00', price: '1012.00' });
    await tick(t, 'RELIANCE', 101_500n);
    expect(await detail(investor, stopMarket.id)).toMatchObject({
      status: 'holding',
      confirmPrice: '1015.00',
    });
    expect(await detail(investor, stopLimit.id)).toMatchObject({ status: 'pending', triggered: true });
    await tick(t, 'RELIANCE', 101_200n);
    expect(await detail(investor, stopLimit.id)).toMatchObject({
      status: 'holding',
      confirmPrice: '1012.00',
    });
  });
});

describe('over the WebSocket user channel', () => {
  it('a fill and a stop-out reach the investor’s socket as trade events and messages', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
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
    await tick(t, 'RELIANCE', 100_000n);
    const order = await place(investor, { price: '995.00', leverage: 5 });
    await tick(t, 'RELIANCE', 99_500n);
    await tick(t, 'RELIANCE', 79_000n);
    const events = () => frames.filter((frame) => frame.type === 'event').map((frame) => frame.data!);
    await until(() => events().some((event) => event.event === 'stopped_out'));
    socket.terminate();
    const mine = events().map((event) =>
      event.type === 'trade' ? `trade:${event.event}` : `message:${event.kind}`,
    );
    expect(mine).toEqual([
      'trade:placed',
      'message:ORDER_FILLED',
      'trade:filled',
      'message:STOPPED_OUT',
      'trade:stopped_out',
    ]);
    const stopped = events().find((event) => event.event === 'stopped_out')!.position as Record<
      string,
      unknown
    >;
    expect(stopped).toMatchObject({
      id: order.id,
      status: 'closed',
      closeReason: 'stop_out',
      sellPrice: '790.00',
    });
    await tick(t, 'RELIANCE', 100_000n);
  });
});

describe('stop-out', () => {
  it('closes a holding when its loss reaches 80% of the margin, not a paisa before', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
    await tick(t, 'RELIANCE', 100_000n);
    const position = await place(investor, { orderType: 'market', leverage: 5 });
    // Margin ₹2,000.00; 80% is a ₹1,600.00 loss: ₹160.00 a share, at ₹840.00.
    expect((await detail(investor, position.id)).stopOutPrice).toBe('840.00');
    await tick(t, 'RELIANCE', 84_005n);
    expect((await detail(investor, position.id)).status).toBe('holding');
    await tick(t, 'RELIANCE', 84_000n);
    expect(await detail(investor, position.id)).toMatchObject({
      status: 'closed',
      closeReason: 'stop_out',
      sellPrice: '840.00',
      profitLoss: '-1600.00',
      houseAbsorbed: '0.00',
    });
    expect(await messagesOf(investor.id)).toEqual(['STOPPED_OUT']);
    expect(await engineAudits(position.id)).toEqual(['trade.stop_out:system:engine']);
    await tick(t, 'RELIANCE', 100_000n);
  });

  it('a gap beyond the margin is absorbed by the house and recorded, never a debt', async () => {
    const investor = await createInvestor(t, { cashPaise: 210_000n });
    await tick(t, 'RELIANCE', 100_000n);
    const position = await place(investor, { orderType: 'market', leverage: 5 });
    // The MTF buy of ₹10,000: STT ₹10, exchange 30, SEBI 1, stamp 150, GST 6 (docs/adr/0020).
    expect(await balancesOf(t, investor.id)).toMatchObject({ cash: 210_000n - 200_000n - 1_187n });
    await tick(t, 'RELIANCE', 70_000n);
    const closed = await detail(investor, position.id);
    // Loss ₹3,000.00 on a ₹2,000.00 margin: the user loses the margin; the house takes ₹1,000.00 and
    // the sale's charges the margin can no longer pay (STT ₹7, exchange 0.21, SEBI 0.01, GST 0.04,
    // DP 15.34: ₹22.60).
    expect(closed).toMatchObject({ status: 'closed', profitLoss: '-2000.00', houseAbsorbed: '1022.60' });
    expect(await balancesOf(t, investor.id)).toMatchObject({ cash: 8_813n, margin: 0n });
    const absorbed = await sql<{ total: string }>`
      SELECT sum(p.amount_minor)::text AS total FROM postings p
      JOIN journal_entries e ON e.id = p.entry_id JOIN ledger_accounts a ON a.id = p.account_id
      WHERE e.entry_key = ${`position:${position.id}:close`} AND a.purpose = 'house_stopout_absorbed'`.execute(
      t.db,
    );
    expect(absorbed.rows[0]!.total).toBe('-102260');
    await tick(t, 'RELIANCE', 100_000n);
  });
});

describe('engine actions are idempotent', () => {
  it('a fill or a stop-out acted on twice, even at once, happens once', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
    await tick(t, 'RELIANCE', 100_000n);
    const order = await place(investor, { price: '995.00', leverage: 5 });
    const deps = t.app.tradingEngine!.dependencies;
    const fill = () =>
      fillPendingOrder(deps, { id: BigInt(order.id), pricePaise: 99_500n, tickAtMs: t.clock.now() });
    const fills = await Promise.all([fill(), fill()]);
    expect(fills.map((outcome) => outcome.kind).sort()).toEqual(['filled', 'skipped']);
    const afterFill = await writtenCounts(t);
    expect((await fill()).kind).toBe('skipped');
    expect(await writtenCounts(t)).toEqual(afterFill);

    const stopOut = () =>
      forceClosePosition(deps, {
        id: BigInt(order.id),
        pricePaise: 80_000n,
        tickAtMs: t.clock.now(),
        reason: 'stop_out',
        atMs: t.clock.now(),
      });
    const closes = await Promise.all([stopOut(), stopOut()]);
    expect(closes.map((outcome) => outcome.kind).sort()).toEqual(['closed', 'skipped']);
    const afterClose = await writtenCounts(t);
    expect((await stopOut()).kind).toBe('skipped');
    expect(await writtenCounts(t)).toEqual(afterClose);
    expect(await messagesOf(investor.id)).toEqual(['ORDER_FILLED', 'STOPPED_OUT']);
    const keys = await t.db
      .selectFrom('journal_entries')
      .select('entry_key')
      .where('reference_id', '=', order.id)
      .where('reference_type', '=', 'position')
      .orderBy('id')
      .execute();
    expect(keys.map((row) => row.entry_key)).toEqual([
      `order:${order.id}:hold`,
      `order:${order.id}:open`,
      `position:${order.id}:close`,
    ]);
    await settle(t);
  });
});

describe('scheduled work with the injected clock', () => {
  let approved: TestInvestor;

  it('day trading: apply, review by compliance, one decision counts', async () => {
    approved = await createInvestor(t, { cashPaise: CASH });
    const refused = await t.call(
      'trade/open',
      { symbol: 'RELIANCE', side: 'long', orderType: 'market', quantity: 10, leverage: 1, intraday: true },
      approved.headers,
    );
    expect(refused.body.code).toBe('MARGIN_TRADING_NOT_ENABLED');
    const applied = await t.call('dayTrading/apply', {}, approved.headers);
    expect(applied.body.data).toMatchObject({
      status: 'pending',
      rules: { squareOffTime: '15:20', stopOutPercent: '80.00' },
    });
    expect((await t.call('dayTrading/apply', {}, approved.headers)).body.code).toBe('ORDER_PENDING_REVIEW');

    const support = await createStaff(t, ['support']);
    expect((await t.call('/api/console/dayTrading/applications', {}, support.headers)).http).toBe(403);
    const compliance = await createStaff(t, ['compliance']);
    const list = await t.call('/api/console/dayTrading/applications', {}, compliance.headers);
    const application = list.body.data.items.find(
      (item: { userId: string }) => item.userId === String(approved.id),
    );
    const [one, two] = await Promise.all([
      t.call('/api/console/dayTrading/approve', { id: application.id }, compliance.headers),
      t.call(
        '/api/console/dayTrading/reject',
        { id: application.id, reason: 'too late' },
        compliance.headers,
      ),
    ]);
    expect([one.body.status, two.body.status].sort()).toEqual([0, 1]);
    expect([one.body.code, two.body.code]).toContain('REPEATED_OPERATION');
    const status = (await t.call('dayTrading/status', {}, approved.headers)).body.data.status;
    expect(status).toBe(one.body.status === 1 ? 'approved' : 'rejected');
    const audits = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'day_trading_application')
      .where('target_id', '=', application.id)
      .execute();
    expect(audits).toHaveLength(1);
    if (status === 'rejected') {
      expect(await messagesOf(approved.id)).toEqual(['DAY_TRADING_REJECTED']);
      await t.call('dayTrading/apply', {}, approved.headers);
      const again = await t.call('/api/console/dayTrading/applications', {}, compliance.headers);
      const next = again.body.data.items.find(
        (item: { userId: string }) => item.userId === String(approved.id),
      );
      expect(
        (await t.call('/api/console/dayTrading/approve', { id: next.id }, compliance.headers)).body.status,
      ).toBe(1);
    }
    expect((await t.call('dayTrading/status', {}, approved.headers)).body.data.status).toBe('approved');
    expect(await messagesOf(approved.id)).toContain('DAY_TRADING_APPROVED');
  });

  it('intraday positions are squared off at 15:20 IST; delivery positions stay', async () => {
    await tick(t, 'RELIANCE', 100_000n);
    const intraday = await place(approved, { orderType: 'market', intraday: true, leverage: 2 });
    const delivery = await place(approved, { orderType: 'market' });
    t.clock.set(mondayIst(15, 19));
    await tick(t, 'RELIANCE', 100_500n);
    await sweep(t);
    expect((await detail(approved, intraday.id)).status).toBe('holding');
    t.clock.set(mondayIst(15, 20));
    // The price path does not square off: the sweep does, at the next tick's price.
    await tick(t, 'RELIANCE', 100_500n);
    expect((await detail(approved, intraday.id)).status).toBe('holding');
    await sweep(t);
    expect(await detail(approved, intraday.id)).toMatchObject({
      status: 'closed',
      closeReason: 'square_off',
      sellPrice: '1005.00',
    });
    expect((await detail(approved, delivery.id)).status).toBe('holding');
    expect(await engineAudits(intraday.id)).toEqual(['trade.square_off:system:engine']);
    expect(await messagesOf(approved.id)).toContain('SQUARED_OFF');
    const late = await t.call(
      'trade/open',
      { symbol: 'RELIANCE', side: 'long', orderType: 'market', quantity: 10, leverage: 1, intraday: true },
      approved.headers,
    );
    expect(late.body.code).toBe('OUTSIDE_TRADING_HOURS');
  });

  it('day orders on exchange hours expire at the session close and return their hold', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
    await tick(t, 'RELIANCE', 100_000n);
    const order = await place(investor, { price: '950.00' });
    t.clock.set(mondayIst(15, 31));
    await tick(t, 'RELIANCE', 100_000n);
    await sweep(t);
    expect(await detail(investor, order.id)).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
    expect(await balancesOf(t, investor.id)).toMatchObject({ cash: CASH, order_hold: 0n });
    expect(await messagesOf(investor.id)).toEqual(['ORDER_EXPIRED']);
  });
});

describe('the engine follows the database', () => {
  it('loads pending orders and holdings on start and acts on what the last price already crosses', async () => {
    t.clock.set(mondayIst(10, 30));
    const investor = await createInvestor(t, { cashPaise: CASH });
    await tick(t, 'TCS', 300_000n);
    const order = await t.call(
      'trade/open',
      { symbol: 'TCS', side: 'long', orderType: 'limit', price: '2950.00', quantity: 1, leverage: 1 },
      investor.headers,
    );
    const engine = t.app.tradingEngine!;
    await engine.setActive(false);
    publishPrice(t, 'TCS', 294_000n);
    expect((await detail(investor, order.body.data.id)).status).toBe('pending');
    await engine.setActive(true);
    await settle(t);
    expect(await detail(investor, order.body.data.id)).toMatchObject({
      status: 'holding',
      confirmPrice: '2940.00',
    });
    expect(engine.indexedCount).toBeGreaterThan(0);
  });
});
