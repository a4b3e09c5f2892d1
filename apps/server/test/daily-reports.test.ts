import { createRequire } from 'node:module';
import path from 'node:path';
import { sql } from 'kysely';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { createInvestor, createStaff, type TestStaff } from './fixtures.js';
import { consoleCall, investorWithBank } from './funds-fixtures.js';
import { startTestApp } from './harness.js';
import { publishPrice, sweep } from './trading-helpers.js';

/*
 * End-of-day reports (docs/adr/0033) over HTTP: a Monday with deposits, a paid withdrawal, a pending
 * one, trades with every charge line (docs/adr/0020's test vector) and a holding left open, each
 * figure checked in paise against what the day did; money before the previous close and after this
 * close stays out; the job makes the report after the close, staff make a missed day's, and a report
 * once made does not change.
 */

const t = await startTestApp();
const standardFontDataUrl = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

/** IST wall-clock instants of November 2026. */
const ist = (day: number, hours: number, minutes: number) => Date.UTC(2026, 10, day, hours - 5, minutes - 30);
const rupees = (paise: bigint) => {
  const sign = paise < 0n ? '-' : '';
  const abs = paise < 0n ? -paise : paise;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

async function pdfText(bytes: Buffer): Promise<string> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl,
    isEvalSupported: false,
  }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join('\n');
}

async function download(staff: TestStaff, what: 'csv' | 'pdf', tradeDate: string) {
  const reply = await t.app.inject({
    method: 'POST',
    url: `/api/console/dailyReports/${what}`,
    payload: { tradeDate },
    headers: staff.headers,
  });
  return {
    http: reply.statusCode,
    type: String(reply.headers['content-type'] ?? ''),
    bytes: reply.rawPayload,
  };
}

// Friday 20 November, 11:00 IST, before the period of Monday's report: an investor funded then.
t.clock.set(ist(20, 11, 0));
const fridayInvestor = await createInvestor(t, { cashPaise: 5_000_000n });

// Monday 23 November, 10:00 IST: the day the report is about.
t.clock.set(ist(23, 10, 0));
const finance = await createStaff(t, ['finance']);
const support = await createStaff(t, ['support']);
const trader = await createInvestor(t, { cashPaise: 100_000_000n });
const saver = await investorWithBank(t, { cashPaise: 10_000_000n });

const BUY_PAISE = 143_010n;
const SELL_PAISE = 151_780n;
publishPrice(t, 'RELIANCE', BUY_PAISE, { previousClosePaise: BUY_PAISE });

// Neither the house's money nor virtual money is the clients': a copy-trading product's strategy
// account funded from the house strategy capital, and a paper account (₹1,00,00,000 of virtual cash)
// that buys 5 RELIANCE with paper charges. The report leaves all of it out.
const strategyProduct = await consoleCall(t, await createStaff(t, ['admin']), 'follow/create', {
  name: 'House momentum',
  description: 'funded from the house strategy capital',
  fundSize: '500000.00',
  minInvestment: '10000.00',
  copyUntil: ist(23, 14, 0),
  endsAt: ist(27, 15, 0),
  reason: 'a strategy for the end-of-day report',
});
expect(strategyProduct.body.data?.strategyCash, JSON.stringify(strategyProduct.body)).toBe('500000.00');
// No real money: its paper account is opened with virtual cash alone.
const paperTrader = await createInvestor(t);
const toPaper = await t.call('paper/switch', { book: 'paper' }, paperTrader.headers);
expect(toPaper.body.status, JSON.stringify(toPaper.body)).toBe(1);
const paperBuy = await t.call(
  'trade/open',
  { symbol: 'RELIANCE', side: 'long', orderType: 'market', quantity: 5, leverage: 1 },
  paperTrader.headers,
);
expect(paperBuy.body.status, JSON.stringify(paperBuy.body)).toBe(1);
const roundTrip = await t.call(
  'trade/open',
  { symbol: 'RELIANCE', side: 'long', orderType: 'market', quantity: 100, leverage: 1 },
  trader.headers,
);
expect(roundTrip.body.status, JSON.stringify(roundTrip.body)).toBe(1);
const kept = await t.call(
  'trade/open',
  { symbol: 'RELIANCE', side: 'long', orderType: 'market', quantity: 10, leverage: 1 },
  trader.headers,
);
expect(kept.body.status, JSON.stringify(kept.body)).toBe(1);
publishPrice(t, 'RELIANCE', SELL_PAISE);
const closed = await t.call('trade/close', { id: roundTrip.body.data.id }, trader.headers);
expect(closed.body.status, JSON.stringify(closed.body)).toBe(1);

