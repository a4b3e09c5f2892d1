import { HOUSE_CHARGE_PURPOSES } from '@nivesh/core';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { houseAccountId, sumAccountPostings } from '../src/repositories/ledger.repository.js';
import { createStaff } from './console-fixtures.js';
import { createInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';
import { balancesOf, mondayIst, publishPrice } from './trading-helpers.js';

/*
 * The charges of every executed order, over HTTP (docs/adr/0020-charges-schedule-and-postings.md):
 * the reference's test vector (100 RELIANCE bought at ₹1,430.10 and sold at ₹1,517.80) as delivery
 * (₹342.47) and as intraday (₹100.17), every line to the paisa, in the positions, the trade_charges
 * rows and the house accounts; the schedules staff add and what they refuse; a new schedule applies
 * from its date.
 */

const t = await startTestApp();
const CASH = 100_000_000n; // ₹10,00,000
const BUY_PAISE = 143_010n;
const SELL_PAISE = 151_780n;

publishPrice(t, 'RELIANCE', BUY_PAISE, { previousClosePaise: BUY_PAISE });

async function houseBalances(): Promise<Record<string, bigint>> {
  const balances: Record<string, bigint> = {};
  for (const purpose of HOUSE_CHARGE_PURPOSES) {
    balances[purpose] = await sumAccountPostings(t.db, await houseAccountId(t.db, purpose, 'INR'));
  }
  return balances;
}

const difference = (after: Record<string, bigint>, before: Record<string, bigint>) =>
  Object.fromEntries(Object.keys(after).map((key) => [key, after[key]! - (before[key] ?? 0n)]));

async function chargeRows(positionId: string) {
  return t.db
    .selectFrom('trade_charges')
    .select([
      'leg',
      'product',
      'side',
      'symbol',
      'quantity',
      'price_paise',
      'turnover_paise',
      sql<string>`trade_date::text`.as('trade_date'),
      'brokerage_paise',
      'stt_paise',
      'exchange_paise',
      'sebi_paise',
      'stamp_paise',
      'gst_paise',
      'dp_paise',
      'total_paise',
      'journal_entry_id',
    ])
    .where('position_id', '=', BigInt(positionId))
    .orderBy('id')
    .execute();
}

async function entryIdOf(key: string): Promise<bigint> {
  const row = await t.db
    .selectFrom('journal_entries')
    .select('id')
    .where('entry_key', '=', key)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function roundTrip(headers: Record<string, string>, body: Record<string, unknown>) {
  publishPrice(t, 'RELIANCE', BUY_PAISE);
  const opened = await t.call(
    'trade/open',
    { symbol: 'RELIANCE', side: 'long', orderType: 'market', quantity: 100, leverage: 1, ...body },
    headers,
  );
  expect(opened.body.status, JSON.stringify(opened.body)).toBe(1);
  publishPrice(t, 'RELIANCE', SELL_PAISE);
  const closed = await t.call('trade/close', { id: opened.body.data.id }, headers);
  expect(closed.body.status, JSON.stringify(closed.body)).toBe(1);
  return { opened: opened.body.data, closed: closed.body.data };
}

describe('the test vector through the API', () => {
  it('delivery (CNC): ₹342.47, every line to the paisa, in the position, its rows and the house accounts', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
    const houseBefore = await houseBalances();
    const { opened, closed } = await roundTrip(investor.headers, {});
    expect(opened).toMatchObject({ confirmPrice: '1430.10', openFee: '169.63' });
    // The position keeps adding up: close fee = the sale's charges but STT; tax = the sale's STT.
    expect(closed).toMatchObject({
      sellPrice: '1517.80',
      profitLoss: '8770.00',
      openFee: '169.63',
      closeFee: '20.84',
      tax: '152.00',
      fee: '190.47',
      netProfitLoss: '8427.53',
    });
    const rows = await chargeRows(opened.id);
    expect(rows).toEqual([
      {
        leg: 'open',
        product: 'CNC',
        side: 'buy',
        symbol: 'RELIANCE',
        quantity: 100n,
        price_paise: BUY_PAISE,
        turnover_paise: 14_301_000n,
        trade_date: '2026-11-23',
        brokerage_paise: 0n,
        stt_paise: 14_300n,
        exchange_paise: 425n,
        sebi_paise: 14n,
        stamp_paise: 2_145n,
        gst_paise: 79n,
        dp_paise: 0n,
        total_paise: 16_963n,
        journal_entry_id: await entryIdOf(`order:${opened.id}:open`),
      },
      {
        leg: 'close',
        product: 'CNC',
        side: 'sell',
        symbol: 'RELIANCE',
        quantity: 100n,
        price_paise: SELL_PAISE,
        turnover_paise: 15_178_000n,
        trade_date: '2026-11-23',
        brokerage_paise: 0n,
        stt_paise: 15_200n,
        exchange_paise: 451n,
        sebi_paise: 15n,
        stamp_paise: 0n,
        gst_paise: 84n,
        dp_paise: 1_534n,
        total_paise: 17_284n,
        journal_entry_id: await entryIdOf(`position:${opened.id}:close`),
      },
    ]);
    expect(rows[0]!.total_paise + rows[1]!.total_paise).toBe(34_247n);
    // STT 295.00, exchange 8.76, SEBI 0.29, stamp 21.45, GST 1.63 + the DP charge's 2.34, DP 13.00.
    expect(difference(await houseBalances(), houseBefore)).toEqual({
      house_brokerage: 0n,
      house_stt_payable: 29_500n,
      house_exchange_charges_payable: 876n,
      house_sebi_fees_payable: 29n,
      house_stamp_duty_payable: 2_145n,
      house_gst_payable: 163n + 234n,
      house_dp_charges: 1_300n,
    });
    const after = await balancesOf(t, investor.id);
    expect(after.cash! - CASH).toBe(877_000n - 34_247n);
    expect(after.margin).toBe(0n);
  });

  it('intraday (MIS): ₹100.17, brokerage capped at ₹20 an order, STT on the sale only, no DP', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
    await t.db
      .updateTable('users')
      .set({ day_trading_status: 'approved' })
      .where('id', '=', investor.id)
      .execute();
    const houseBefore = await houseBalances();
    const { opened, closed } = await roundTrip(investor.headers, { intraday: true });
    expect(opened).toMatchObject({ openFee: '33.07' });
    expect(closed).toMatchObject({ closeFee: '29.10', tax: '38.00', fee: '62.17' });
    const rows = await chargeRows(opened.id);
    expect(rows.map(({ journal_entry_id: _, ...row }) => row)).toEqual([
      expect.objectContaining({
        leg: 'open',
        product: 'MIS',
        side: 'buy',
        brokerage_paise: 2_000n,
        stt_paise: 0n,
        exchange_paise: 425n,
        sebi_paise: 14n,
        stamp_paise: 429n,
        gst_paise: 439n,
        dp_paise: 0n,
        total_paise: 3_307n,
      }),
      expect.objectContaining({
        leg: 'close',
        product: 'MIS',
        side: 'sell',
        brokerage_paise: 2_000n,
        stt_paise: 3_800n,
        exchange_paise: 451n,
        sebi_paise: 15n,
        stamp_paise: 0n,
        gst_paise: 444n,
        dp_paise: 0n,
        total_paise: 6_710n,
      }),
    ]);
    expect(difference(await houseBalances(), houseBefore)).toEqual({
      house_brokerage: 4_000n,
      house_stt_payable: 3_800n,
      house_exchange_charges_payable: 876n,
      house_sebi_fees_payable: 29n,
      house_stamp_duty_payable: 429n,
      house_gst_payable: 883n,
      house_dp_charges: 0n,
    });
    expect((await balancesOf(t, investor.id)).cash! - CASH).toBe(877_000n - 10_017n);
  });

  it('the DP charge is once per scrip per day: a second delivery sale of it that day pays none', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
    const first = await roundTrip(investor.headers, { quantity: 1 });
    const second = await roundTrip(investor.headers, { quantity: 1 });
    expect((await chargeRows(first.opened.id))[1]!.dp_paise).toBe(1_534n);
    expect((await chargeRows(second.opened.id))[1]!.dp_paise).toBe(0n);
  });

  it('a pending order holds its charges and writes its row when a tick fills it', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
    publishPrice(t, 'RELIANCE', SELL_PAISE);
    const placed = await t.call(
      'trade/open',
      { symbol: 'RELIANCE', side: 'long', orderType: 'limit', price: '1430.10', quantity: 100, leverage: 1 },
      investor.headers,
    );
    // Margin ₹1,43,010.00 + the opening charges at the limit, ₹169.63.
    expect(placed.body.data).toMatchObject({ status: 'pending', held: '143179.63' });
    expect(await chargeRows(placed.body.data.id)).toEqual([]);
    publishPrice(t, 'RELIANCE', BUY_PAISE);
    await t.app.tradingEngine!.idle();
    const rows = await chargeRows(placed.body.data.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ leg: 'open', total_paise: 16_963n, stt_paise: 14_300n });
    expect(await balancesOf(t, investor.id)).toMatchObject({
      cash: CASH - 14_301_000n - 16_963n,
      order_hold: 0n,
      margin: 14_301_000n,
    });
  });

  it('trade/estimate answers the same lines as the trade, and the net amount', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
    publishPrice(t, 'RELIANCE', BUY_PAISE);
    const estimate = await t.call(
      'trade/estimate',
      { symbol: 'RELIANCE', side: 'long', quantity: 100, leverage: 1 },
      investor.headers,
    );
    expect(estimate.body.data).toEqual({
      leg: 'open',
      product: 'CNC',
      tradeSide: 'buy',
      symbol: 'RELIANCE',
      quantity: 100,
      price: '1430.10',
      turnover: '143010.00',
      charges: {
        brokerage: '0.00',
        stt: '143.00',
        exchange: '4.25',
        sebi: '0.14',
        stampDuty: '21.45',
        gst: '0.79',
        dp: '0.00',
        total: '169.63',
      },
      margin: '143010.00',
      netAmount: '143179.63',
      scheduleFrom: '2024-10-01',
    });
    const intraday = await t.call(
      'trade/estimate',
      {
        symbol: 'RELIANCE',
        side: 'long',
        orderType: 'limit',
        quantity: 100,
        intraday: true,
        price: '1517.80',
      },
      investor.headers,
    );
    // An intraday buy of ₹1,51,780: brokerage capped at ₹20; stamp 0.003% = 4.5534 → 4.55; GST 18% of 24.66.
    expect(intraday.body.data).toMatchObject({
      product: 'MIS',
      charges: { brokerage: '20.00', stt: '0.00', stampDuty: '4.55', gst: '4.44', total: '33.65' },
    });

    const opened = await t.call(
      'trade/open',
      { symbol: 'RELIANCE', side: 'long', orderType: 'market', quantity: 100, leverage: 1 },
      investor.headers,
    );
    publishPrice(t, 'RELIANCE', SELL_PAISE);
    const closing = await t.call('trade/estimate', { closingId: opened.body.data.id }, investor.headers);
    expect(closing.body.data).toMatchObject({
      leg: 'close',
      tradeSide: 'sell',
      price: '1517.80',
      charges: { stt: '152.00', exchange: '4.51', sebi: '0.15', gst: '0.84', dp: '15.34', total: '172.84' },
      // Margin ₹1,43,010 + P&L ₹8,770 − ₹172.84.
      netAmount: '151607.16',
    });
    await t.call('trade/close', { id: opened.body.data.id }, investor.headers);
    expect((await balancesOf(t, investor.id)).cash).toBe(CASH - 14_301_000n - 16_963n + 15_160_716n);
    const missing = await t.call('trade/estimate', { side: 'long', quantity: 1 }, investor.headers);
    expect(missing.body).toMatchObject({ status: 0, code: 'VALIDATION_FAILED' });
  });
});

