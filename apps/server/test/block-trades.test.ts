import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createInvestor, createStaff, logInAgain, type TestInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';
import {
  balancesOf,
  expectRefusedWithoutWrites,
  publishPrice,
  setParameter,
  settle,
  sweep,
} from './trading-helpers.js';

const t = await startTestApp();

/** An instant at an IST wall-clock time on a date of November 2026. */
const ist = (day: number, hours: number, minutes: number, seconds = 0) =>
  Date.UTC(2026, 10, day, hours - 5, minutes - 30, seconds);
const MONDAY = 23;
const FRIDAY = 20;
const RUPEES_5_LAKH = 50_000_000n;

// Friday's closes, as the feed left them: the morning window's reference on Monday.
publishPrice(t, 'RELIANCE', 100_000n, { atMs: ist(FRIDAY, 15, 29), previousClosePaise: 98_000n });
publishPrice(t, 'INFY', 150_000n, { atMs: ist(FRIDAY, 15, 29) });
publishPrice(t, 'DEMOAGRO', 10_000n, { atMs: ist(FRIDAY, 15, 29) });
publishPrice(t, 'BTCINR', 800_000_000n, { atMs: ist(FRIDAY, 15, 29) });
await settle(t);

const buy = (investor: TestInvestor, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.call('block/buy', { symbol: 'RELIANCE', quantity: 100, ...body }, { ...investor.headers, ...headers });

async function count(table: 'block_trades' | 'block_reference_prices' | 'positions'): Promise<number> {
  const row = await t.db.selectFrom(table).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A refusal with its code that changes no balance, position, entry, block trade or reference. */
async function expectBlockRefusal(investor: TestInvestor, body: Record<string, unknown>, code: string) {
  const balances = await balancesOf(t, investor.id);
  const trades = await count('block_trades');
  const references = await count('block_reference_prices');
  const reply = await expectRefusedWithoutWrites(t, () => buy(investor, body), code);
  expect(await balancesOf(t, investor.id)).toEqual(balances);
  expect(await count('block_trades')).toBe(trades);
  expect(await count('block_reference_prices')).toBe(references);
  return reply;
}

describe('the block windows, to the second (08:45 to 09:00 IST)', () => {
  it('08:44:59 closed, 08:45:00 open, 08:59:59 open, 09:00:00 closed', async () => {
    const investor = await createInvestor(t, { cashPaise: RUPEES_5_LAKH });
    t.clock.set(ist(MONDAY, 8, 44, 59));
    const before = await t.call('block/list', {}, investor.headers);
    expect(before.body.data.window).toMatchObject({
      open: false,
      window: 'morning',
      tradingDate: '2026-11-23',
      opensAt: ist(MONDAY, 8, 45),
      closesAt: ist(MONDAY, 9, 0),
    });
    await expectBlockRefusal(investor, {}, 'BLOCK_TRADE_CLOSED');

    t.clock.set(ist(MONDAY, 8, 45, 0));
    const opened = await buy(investor, {});
    expect(opened.body.status, JSON.stringify(opened.body)).toBe(1);

    t.clock.set(ist(MONDAY, 8, 59, 59));
    expect((await buy(investor, {})).body.status).toBe(1);

    t.clock.set(ist(MONDAY, 9, 0, 0));
    await expectBlockRefusal(investor, {}, 'BLOCK_TRADE_CLOSED');
    const after = await t.call('block/list', {}, investor.headers);
    expect(after.body.data.window).toMatchObject({
      open: false,
      window: 'afternoon',
      opensAt: ist(MONDAY, 14, 5),
    });
  });
});

describe('a block buy executes at the window’s reference as a delivery holding', () => {
  it('morning: at the previous close, long, leverage 1, origin block, fee as for any order', async () => {
    t.clock.set(ist(MONDAY, 8, 50));
    const investor = await createInvestor(t, { cashPaise: RUPEES_5_LAKH });
    const detail = await t.call('block/detail', { symbol: 'reliance' }, investor.headers);
    expect(detail.body.data.item.reference).toMatchObject({
      price: '1000.00',
      basis: 'previous_close',
      tradingDate: '2026-11-23',
      window: 'morning',
      sourceAt: ist(FRIDAY, 15, 29),
      bandLower: '990.00',
      bandUpper: '1010.00',
      current: true,
    });
    expect(detail.body.data.rules).toMatchObject({
      minQuantity: 100,
      bandBps: 100,
      bandPercent: '1%',
      lockDays: 0,
    });

    const reply = await buy(investor, { quantity: 150, price: '1005.00' });
    expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
    // 150 × ₹1,000.00 = ₹1,50,000.00 at leverage 1 (CNC); charges as for any delivery buy: STT ₹150,
    // exchange 445.5 → 4.46, SEBI 0.15, stamp 22.50, GST 18% of 4.61 = 0.83 (docs/adr/0020).
    expect(reply.body.data.trade).toMatchObject({
      side: 'buy',
      symbol: 'RELIANCE',
      window: 'morning',
      quantity: 150,
      limitPrice: '1005.00',
      referencePrice: '1000.00',
      amount: '150000.00',
      fee: '177.94',
      lockDays: 0,
      positionStatus: 'holding',
    });
    expect(reply.body.data.position).toMatchObject({
      origin: 'block',
      side: 'long',
      leverage: 1,
      intraday: false,
      status: 'holding',
      confirmPrice: '1000.00',
      fillTickAt: ist(FRIDAY, 15, 29),
      originalMargin: '150000.00',
      openFee: '177.94',
    });
    expect(await balancesOf(t, investor.id)).toMatchObject({
      cash: RUPEES_5_LAKH - 15_000_000n - 17_794n,
      margin: 15_000_000n,
    });
    const inventory = await t.call('trade/positions', { tab: 'inventory' }, investor.headers);
    expect(inventory.body.data.items.map((item: { id: string }) => item.id)).toContain(
      reply.body.data.position.id,
    );
    const orders = await t.call('block/orders', {}, investor.headers);
    expect(orders.body.data.items).toHaveLength(1);
    expect(orders.body.data.items[0]).toMatchObject({
      id: reply.body.data.trade.id,
      referencePrice: '1000.00',
    });
  });

  it('two investors get the same reference, even after the feed moves', async () => {
    t.clock.set(ist(MONDAY, 8, 52));
    const first = await createInvestor(t, { cashPaise: RUPEES_5_LAKH });
    const second = await createInvestor(t, { cashPaise: RUPEES_5_LAKH });
    const one = await buy(first, { symbol: 'INFY' });
    expect(one.body.data.trade.referencePrice).toBe('1500.00');
    // A later quote for Friday arrives: the fixed reference does not move with it.
    publishPrice(t, 'INFY', 151_000n, { atMs: ist(FRIDAY, 15, 29, 30) });
    await settle(t);
    const two = await buy(second, { symbol: 'INFY' });
    expect(two.body.data.trade.referencePrice).toBe('1500.00');
    const listOne = await t.call('block/list', {}, first.headers);
    const listTwo = await t.call('block/list', {}, second.headers);
    expect(listOne.body.data).toEqual(listTwo.body.data);
    const infy = listOne.body.data.items.find((item: { symbol: string }) => item.symbol === 'INFY');
    expect(infy.reference.price).toBe('1500.00');
  });

  it('afternoon: at the VWAP of the 13:45–14:00 minute candles stored by the feed', async () => {
    // TCS: fifteen minutes from 13:45; candles at 13:44 and 14:00 fall outside and must not count.
    const candles = [];
    for (let minute = 0; minute < 15; minute++) {
      // Typical price ₹3,000.00 for the first ten minutes (100 shares each), ₹3,030.00 for the last five (200 each).
      const typical = minute < 10 ? 300_000n : 303_000n;
      candles.push({
        at: ist(MONDAY, 13, 45 + minute),
        high: typical + 100n,
        low: typical - 100n,
        close: typical,
        volume: minute < 10 ? 100n : 200n,
      });
    }
    candles.push({
      at: ist(MONDAY, 13, 44),
      high: 999_900n,
      low: 999_900n,
      close: 999_900n,
      volume: 1_000_000n,
    });
    candles.push({ at: ist(MONDAY, 14, 0), high: 100n, low: 100n, close: 100n, volume: 1_000_000n });
    // ITC: nothing traded from 13:45 to 14:00; its last price at 14:00 is the 13:30 candle's close.
    candles.push({ at: ist(MONDAY, 13, 30), high: 41_000n, low: 40_500n, close: 40_800n, volume: 50n });
    candles.push({ at: ist(MONDAY, 13, 50), high: 40_800n, low: 40_800n, close: 40_800n, volume: 0n });
    await t.db
      .insertInto('candles')
      .values(
        candles.map((candle, index) => ({
          symbol: index === candles.length - 1 || index === candles.length - 2 ? 'ITC' : 'TCS',
          period: '1m' as const,
          bucket_start_ms: BigInt(candle.at),
          open_paise: candle.close,
          high_paise: candle.high,
          low_paise: candle.low,
          close_paise: candle.close,
          volume: candle.volume,
        })),
      )
      .execute();
    t.clock.set(ist(MONDAY, 14, 10));
    publishPrice(t, 'TCS', 305_000n);
    publishPrice(t, 'ITC', 41_500n);
    await sweep(t);
    const investor = await createInvestor(t, { cashPaise: RUPEES_5_LAKH });
    // (10 × 100 × ₹3,000 + 5 × 200 × ₹3,030) ÷ 2,000 = ₹3,015.00.
    const tcs = await t.call('block/detail', { symbol: 'TCS' }, investor.headers);
    expect(tcs.body.data.item.reference).toMatchObject({
      price: '3015.00',
      basis: 'vwap',
      window: 'afternoon',
      sourceAt: ist(MONDAY, 14, 0),
      bandLower: '2984.85',
      bandUpper: '3045.15',
    });
    const itc = await t.call('block/detail', { symbol: 'ITC' }, investor.headers);
    expect(itc.body.data.item.reference).toMatchObject({ price: '408.00', basis: 'last_price' });
    const bought = await t.call('block/buy', { symbol: 'TCS', quantity: 100 }, investor.headers);
    expect(bought.body.data.trade).toMatchObject({ referencePrice: '3015.00', window: 'afternoon' });
    expect(bought.body.data.position.fillTickAt).toBe(ist(MONDAY, 14, 0));
  });

  it('the engine fixes every eligible reference at the window’s open, once, audited as the system', async () => {
    t.clock.set(ist(MONDAY, 14, 5));
    publishPrice(t, 'INFY', 152_000n);
    await sweep(t);
    const fixed = await t.db
      .selectFrom('block_reference_prices')
      .select(['symbol', 'basis'])
      .where('trading_date', '=', '2026-11-23')
      .where('block_window', '=', 'afternoon')
      .execute();
    expect(fixed.map((row) => row.symbol)).toEqual(expect.arrayContaining(['TCS', 'ITC', 'INFY']));
    const audits = await t.db
      .selectFrom('audit_log')
      .select(['actor_type', 'target_id'])
      .where('action', '=', 'block.references_fixed')
      .execute();
    expect(audits).toContainEqual({ actor_type: 'system', target_id: '2026-11-23:afternoon' });
  });
});

describe('every refusal has its code and changes nothing', () => {
  const investorPromise = createInvestor(t, { cashPaise: RUPEES_5_LAKH });

  it('closed outside the windows, on a weekend and on a holiday', async () => {
    const investor = await investorPromise;
    for (const at of [
      ist(MONDAY, 10, 0),
      ist(MONDAY, 14, 20),
      ist(21, 8, 50),
      ist(24, 8, 50),
      ist(24, 14, 10),
    ]) {
      t.clock.set(at);
      await expectBlockRefusal(investor, {}, 'BLOCK_TRADE_CLOSED');
    }
  });

  it('below the block minimum, outside the band, off the tick', async () => {
    const investor = await investorPromise;
    t.clock.set(ist(MONDAY, 8, 55));
    await t.call('block/list', {}, investor.headers);
    const below = await expectBlockRefusal(investor, { quantity: 99 }, 'BLOCK_QUANTITY_BELOW_MINIMUM');
    expect(below.params).toEqual({ min: 100 });
    await expectBlockRefusal(investor, { quantity: 150.5 }, 'QUANTITY_NOT_WHOLE');
    const above = await expectBlockRefusal(investor, { price: '1010.05' }, 'BEYOND_BLOCK_BAND');
    expect(above.params).toEqual({ lower: '990.00', upper: '1010.00' });
    await expectBlockRefusal(investor, { price: '989.95' }, 'BEYOND_BLOCK_BAND');
    await expectBlockRefusal(investor, { price: '1000.03' }, 'PRICE_OFF_TICK');
  });

  it('the minimum follows its parameter', async () => {
    const investor = await investorPromise;
    t.clock.set(ist(MONDAY, 8, 55));
    await setParameter(t, 'block_quantity_min', 500);
    try {
      const reply = await expectBlockRefusal(investor, { quantity: 499 }, 'BLOCK_QUANTITY_BELOW_MINIMUM');
      expect(reply.params).toEqual({ min: 500 });
    } finally {
      await setParameter(t, 'block_quantity_min', 100);
    }
  });

  it('insufficient funds for amount + fee', async () => {
    t.clock.set(ist(MONDAY, 8, 55));
    // 100 × ₹1,000.00 + ₹118.62 of charges is ₹1,00,118.62; ₹1,00,000.00 is short by the charges.
    const poor = await createInvestor(t, { cashPaise: 10_000_000n });
    await expectBlockRefusal(poor, {}, 'FUNDS_INSUFFICIENT');
  });

  it('not eligible: unknown, an index, crypto, an OTC name', async () => {
    const investor = await investorPromise;
    t.clock.set(ist(MONDAY, 8, 55));
    await expectBlockRefusal(investor, { symbol: 'NOPE' }, 'INSTRUMENT_NOT_FOUND');
    for (const symbol of ['NIFTY50', 'BTCINR', 'DEMOAGRO']) {
      await expectBlockRefusal(investor, { symbol }, 'INSTRUMENT_NOT_TRADABLE');
    }
    const list = await t.call('block/list', {}, investor.headers);
    const symbols = list.body.data.items.map((item: { symbol: string }) => item.symbol);
    expect(symbols).toContain('RELIANCE');
    expect(symbols).not.toContain('NIFTY50');
    expect(symbols).not.toContain('BTCINR');
    expect(symbols).not.toContain('DEMOAGRO');
  });

  it('KYC missing, trading barred, frozen', async () => {
    t.clock.set(ist(MONDAY, 8, 55));
    const unverified = await createInvestor(t, { cashPaise: RUPEES_5_LAKH, kyc: 'pending' });
    await expectBlockRefusal(unverified, {}, 'REAL_NAME_REQUIRED');
    const barred = await createInvestor(t, { cashPaise: RUPEES_5_LAKH });
    await t.db
      .insertInto('user_flags')
      .values({ user_id: barred.id, flag: 'trading_barred', reason: 'test', set_by: 'test' })
      .execute();
    await expectBlockRefusal(barred, {}, 'TRADING_NOT_ALLOWED');
    const frozen = await createInvestor(t, { cashPaise: RUPEES_5_LAKH });
    await t.db
      .insertInto('user_flags')
      .values({ user_id: frozen.id, flag: 'frozen', reason: 'test', set_by: 'test' })
      .execute();
    await expectBlockRefusal(frozen, {}, 'ACCOUNT_FROZEN');
  });

  it('a repeated submission with the same Idempotency-Key buys once and answers the first reply', async () => {
    t.clock.set(ist(MONDAY, 8, 56));
    const investor = await createInvestor(t, { cashPaise: RUPEES_5_LAKH });
    const key = { 'idempotency-key': 'block-buy-once-0001' };
    const first = await buy(investor, {}, key);
    expect(first.body.status).toBe(1);
    const balances = await balancesOf(t, investor.id);
    const trades = await count('block_trades');
    const again = await buy(investor, {}, key);
    expect(again.body).toEqual(first.body);
    expect(await balancesOf(t, investor.id)).toEqual(balances);
    expect(await count('block_trades')).toBe(trades);
  });
});

describe('the block lock, the close and the statement', () => {
  it('a locked block holding refuses an early close with the time left, then closes at the feed', async () => {
    t.clock.set(ist(MONDAY, 8, 57));
    await setParameter(t, 'block_lock_days', 2);
    const investor = await createInvestor(t, { cashPaise: RUPEES_5_LAKH });
    try {
      const detail = await t.call('block/detail', { symbol: 'RELIANCE' }, investor.headers);
      expect(detail.body.data.rules.lockDays).toBe(2);
      const bought = await buy(investor, {});
      expect(bought.body.data.trade).toMatchObject({ lockDays: 2, lockUntil: ist(25, 8, 57) });
      expect(bought.body.data.position).toMatchObject({ locked: true, lockTime: ist(25, 8, 57) });
      const id = bought.body.data.position.id;

      t.clock.set(ist(MONDAY, 10, 0));
      publishPrice(t, 'RELIANCE', 101_000n);
      await settle(t);
      const refused = await expectRefusedWithoutWrites(
        t,
        () => t.call('trade/close', { id }, investor.headers),
        'LOCKED_T_PLUS_DAYS',
      );
      expect(refused.params).toMatchObject({ days: 2 });

      t.clock.set(ist(25, 10, 0));
      publishPrice(t, 'RELIANCE', 101_000n);
      await settle(t);
      // Two days on, the session has idled out: sign in again.
      const again = await logInAgain(t, investor);
      const closed = await t.call('trade/close', { id }, again.headers);
      expect(closed.body.status, JSON.stringify(closed.body)).toBe(1);
      // P&L 100 × ₹10.00; STT 0.1% of the ₹1,01,000.00 sale = ₹101.00 (the tax).
      expect(closed.body.data).toMatchObject({
        origin: 'block',
        sellPrice: '1010.00',
        profitLoss: '1000.00',
        tax: '101.00',
      });

      const statement = await t.call('user/statement', { tab: 'trade' }, again.headers);
      const rows = statement.body.data.items as {
        kind: string;
        reference: string;
        account: string;
        amount: string;
      }[];
      const opening = rows.filter((row) => row.kind === 'trade_open' && row.reference === id);
      expect(opening).toEqual(
        expect.arrayContaining([
          // ₹1,00,000 + STT 100, exchange 2.97, SEBI 0.10, stamp 15, GST 0.55.
          expect.objectContaining({ account: 'cash', amount: '-100118.62' }),
          expect.objectContaining({ account: 'margin', amount: '100000.00' }),
        ]),
      );
      expect(rows.some((row) => row.kind === 'trade_close' && row.reference === id)).toBe(true);
    } finally {
      await setParameter(t, 'block_lock_days', 0);
    }
  });
});

describe('the console reads block trades and references (no offers)', () => {
  it('support lists trades and today’s references; content may not', async () => {
    t.clock.set(ist(MONDAY, 15, 0));
    const support = await createStaff(t, ['support']);
    const trades = await t.call('/api/console/block/trades', { tradingDate: '2026-11-23' }, support.headers);
    expect(trades.body.status, JSON.stringify(trades.body)).toBe(1);
    expect(trades.body.data.items.length).toBeGreaterThan(3);
    expect(trades.body.data.items[0]).toHaveProperty('phone');
    const references = await t.call('/api/console/block/references', {}, support.headers);
    expect(references.body.data.tradingDate).toBe('2026-11-23');
    expect(references.body.data.items).toContainEqual(
      expect.objectContaining({
        symbol: 'TCS',
        window: 'afternoon',
        price: '3015.00',
        basis: 'vwap',
        vwapVolume: 2000,
      }),
    );
    const content = await createStaff(t, ['content']);
    const forbidden = await t.call('/api/console/block/trades', {}, content.headers);
    expect(forbidden.http).toBe(403);
  });
});