const paidRequest = await t.call(
  'cashout/submit',
  { amount: '25000.00', destinationId: saver.bankId, fundPassword: 'Fund1234' },
  saver.headers,
);
expect(paidRequest.body.status, JSON.stringify(paidRequest.body)).toBe(1);
const paid = await consoleCall(t, finance, 'withdrawals/approve', {
  id: paidRequest.body.data.id,
  payoutReference: 'UTR-EOD-0001',
});
expect(paid.body.data?.status, JSON.stringify(paid.body)).toBe('approved');
const pendingRequest = await t.call(
  'cashout/submit',
  { amount: '1000.00', destinationId: saver.bankId, fundPassword: 'Fund1234' },
  saver.headers,
);
expect(pendingRequest.body.status, JSON.stringify(pendingRequest.body)).toBe(1);

/** The charges of the 10 shares kept, as recorded when they were bought (docs/adr/0020). */
const keptCharges = await t.db
  .selectFrom('trade_charges')
  .selectAll()
  .where('position_id', '=', BigInt(kept.body.data.id))
  .executeTakeFirstOrThrow();

describe('the end-of-day report of a trading day', () => {
  it('cannot be made before the close, for a weekend or holiday, or by support', async () => {
    const early = await consoleCall(t, finance, 'dailyReports/compute', {
      tradeDate: '2026-11-23',
      reason: 'early',
    });
    expect(early.body).toMatchObject({ status: 0, code: 'DAILY_REPORT_DAY_OPEN' });
    const sunday = await consoleCall(t, finance, 'dailyReports/compute', {
      tradeDate: '2026-11-22',
      reason: 'weekend',
    });
    expect(sunday.body).toMatchObject({ status: 0, code: 'DAILY_REPORT_NOT_TRADING_DAY' });
    expect(sunday.body.msg).toContain('2026-11-22');
    const hindi = await t.call(
      '/api/console/dailyReports/compute',
      { tradeDate: '2026-11-24', reason: 'holiday' },
      { ...finance.headers, lang: 'hi' },
    );
    expect(hindi.body).toMatchObject({ status: 0, code: 'DAILY_REPORT_NOT_TRADING_DAY' });
    expect(hindi.body.msg).toContain('ट्रेडिंग दिन नहीं है');
    const bySupport = await consoleCall(t, support, 'dailyReports/list', {});
    expect(bySupport.http).toBe(403);
    expect(
      await t.db
        .selectFrom('daily_reports')
        .select('trade_date')
        .where('trade_date', '=', '2026-11-23')
        .execute(),
    ).toEqual([]);
  });

  it('is made by the job after the close, every figure in paise from the ledger', async () => {
    // Monday 16:00 IST: after the close, money that arrives belongs to the next trading day.
    t.clock.set(ist(23, 16, 0));
    const evening = await createInvestor(t, { cashPaise: 7_000_000n });
    expect(evening.id).toBeGreaterThan(0n);
    await sweep(t);

    const listed = await consoleCall(t, await createStaff(t, ['compliance']), 'dailyReports/list', {});
    expect(listed.body.status, JSON.stringify(listed.body)).toBe(1);
    const report = listed.body.data.items.find(
      (item: { tradeDate: string }) => item.tradeDate === '2026-11-23',
    );
    expect(report).toBeDefined();

    const openChargesPaise = keptCharges.total_paise;
    // The open buy's own lines: STT ₹14, exchange ₹0.42, SEBI ₹0.01, stamp ₹2.15, GST ₹0.08.
    expect([
      keptCharges.stt_paise,
      keptCharges.exchange_paise,
      keptCharges.sebi_paise,
      keptCharges.stamp_paise,
      keptCharges.gst_paise,
    ]).toEqual([1_400n, 42n, 1n, 215n, 8n]);
    expect(openChargesPaise).toBe(1_666n);

    expect(report).toMatchObject({
      tradeDate: '2026-11-23',
      firstDate: '2026-11-21',
      periodStart: ist(20, 15, 30),
      periodEnd: ist(23, 15, 30),
      computedBy: 'system',
      reason: null,
      // Monday's two deposits, not Friday's (before the period) nor the evening's (after it).
      fundsReceived: [
        { currency: 'INR', kind: 'deposit_approved', entries: 2, amount: rupees(110_000_000n) },
      ],
      fundsPaid: [{ currency: 'INR', kind: 'withdrawal_paid', entries: 1, amount: rupees(2_500_000n) }],
      turnover: {
        orders: 3,
        buy: rupees(14_301_000n + 1_430_100n),
        sell: rupees(15_178_000n),
        total: rupees(14_301_000n + 1_430_100n + 15_178_000n),
      },
      charges: [
        { component: 'brokerage', account: 'house_brokerage', amount: '0.00' },
        { component: 'stt', account: 'house_stt_payable', amount: rupees(29_500n + 1_400n) },
        { component: 'exchange', account: 'house_exchange_charges_payable', amount: rupees(876n + 42n) },
        { component: 'sebi', account: 'house_sebi_fees_payable', amount: rupees(29n + 1n) },
        { component: 'stamp', account: 'house_stamp_duty_payable', amount: rupees(2_145n + 215n) },
        { component: 'gst', account: 'house_gst_payable', amount: rupees(163n + 234n + 8n) },
        { component: 'dp', account: 'house_dp_charges', amount: rupees(1_300n) },
      ],
      chargesTotal: rupees(34_247n + 1_666n),
      openPositions: [{ currency: 'INR', count: 1, margin: rupees(1_430_100n) }],
      pendingReviews: [
        { queue: 'kyc', count: 0 },
        { queue: 'day_trading', count: 0 },
        { queue: 'deposits', count: 0 },
        { queue: 'withdrawals', count: 1 },
        { queue: 'loans', count: 0 },
        { queue: 'approvals', count: 0 },
      ],
      reconciliation: { ok: true, problems: 0, details: [] },
    });
    // Client money at the close: Friday's ₹50,000; the trader's ₹10,00,000 with the round trip's
    // P&L less every charge paid; the saver's ₹1,00,000 less the ₹25,000 paid out (the pending
    // ₹1,000 is still theirs, on hold). The evening's ₹70,000 came after the close.
    // The paper account's virtual cash and the strategy account's house capital are not in it.
    const heldPaise =
      5_000_000n + (100_000_000n + 877_000n - 34_247n - openChargesPaise) + (10_000_000n - 2_500_000n);
    expect(report.clientMoney).toEqual([
      { currency: 'INR', held: rupees(heldPaise), loansOwed: '0.00', accounts: expect.any(Number) },
    ]);
    // The charges agree with the rows each executed order wrote with its entry.
    const rows = await t.db
      .selectFrom('trade_charges')
      .innerJoin('users', 'users.id', 'trade_charges.user_id')
      .select((eb) => eb.fn.sum<string>('trade_charges.total_paise').as('total'))
      .where('trade_charges.trade_date', '=', '2026-11-23')
      // The paper account's rows are its shadow user's (ADR 0026): its charges were never collected.
      .where('users.account_kind', '<>', 'paper')
      .executeTakeFirstOrThrow();
    expect(rupees(BigInt(rows.total))).toBe(report.chargesTotal);
    expect(fridayInvestor.id).toBeGreaterThan(0n);
  });

  it('downloads as CSV and as PDF in Indian digit grouping', async () => {
    const csv = await download(finance, 'csv', '2026-11-23');
    expect(csv.http).toBe(200);
    expect(csv.type).toContain('text/csv');
    const text = csv.bytes.toString('utf8');
    expect(text.split('\n')[0]).toBe('"section","item","currency","value"');
    expect(text).toContain('"funds received","deposit_approved","INR",1100000.00');
    expect(text).toContain('"funds paid","withdrawal_paid","INR",25000.00');
    expect(text).toContain('"charges","Securities transaction tax (STT)","INR",309.00');
    expect(text).toContain('"charges","total","INR",359.13');
    expect(text).toContain('"pending reviews","Withdrawals","",1');

    const pdf = await download(finance, 'pdf', '2026-11-23');
    expect(pdf.http).toBe(200);
    expect(pdf.type).toContain('application/pdf');
    const words = await pdfText(pdf.bytes);
    expect(words).toContain('END-OF-DAY REPORT');
    expect(words).toContain('Rs 11,00,000.00');
    expect(words).toContain('Rs 3,09,091.00');
    expect(words).toContain('The ledger reconciles');

    // Friday's report was made when the engine started on Monday (it catches up the last close).
    const missing = await consoleCall(t, finance, 'dailyReports/csv', { tradeDate: '2026-11-19' });
    expect(missing.body).toMatchObject({ status: 0, code: 'DAILY_REPORT_NOT_FOUND' });
  });

  it('a missed day is made by finance with a reason, audited, once; a made report never changes', async () => {
    // Wednesday 25 November, 16:00 IST (Tuesday was Guru Nanak Jayanti): the engine's job has not run.
    t.clock.set(ist(25, 16, 0));
    const financeLater = await createStaff(t, ['finance']);
    const refusedReason = await consoleCall(t, financeLater, 'dailyReports/compute', {
      tradeDate: '2026-11-25',
    });
    expect(refusedReason.body.status).toBe(0);
    const made = await consoleCall(t, financeLater, 'dailyReports/compute', {
      tradeDate: '2026-11-25',
      reason: 'server was down at the close',
    });
    expect(made.body.status, JSON.stringify(made.body)).toBe(1);
    // Monday evening's ₹70,000 and nothing of Monday's day: the period runs from Monday's close.
    expect(made.body.data).toMatchObject({
      tradeDate: '2026-11-25',
      firstDate: '2026-11-24',
      computedBy: financeLater.username,
      reason: 'server was down at the close',
      fundsReceived: [{ currency: 'INR', kind: 'deposit_approved', entries: 1, amount: '70000.00' }],
      fundsPaid: [],
      turnover: { orders: 0, total: '0.00' },
      chargesTotal: '0.00',
      openPositions: [{ currency: 'INR', count: 1, margin: rupees(1_430_100n) }],
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'target_id', 'reason'])
      .where('action', '=', 'daily_report.compute')
      .execute();
    expect(audit).toEqual([
      { actor_id: String(financeLater.id), target_id: '2026-11-25', reason: 'server was down at the close' },
    ]);

    const again = await consoleCall(t, financeLater, 'dailyReports/compute', {
      tradeDate: '2026-11-23',
      reason: 'again',
    });
    expect(again.body).toMatchObject({ status: 0, code: 'DAILY_REPORT_EXISTS' });

    // More money moves; Monday's stored report stays as made, and the database refuses a change.
    await createInvestor(t, { cashPaise: 1_000_000n });
    const before = await consoleCall(t, financeLater, 'dailyReports/list', { limit: 5 });
    expect(before.body.data.items.map((item: { tradeDate: string }) => item.tradeDate)).toEqual([
      '2026-11-25',
      '2026-11-23',
      '2026-11-20',
    ]);
    const monday = before.body.data.items[1];
    expect(monday.fundsReceived[0].amount).toBe('1100000.00');
    await expect(
      sql`UPDATE daily_reports SET reason = 'edited' WHERE trade_date = '2026-11-23'`.execute(t.db),
    ).rejects.toThrow();
    await expect(
      sql`DELETE FROM daily_reports WHERE trade_date = '2026-11-23'`.execute(t.db),
    ).rejects.toThrow();
    const page = await consoleCall(t, financeLater, 'dailyReports/list', { before: '2026-11-23' });
    expect(page.body.data.items.map((item: { tradeDate: string }) => item.tradeDate)).toEqual(['2026-11-20']);
  });
});