describe('charge schedules in the console', () => {
  const schedule = (effectiveFrom: string, overrides: Record<string, unknown> = {}) => ({
    effectiveFrom,
    brokerage: {
      CNC: { kind: 'zero' },
      MIS: { kind: 'percent', ratePercent: '0.03', cap: '20.00' },
      MTF: { kind: 'flat', perOrder: '15.00' },
    },
    sttDeliveryBuy: '0.2',
    sttDeliverySell: '0.2',
    sttIntradayBuy: '0',
    sttIntradaySell: '0.025',
    exchange: '0.00297',
    sebi: '0.0001',
    stampDeliveryBuy: '0.015',
    stampIntradayBuy: '0.003',
    gst: '18',
    dpCharge: '13.00',
    reason: 'STT on delivery doubled by the Finance Act (test)',
    ...overrides,
  });
  const scheduleCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('charge_schedules')
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses a negative or malformed rate, today or a past date, a taken date, and other roles', async () => {
    const finance = await createStaff(t, ['finance']);
    const support = await createStaff(t, ['support']);
    const before = await scheduleCount();
    const add = (body: unknown, headers = finance.headers) =>
      t.call('/api/console/charges/addSchedule', body, headers);
    expect((await add(schedule('2026-12-01', { sebi: '-0.0001' }))).body).toMatchObject({
      code: 'CHARGE_RATE_INVALID',
      params: { field: 'sebi' },
    });
    expect((await add(schedule('2026-12-01', { gst: '100.5' }))).body.code).toBe('CHARGE_RATE_INVALID');
    expect((await add(schedule('2026-12-01', { exchange: '0.000000001' }))).body.code).toBe(
      'CHARGE_RATE_INVALID',
    );
    expect((await add(schedule('2026-11-23'))).body).toMatchObject({
      code: 'CHARGE_SCHEDULE_DATE_NOT_FUTURE',
      params: { today: '2026-11-23' },
    });
    expect((await add(schedule('2026-01-01'))).body.code).toBe('CHARGE_SCHEDULE_DATE_NOT_FUTURE');
    expect((await add(schedule('2026-02-30'))).body.code).toBe('VALIDATION_FAILED');
    expect((await add(schedule('2026-12-01'), support.headers)).http).toBe(403);
    expect(await scheduleCount()).toBe(before);

    expect((await add(schedule('2026-12-01'))).body.status).toBe(1);
    expect((await add(schedule('2026-12-01'))).body).toMatchObject({
      code: 'CHARGE_SCHEDULE_DATE_TAKEN',
      params: { date: '2026-12-01' },
    });
    expect(await scheduleCount()).toBe(before + 1);
  });

  it('lists the schedules with the one in force, and the house charge accounts', async () => {
    const compliance = await createStaff(t, ['compliance']);
    const listed = await t.call('/api/console/charges/schedules', {}, compliance.headers);
    expect(listed.body.data.today).toBe('2026-11-23');
    expect(listed.body.data.items[0]).toMatchObject({
      effectiveFrom: '2024-10-01',
      inForce: true,
      exchange: '0.00297',
      sebi: '0.0001',
      gst: '18',
      dpCharge: '13.00',
      brokerage: { CNC: { kind: 'zero' }, MIS: { kind: 'percent', ratePercent: '0.03', cap: '20.00' } },
    });
    const accounts = await t.call('/api/console/charges/houseAccounts', {}, compliance.headers);
    const byPurpose = Object.fromEntries(
      accounts.body.data.items.map((item: { purpose: string }) => [item.purpose, item]),
    );
    const house = await houseBalances();
    expect(byPurpose.house_stt_payable).toMatchObject({
      owedTo: 'government',
      balance: (Number(house.house_stt_payable) / 100).toFixed(2),
    });
    expect(byPurpose.house_exchange_charges_payable.owedTo).toBe('exchange');
    expect(byPurpose.house_sebi_fees_payable.owedTo).toBe('sebi');
    expect(byPurpose.house_brokerage.owedTo).toBe('broker');
  });

  // Last: moves the clock forward for good.
  it('a trade is charged at the schedule in force on its IST trade date, audited when added', async () => {
    const admin = await createStaff(t, ['admin']);
    const added = await t.call(
      '/api/console/charges/addSchedule',
      schedule('2026-11-25', { reason: 'from Wednesday' }),
      admin.headers,
    );
    expect(added.body.status, JSON.stringify(added.body)).toBe(1);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'target_type', 'before', 'after', 'reason'])
      .where('action', '=', 'charges.schedule_add')
      .where('target_id', '=', added.body.data.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor_id: admin.id,
      target_type: 'charge_schedule',
      reason: 'from Wednesday',
    });
    expect(audit.before).toMatchObject({ effectiveFrom: '2024-10-01', sttDeliveryBuy: '0.1' });
    expect(audit.after).toMatchObject({ effectiveFrom: '2026-11-25', sttDeliveryBuy: '0.2' });

    const investor = await createInvestor(t, { cashPaise: CASH });
    publishPrice(t, 'RELIANCE', BUY_PAISE);
    // A limit order placed on Monday holds the worst charges of any schedule from Monday on.
    const pending = await t.call(
      'trade/open',
      { symbol: 'RELIANCE', side: 'long', orderType: 'limit', price: '1400.00', quantity: 100, leverage: 1 },
      investor.headers,
    );
    // Wednesday's: STT 0.2% of ₹1,40,000 = ₹280; exchange 4.158 → 4.16; SEBI 0.14; stamp 21.00; GST 0.77.
    expect(pending.body.data.held).toBe('140306.07');
    await t.call('trade/cancel', { id: pending.body.data.id }, investor.headers);

    const opened = await t.call(
      'trade/open',
      { symbol: 'RELIANCE', side: 'long', orderType: 'market', quantity: 100, leverage: 1 },
      investor.headers,
    );
    expect(opened.body.data.openFee).toBe('169.63'); // Monday: the 2024-10-01 rates
    t.clock.set(mondayIst(10, 0) + 2 * 86_400_000);
    publishPrice(t, 'RELIANCE', SELL_PAISE);
    // Two days on, the session has expired: log in again.
    const login = await t.call('user/login', { account: investor.phone, password: investor.password });
    const headers = { token: login.body.data.token as string, account: investor.phone };
    const closed = await t.call('trade/close', { id: opened.body.data.id }, headers);
    expect(closed.body.status, JSON.stringify(closed.body)).toBe(1);
    // Wednesday: STT 0.2% of ₹1,51,780 = ₹303.56 → ₹304.
    expect(closed.body.data).toMatchObject({ tax: '304.00', closeFee: '20.84' });
    const rows = await chargeRows(opened.body.data.id);
    expect(rows.map((row) => [row.trade_date, row.stt_paise])).toEqual([
      ['2026-11-23', 14_300n],
      ['2026-11-25', 30_400n],
    ]);
  });
});
