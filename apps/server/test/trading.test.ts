import { describe, expect, it } from 'vitest';
import { createInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';
import {
  balancesOf,
  expectRefusedWithoutWrites,
  mondayIst,
  publishPrice,
  setParameter,
  settle,
  writtenCounts,
} from './trading-helpers.js';

const t = await startTestApp();
const RUPEES_100K = 10_000_000n;

// RELIANCE trades in session on the test clock (Monday 10:00 IST); previous close ₹1,000.00.
publishPrice(t, 'RELIANCE', 100_000n, { previousClosePaise: 100_000n });
publishPrice(t, 'TCS', 300_000n);
publishPrice(t, 'BTCINR', 800_000_000n);

const open = (headers: Record<string, string>, body: Record<string, unknown>) =>
  t.call(
    'trade/open',
    { symbol: 'RELIANCE', side: 'long', orderType: 'market', quantity: 10, leverage: 1, ...body },
    headers,
  );

describe('placing and closing: cash moves by exactly P&L − charges', () => {
  it('a long market round trip, to the paisa, with the tick recorded', async () => {
    const investor = await createInvestor(t, { cashPaise: RUPEES_100K });
    const opened = await open(investor.headers, { quantity: 10, leverage: 2 });
    expect(opened.body.status, JSON.stringify(opened.body)).toBe(1);
    const position = opened.body.data;
    expect(position).toMatchObject({
      status: 'holding',
      confirmPrice: '1000.00',
      fillTickAt: t.clock.now(),
      originalMargin: '5000.00',
      // MTF (delivery rates) buy of ₹10,000: STT ₹10, exchange 29.7 → 30, SEBI 1, stamp 150, GST
      // 18% of 31 = 5.58 → 6 (docs/adr/0020).
      openFee: '11.87',
      cost: '10000.00',
    });
    expect(await balancesOf(t, investor.id)).toMatchObject({
      cash: RUPEES_100K - 500_000n - 1_187n,
      margin: 500_000n,
    });

    publishPrice(t, 'RELIANCE', 101_500n);
    const closed = await t.call('trade/close', { id: position.id }, investor.headers);
    expect(closed.body.status, JSON.stringify(closed.body)).toBe(1);
    // P&L 10 × ₹15.00 = ₹150.00. The sale of ₹10,150.00: STT ₹10.15 → ₹10 (the tax); exchange
    // 30.1455 → 30, SEBI 1, GST 18% of 31 → 6, DP ₹13 + GST = 1534 (the day's first sale): close fee ₹15.71.
    expect(closed.body.data).toMatchObject({
      status: 'closed',
      sellPrice: '1015.00',
      profitLoss: '150.00',
      closeFee: '15.71',
      tax: '10.00',
      fee: '27.58',
      netProfitLoss: '112.42',
    });
    const after = await balancesOf(t, investor.id);
    expect(after.cash! - RUPEES_100K).toBe(15_000n - 1_187n - 1_571n - 1_000n);
    expect(after.margin).toBe(0n);
  });

  it('a short market round trip gains when the price falls, paying STT on its sale and its buy', async () => {
    const investor = await createInvestor(t, { cashPaise: RUPEES_100K });
    publishPrice(t, 'TCS', 300_000n);
    const opened = await t.call(
      'trade/open',
      { symbol: 'TCS', side: 'short', orderType: 'market', quantity: 3, leverage: 5 },
      investor.headers,
    );
    // The opening sale of ₹9,000 at delivery rates: STT ₹9, exchange 26.73 → 27, SEBI 1, GST 18% of 28 → 5.
    expect(opened.body.data).toMatchObject({ status: 'holding', originalMargin: '1800.00', openFee: '9.33' });
    publishPrice(t, 'TCS', 290_000n);
    const closed = await t.call('trade/close', { id: opened.body.data.id }, investor.headers);
    // P&L 3 × ₹100.00 = ₹300.00. The closing buy of ₹8,700: STT ₹8.70 → ₹9 (the tax); exchange
    // 25.839 → 26, SEBI 1, stamp 0.015% = 130.5 → 131, GST 18% of 27 → 5: close fee ₹1.63; no DP on a buy.
    expect(closed.body.data).toMatchObject({ profitLoss: '300.00', closeFee: '1.63', tax: '9.00' });
    const after = await balancesOf(t, investor.id);
    expect(after.cash! - RUPEES_100K).toBe(30_000n - 933n - 163n - 900n);
  });

  it('a limit order holds margin and its opening charges, and cancelling returns them', async () => {
    const investor = await createInvestor(t, { cashPaise: RUPEES_100K });
    publishPrice(t, 'RELIANCE', 100_000n);
    const placed = await open(investor.headers, { orderType: 'limit', price: '990.00' });
    // ₹9,900 of CNC buy: STT ₹9.90 → ₹10, exchange 29.403 → 29, SEBI 1, stamp 148.5 → 149, GST 18% of 30 → 5.
    expect(placed.body.data).toMatchObject({ status: 'pending', held: '9911.84', buyPrice: '990.00' });
    expect(await balancesOf(t, investor.id)).toMatchObject({
      cash: RUPEES_100K - 991_184n,
      order_hold: 991_184n,
    });
    const cancelled = await t.call('trade/cancel', { id: placed.body.data.id }, investor.headers);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', cancelReason: 'user' });
    expect(await balancesOf(t, investor.id)).toMatchObject({ cash: RUPEES_100K, order_hold: 0n });
  });

  it('a limit order already at or better than its limit fills at once at the feed price', async () => {
    const investor = await createInvestor(t, { cashPaise: RUPEES_100K });
    publishPrice(t, 'RELIANCE', 100_000n);
    const placed = await open(investor.headers, { orderType: 'limit', price: '1005.00' });
    expect(placed.body.data).toMatchObject({
      status: 'holding',
      confirmPrice: '1000.00',
      limitPrice: '1005.00',
    });
    await t.call('trade/close', { id: placed.body.data.id }, investor.headers);
  });
});

describe('every refusal has its code and writes nothing', () => {
  const investorPromise = createInvestor(t, { cashPaise: RUPEES_100K });

  it('outside trading hours', async () => {
    const investor = await investorPromise;
    t.clock.set(mondayIst(16, 0));
    try {
      await expectRefusedWithoutWrites(t, () => open(investor.headers, {}), 'OUTSIDE_TRADING_HOURS');
    } finally {
      t.clock.set(mondayIst(10, 0));
    }
  });

  it('price unavailable: no tick, or the last one too old', async () => {
    const investor = await investorPromise;
    await expectRefusedWithoutWrites(
      t,
      () => open(investor.headers, { symbol: 'INFY' }),
      'PRICE_UNAVAILABLE',
    );
    publishPrice(t, 'ITC', 40_000n, { atMs: t.clock.now() - 61_000 });
    await expectRefusedWithoutWrites(t, () => open(investor.headers, { symbol: 'ITC' }), 'PRICE_UNAVAILABLE');
  });

  it('beyond the daily price band, with the band in the message', async () => {
    const investor = await investorPromise;
    publishPrice(t, 'RELIANCE', 100_000n);
    const body = await expectRefusedWithoutWrites(
      t,
      () => open(investor.headers, { orderType: 'limit', price: '1100.05' }),
      'BEYOND_PRICE_LIMIT',
    );
    expect(body.params).toEqual({ lower: '900.00', upper: '1100.00' });
    await expectRefusedWithoutWrites(
      t,
      () => open(investor.headers, { orderType: 'limit', price: '899.95' }),
      'BEYOND_PRICE_LIMIT',
    );
  });

  it('intraday not enabled without day-trading approval', async () => {
    const investor = await investorPromise;
    await expectRefusedWithoutWrites(
      t,
      () => open(investor.headers, { intraday: true }),
      'MARGIN_TRADING_NOT_ENABLED',
    );
  });

  it('cannot trade: barred or frozen account, or KYC not verified', async () => {
    const barred = await createInvestor(t, { cashPaise: RUPEES_100K });
    await t.db
      .insertInto('user_flags')
      .values({ user_id: barred.id, flag: 'trading_barred', reason: 'test', set_by: 'test' })
      .execute();
    await expectRefusedWithoutWrites(t, () => open(barred.headers, {}), 'TRADING_NOT_ALLOWED');
    const frozen = await createInvestor(t, { cashPaise: RUPEES_100K });
    await t.db
      .insertInto('user_flags')
      .values({ user_id: frozen.id, flag: 'frozen', reason: 'test', set_by: 'test' })
      .execute();
    await expectRefusedWithoutWrites(t, () => open(frozen.headers, {}), 'ACCOUNT_FROZEN');
    const unverified = await createInvestor(t, { cashPaise: RUPEES_100K, kyc: 'pending' });
    await expectRefusedWithoutWrites(t, () => open(unverified.headers, {}), 'REAL_NAME_REQUIRED');
  });

  it('insufficient funds', async () => {
    const poor = await createInvestor(t, { cashPaise: 500_000n });
    await expectRefusedWithoutWrites(t, () => open(poor.headers, { quantity: 5 }), 'FUNDS_INSUFFICIENT');
  });

  it('fractional or too small quantity', async () => {
    const investor = await investorPromise;
    await expectRefusedWithoutWrites(
      t,
      () => open(investor.headers, { quantity: 1.5 }),
      'QUANTITY_NOT_WHOLE',
    );
    await expectRefusedWithoutWrites(
      t,
      () => open(investor.headers, { quantity: 0 }),
      'QUANTITY_BELOW_MINIMUM',
    );
  });

  it('zero or negative price, off-tick price', async () => {
    const investor = await investorPromise;
    await expectRefusedWithoutWrites(
      t,
      () => open(investor.headers, { orderType: 'limit', price: '0' }),
      'PRICE_NOT_POSITIVE',
    );
    await expectRefusedWithoutWrites(
      t,
      () => open(investor.headers, { orderType: 'limit', price: -5 }),
      'PRICE_NOT_POSITIVE',
    );
    const offTick = await expectRefusedWithoutWrites(
      t,
      () => open(investor.headers, { orderType: 'limit', price: '999.97' }),
      'PRICE_OFF_TICK',
    );
    expect(offTick.params).toEqual({ tick: '0.05' });
    await expectRefusedWithoutWrites(
      t,
      () => open(investor.headers, { orderType: 'limit', price: '999.955' }),
      'PRICE_OFF_TICK',
    );
  });

  it('unknown instrument, disallowed leverage, an index, a short where not allowed', async () => {
    const investor = await investorPromise;
    await expectRefusedWithoutWrites(
      t,
      () => open(investor.headers, { symbol: 'NOPE' }),
      'INSTRUMENT_NOT_FOUND',
    );
    const leverage = await expectRefusedWithoutWrites(
      t,
      () => open(investor.headers, { leverage: 3 }),
      'LEVERAGE_NOT_ALLOWED',
    );
    expect(leverage.params).toEqual({ allowed: '1, 2, 5' });
    await expectRefusedWithoutWrites(
      t,
      () => open(investor.headers, { symbol: 'NIFTY50' }),
      'INSTRUMENT_NOT_TRADABLE',
    );
    publishPrice(t, 'DEMOAGRO', 10_000n);
    await expectRefusedWithoutWrites(
      t,
      () => open(investor.headers, { symbol: 'DEMOAGRO', side: 'short' }),
      'SHORT_NOT_ALLOWED',
    );
  });

  it('the minimum opening amount', async () => {
    const investor = await investorPromise;
    publishPrice(t, 'ITC', 40_000n);
    const body = await expectRefusedWithoutWrites(
      t,
      () => open(investor.headers, { symbol: 'ITC', quantity: 1, leverage: 5 }),
      'OPENING_AMOUNT_BELOW_MINIMUM',
    );
    expect(body.params).toEqual({ min: '100.00' });
  });

  it('stop orders: a trigger already passed, a stop-limit on the wrong side, a missing price', async () => {
    const investor = await investorPromise;
    publishPrice(t, 'RELIANCE', 100_000n);
    await expectRefusedWithoutWrites(
      t,
      () => open(investor.headers, { orderType: 'sl-m', triggerPrice: '990.00' }),
      'TRIGGER_PRICE_INVALID',
    );
    await expectRefusedWithoutWrites(
      t,
      () => open(investor.headers, { orderType: 'sl', triggerPrice: '1010.00', price: '1005.00' }),
      'STOP_LIMIT_INVALID',
    );
    await expectRefusedWithoutWrites(
      t,
      () => open(investor.headers, { orderType: 'limit' }),
      'ORDER_PRICE_REQUIRED',
    );
  });

  it('wrong state: cancel a holding, close a pending order, close twice — do not repeat the operation', async () => {
    const investor = await investorPromise;
    publishPrice(t, 'RELIANCE', 100_000n);
    const holding = (await open(investor.headers, {})).body.data;
    const pending = (await open(investor.headers, { orderType: 'limit', price: '950.00' })).body.data;
    const cancel = await expectRefusedWithoutWrites(
      t,
      () => t.call('trade/cancel', { id: holding.id }, investor.headers),
      'REPEATED_OPERATION',
    );
    expect(cancel.params).toEqual({ state: 'pending' });
    await expectRefusedWithoutWrites(
      t,
      () => t.call('trade/close', { id: pending.id }, investor.headers),
      'REPEATED_OPERATION',
    );
    expect((await t.call('trade/close', { id: holding.id }, investor.headers)).body.status).toBe(1);
    await expectRefusedWithoutWrites(
      t,
      () => t.call('trade/close', { id: holding.id }, investor.headers),
      'REPEATED_OPERATION',
    );
    expect((await t.call('trade/cancel', { id: pending.id }, investor.headers)).body.status).toBe(1);
    await expectRefusedWithoutWrites(
      t,
      () => t.call('trade/cancel', { id: pending.id }, investor.headers),
      'REPEATED_OPERATION',
    );
  });

  it("another investor's order does not exist for you", async () => {
    const investor = await investorPromise;
    const other = await createInvestor(t, { cashPaise: RUPEES_100K });
    const theirs = (await open(other.headers, { orderType: 'limit', price: '950.00' })).body.data;
    await expectRefusedWithoutWrites(
      t,
      () => t.call('trade/cancel', { id: theirs.id }, investor.headers),
      'ORDER_NOT_FOUND',
    );
    await t.call('trade/cancel', { id: theirs.id }, other.headers);
  });
});

describe('reading positions', () => {
  it('tabs, detail with every field, history, and the account centre at live prices', async () => {
    const investor = await createInvestor(t, { cashPaise: RUPEES_100K });
    publishPrice(t, 'RELIANCE', 100_000n);
    publishPrice(t, 'BTCINR', 800_000_000n);
    const holding = (await open(investor.headers, { quantity: 10, leverage: 2 })).body.data;
    const pending = (await open(investor.headers, { orderType: 'limit', price: '950.00', quantity: 1 })).body
      .data;
    const crypto = (
      await t.call(
        'trade/open',
        { symbol: 'BTCINR', side: 'long', orderType: 'market', quantity: 1, leverage: 1 },
        investor.headers,
      )
    ).body;
    expect(crypto.status, JSON.stringify(crypto)).toBe(0); // ₹80,00,000 is more than the cash
    const tab = async (name: string) =>
      (await t.call('trade/positions', { tab: name }, investor.headers)).body.data.items.map(
        (item: { id: string }) => item.id,
      );
    expect(await tab('holding')).toEqual([holding.id]);
    expect(await tab('pending')).toEqual([pending.id]);
    expect(await tab('inventory')).toEqual([]);
    expect(await tab('ended')).toEqual([]);
    expect(await tab('crypto_forex')).toEqual([]);

    publishPrice(t, 'RELIANCE', 102_000n);
    const detail = (await t.call('trade/positionDetail', { id: holding.id }, investor.headers)).body.data;
    expect(detail).toMatchObject({
      orderNo: holding.id,
      symbol: 'RELIANCE',
      side: 'long',
      orderType: 'market',
      leverage: 2,
      quantity: 10,
      status: 'holding',
      buyPrice: '1000.00',
      confirmPrice: '1000.00',
      currentPrice: '1020.00',
      marketValue: '10200.00',
      cost: '10000.00',
      originalMargin: '5000.00',
      fee: '11.87',
      tax: null,
      profitLoss: '200.00',
      locked: false,
      sellTime: null,
      sellPrice: null,
      stopOutPrice: '600.00',
    });
    expect(detail.buyTime).toBe(t.clock.now());

    const info = (await t.call('user/getUserinfo', {}, investor.headers)).body.data.balances;
    // cash 1,00,000 − 5,011.87 − 951.18 (hold: ₹950 + STT 1, exchange 3, stamp 14, GST 1);
    // frozen 951.18; invested 5,000; profit 200.
    expect(info).toMatchObject({
      available: '94036.95',
      frozen: '951.18',
      invested: '5000.00',
      profit: '200.00',
      totalAssets: '100188.13',
    });

    const history = (await t.call('trade/orders', {}, investor.headers)).body.data.items;
    expect(history.map((item: { id: string }) => item.id)).toEqual([pending.id, holding.id]);
    await t.call('trade/cancel', { id: pending.id }, investor.headers);
    await t.call('trade/close', { id: holding.id }, investor.headers);
    expect(await tab('ended')).toEqual([pending.id, holding.id]);
  });

  it('fills and closes reach the investor over the user event channel', async () => {
    const investor = await createInvestor(t, { cashPaise: RUPEES_100K });
    const events: Array<Record<string, unknown>> = [];
    const leave = t.app.userEvents.onUserEvent(investor.id, (event) => events.push(event));
    publishPrice(t, 'RELIANCE', 100_000n);
    const position = (await open(investor.headers, {})).body.data;
    await t.call('trade/close', { id: position.id }, investor.headers);
    leave();
    expect(events.map((event) => [event.type, event.event])).toEqual([
      ['trade', 'filled'],
      ['trade', 'closed'],
    ]);
    await settle(t);
    expect((await writtenCounts(t)).positions).toBeGreaterThan(0);
  });
});

// Last: these move the clock forward for good.
describe('locks', () => {
  it('N minutes: the global lock in minutes, then free', async () => {
    await setParameter(t, 'position_lock_minutes', 15);
    const investor = await createInvestor(t, { cashPaise: RUPEES_100K });
    publishPrice(t, 'RELIANCE', 100_000n);
    const position = (await open(investor.headers, {})).body.data;
    t.clock.advance(5 * 60_000 + 30_000);
    publishPrice(t, 'RELIANCE', 100_000n);
    const refused = await expectRefusedWithoutWrites(
      t,
      () => t.call('trade/close', { id: position.id }, investor.headers),
      'LOCKED_MINUTES',
    );
    expect(refused.params).toEqual({ minutes: 15, remaining: '00:09:30' });
    expect(refused.msg).toContain('15');
    t.clock.advance(9 * 60_000 + 30_000);
    publishPrice(t, 'RELIANCE', 100_000n);
    expect((await t.call('trade/close', { id: position.id }, investor.headers)).body.status).toBe(1);
    await setParameter(t, 'position_lock_minutes', 0);
  });
  it('T+N days: an early close is refused with the time left, and allowed once the lock passes', async () => {
    await setParameter(t, 'trading.lock_by_symbol', { TCS: { days: 1, minutes: 0 } });
    const investor = await createInvestor(t, { cashPaise: RUPEES_100K });
    publishPrice(t, 'TCS', 300_000n);
    const position = (
      await t.call(
        'trade/open',
        { symbol: 'TCS', side: 'long', orderType: 'market', quantity: 1, leverage: 1 },
        investor.headers,
      )
    ).body.data;
    expect(position.locked).toBe(true);
    expect(position.lockTime).toBe(t.clock.now() + 86_400_000);
    t.clock.advance(3_600_000);
    publishPrice(t, 'TCS', 300_000n);
    const refused = await expectRefusedWithoutWrites(
      t,
      () => t.call('trade/close', { id: position.id }, investor.headers),
      'LOCKED_T_PLUS_DAYS',
    );
    expect(refused.params).toEqual({ days: 1, remaining: '23:00:00' });
    // Tuesday 2026-11-24 is an NSE holiday (Guru Nanak Jayanti): close on Wednesday.
    t.clock.advance(47 * 3_600_000);
    publishPrice(t, 'TCS', 300_000n);
    // Two days idle end the session: sign in again.
    const login = await t.call('user/login', { account: investor.phone, password: investor.password });
    const headers = { token: login.body.data.token as string, account: investor.phone };
    const closed = await t.call('trade/close', { id: position.id }, headers);
    await setParameter(t, 'trading.lock_by_symbol', {});
    expect(closed.body.status, JSON.stringify(closed.body)).toBe(1);
  });
});
