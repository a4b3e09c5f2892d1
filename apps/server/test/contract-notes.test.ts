import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { formatIndianGrouping, formatPaise } from '@nivesh/core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { findContractNote } from '../src/repositories/contract-note.repository.js';
import { renderContractNoteAgain } from '../src/use-cases/contract-notes/issue-contract-notes.js';
import { createInvestor, createStaff, logInAgain, type TestInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';
import { recordTradeCharges } from './trade-charges-fixtures.js';
import { mondayIst, publishPrice, sweep } from './trading-helpers.js';

/*
 * Contract notes (docs/adr/0021-contract-notes.md), holdings and the tax P&L over HTTP. Trades write
 * their own trade_charges rows (docs/adr/0020); recordTradeCharges reads them, and moves a leg into
 * the past where a test needs an old lot.
 */

const t = await startTestApp();
const RUPEES_10_LAKH = 100_000_000n;
const MONDAY = '2026-11-23';

const standardFontDataUrl = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

/** The text of every page of a PDF, each page's strings joined by spaces. */
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

async function download(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ http: number; type: string; bytes: Buffer; json: () => Record<string, unknown> }> {
  const reply = await t.app.inject({ method: 'POST', url: path, payload: body as object, headers });
  return {
    http: reply.statusCode,
    type: String(reply.headers['content-type'] ?? ''),
    bytes: reply.rawPayload,
    json: () => reply.json() as Record<string, unknown>,
  };
}

const open = async (investor: TestInvestor, body: Record<string, unknown>) => {
  const reply = await t.call(
    'trade/open',
    { side: 'long', orderType: 'market', leverage: 1, ...body },
    investor.headers,
  );
  expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
  return BigInt(reply.body.data.id);
};

// Monday 2026-11-23, 10:00 IST: RELIANCE at the reference's ₹1,430.10, TCS at ₹3,000.00.
publishPrice(t, 'RELIANCE', 143_010n, { previousClosePaise: 140_000n });
publishPrice(t, 'TCS', 300_000n, { previousClosePaise: 300_000n });

let trader = await createInvestor(t, { cashPaise: RUPEES_10_LAKH, realName: 'Asha Rao' });
let idle = await createInvestor(t, { cashPaise: RUPEES_10_LAKH });

/** Moves the test clock, signing both investors in again (sessions expire when idle). */
async function setClock(atMs: number): Promise<void> {
  t.clock.set(atMs);
  trader = await logInAgain(t, trader);
  idle = await logInAgain(t, idle);
}
const reliance = await open(trader, { symbol: 'RELIANCE', quantity: 100 });
const tcs = await open(trader, { symbol: 'TCS', quantity: 5 });
t.clock.set(mondayIst(11, 0));
publishPrice(t, 'TCS', 310_000n);
const closed = await t.call('trade/close', { id: String(tcs) }, trader.headers);
expect(closed.body.status, JSON.stringify(closed.body)).toBe(1);
const [relianceBuy] = await recordTradeCharges(t, reliance);
const [tcsBuy, tcsSell] = await recordTradeCharges(t, tcs);

describe('contract notes after the session close', () => {
  it('no note before the close; after it, one per investor who traded, announced by a message', async () => {
    await setClock(mondayIst(15, 0));
    await sweep(t);
    expect(await t.db.selectFrom('contract_notes').selectAll().execute()).toEqual([]);

    await setClock(mondayIst(15, 31));
    await sweep(t);
    const notes = await t.db.selectFrom('contract_notes').select(['user_id', 'number']).execute();
    expect(notes).toEqual([{ user_id: trader.id, number: 'CN/2026-27/000001' }]);

    const messages = await t.call('message/list', {}, trader.headers);
    expect(JSON.stringify(messages.body.data)).toContain('CN/2026-27/000001');
    const listed = await t.call('contractNote/list', {}, trader.headers);
    expect(listed.body.data.items).toEqual([
      expect.objectContaining({ number: 'CN/2026-27/000001', tradeDate: MONDAY, tradeCount: 3 }),
    ]);
    expect((await t.call('contractNote/list', {}, idle.headers)).body.data.items).toEqual([]);
  });

  it('the PDF lists every order, every charge line and the net obligation', async () => {
    const [item] = (await t.call('contractNote/list', {}, trader.headers)).body.data.items;
    const reply = await download('/api/vue/contractNote/pdf', { id: item.id }, trader.headers);
    expect(reply.http).toBe(200);
    expect(reply.type).toBe('application/pdf');
    expect(createHash('sha256').update(reply.bytes).digest('hex')).toBe(item.sha256);
    const text = await pdfText(reply.bytes);
    for (const expected of [
      'CONTRACT NOTE',
      'CN/2026-27/000001',
      `Trade date: ${MONDAY}`,
      'Nivesh Securities Private Limited',
      'SEBI registration: INZ000000000',
      'grievances@nivesh.example',
      'Asha Rao',
      String(relianceBuy),
      String(tcsBuy),
      String(tcsSell),
      '10:00:00',
      '11:00:00',
      'RELIANCE',
      '1,430.10',
      '1,43,010.00',
      'TCS',
      '3,100.00',
      '15,500.00',
      'Securities transaction tax (STT)',
      'Exchange transaction charges',
      'SEBI turnover fees',
      'Stamp duty',
      'GST',
      'DP charges',
      'Total charges',
      'payable by client (pay-in)',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // Sold ₹15,500.00, bought ₹1,43,010.00 + ₹15,000.00; the charges as recorded.
    const charges = await t.db
      .selectFrom('trade_charges')
      .select('total_paise')
      .where('user_id', '=', trader.id)
      .execute();
    const totalChargesPaise = charges.reduce((sum, row) => sum + row.total_paise, 0n);
    const netPaise = 1_550_000n - 14_301_000n - 1_500_000n - totalChargesPaise;
    expect(item.netObligation).toBe(formatPaise(netPaise));
    expect(text).toContain(`Rs ${formatIndianGrouping(-netPaise)}`);
    expect(text).toContain(`Rs ${formatIndianGrouping(totalChargesPaise)}`);
  });

  it('rendering the note again gives the same bytes; a second sweep issues nothing', async () => {
    const row = await t.db.selectFrom('contract_notes').select('id').executeTakeFirstOrThrow();
    const stored = (await findContractNote(t.db, row.id))!;
    const again = await renderContractNoteAgain(t.db, stored);
    expect(again.equals(stored.pdf)).toBe(true);
    await setClock(mondayIst(15, 45));
    await sweep(t);
    expect(await t.db.selectFrom('contract_notes').select('id').execute()).toHaveLength(1);
  });

  it('a day without trades makes no note', async () => {
    await setClock(Date.UTC(2026, 10, 24, 10, 30)); // Tuesday 16:00 IST
    await sweep(t);
    expect(await t.db.selectFrom('contract_notes').select('trade_date').execute()).toHaveLength(1);
  });

  it('the database refuses to change or remove a note', async () => {
    await expect(
      t.db
        .updateTable('contract_notes')
        .set({ sha256: '0'.repeat(64) })
        .execute(),
    ).rejects.toThrow(/not allowed/);
    await expect(t.db.deleteFrom('contract_notes').execute()).rejects.toThrow(/not allowed/);
    expect(await t.db.selectFrom('contract_notes').select('id').execute()).toHaveLength(1);
  });

  it('only its owner downloads a note: another investor gets not found, no session gets 401', async () => {
    const [item] = (await t.call('contractNote/list', {}, trader.headers)).body.data.items;
    const stranger = await download('/api/vue/contractNote/pdf', { id: item.id }, idle.headers);
    expect(stranger.http).toBe(404);
    expect(stranger.json()).toMatchObject({ status: 0, code: 'CONTRACT_NOTE_NOT_FOUND' });
    expect((await download('/api/vue/contractNote/pdf', { id: item.id })).http).toBe(401);
    expect((await download('/api/vue/contractNote/pdf', { id: '999999' }, trader.headers)).http).toBe(404);
  });

  it('compliance and support find notes by investor and read them, audited; finance may not', async () => {
    const compliance = await createStaff(t, ['compliance']);
    const found = await t.call(
      '/api/console/contractNotes/list',
      { phone: trader.phone },
      compliance.headers,
    );
    expect(found.body.data.items).toEqual([
      expect.objectContaining({
        number: 'CN/2026-27/000001',
        userId: String(trader.id),
        realName: 'Asha Rao',
      }),
    ]);
    const byDate = await t.call(
      '/api/console/contractNotes/list',
      { from: '2026-11-24', to: '2026-11-30' },
      compliance.headers,
    );
    expect(byDate.body.data.items).toEqual([]);
    const id = found.body.data.items[0].id as string;
    const pdf = await download('/api/console/contractNotes/pdf', { id }, compliance.headers);
    expect(pdf.type).toBe('application/pdf');
    expect(await pdfText(pdf.bytes)).toContain('CN/2026-27/000001');
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'contract_note.read')
      .execute();
    expect(audit).toEqual([{ action: 'contract_note.read', target_id: id }]);
    const finance = await createStaff(t, ['finance']);
    expect((await download('/api/console/contractNotes/pdf', { id }, finance.headers)).http).toBe(403);
  });
});

describe('holdings', () => {
  it('open delivery positions at the market price, with the day’s change and P&L', async () => {
    publishPrice(t, 'RELIANCE', 150_000n, { previousClosePaise: 145_000n });
    const reply = await t.call('portfolio/holdings', {}, trader.headers);
    expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
    expect(reply.body.data.items).toEqual([
      {
        symbol: 'RELIANCE',
        product: 'CNC',
        quantity: 100,
        averagePrice: '1430.10',
        lastPrice: '1500.00',
        isPriced: true,
        invested: '143010.00',
        currentValue: '150000.00',
        dayChange: '5000.00',
        dayChangePercent: '3.45',
        pnl: '6990.00',
        pnlPercent: '4.89',
      },
    ]);
    expect(reply.body.data.summary).toMatchObject({
      invested: '143010.00',
      pnl: '6990.00',
      dayPnl: '5000.00',
    });
    expect((await t.call('portfolio/holdings', {}, idle.headers)).body.data.items).toEqual([]);
  });
});

describe('tax P&L', () => {
  it('matches sales to lots, splits short- and long-term, and estimates the tax', async () => {
    // An older lot of TCS bought 2024-11-20 and another 2025-12-01; the sale of 5 on Wednesday
    // 2026-11-25 takes the older lot first (held over 12 months: long-term).
    await setClock(Date.UTC(2026, 10, 25, 4, 30)); // Wednesday 10:00 IST
    const investor = await createInvestor(t, { cashPaise: RUPEES_10_LAKH });
    publishPrice(t, 'TCS', 300_000n);
    const oldLot = await open(investor, { symbol: 'TCS', quantity: 5 });
    await recordTradeCharges(t, oldLot, { executedAtMs: { open: Date.UTC(2024, 10, 20, 5, 0) } });
    const sold = await open(investor, { symbol: 'TCS', quantity: 5 });
    publishPrice(t, 'TCS', 320_000n);
    expect((await t.call('trade/close', { id: String(sold) }, investor.headers)).body.status).toBe(1);
    await recordTradeCharges(t, sold, { executedAtMs: { open: Date.UTC(2025, 11, 1, 5, 0) } });

    const report = await t.call('portfolio/taxPnl', { financialYear: '2026-27' }, investor.headers);
    expect(report.body.status, JSON.stringify(report.body)).toBe(1);
    expect(report.body.data.capitalGains).toEqual([
      expect.objectContaining({
        symbol: 'TCS',
        quantity: 5,
        buyDate: '2024-11-20',
        sellDate: '2026-11-25',
        term: 'long',
        buyValue: '15000.00',
        sellValue: '16000.00',
        stt: '31.00',
        // ₹1,000.00 less the charges other than STT: buy ₹2.80, sell ₹15.93 (DP ₹15.34 with them).
        charges: '18.73',
        gain: '981.27',
      }),
    ]);
    expect(report.body.data.totals.longTermGain).toBe('981.27');
    expect(report.body.data.estimate).toMatchObject({
      ratesFrom: '2024-07-23',
      shortTermRatePercent: '20.00',
      longTermRatePercent: '12.50',
      longTermExemption: '125000.00',
      totalTax: '0.00',
    });
    expect(report.body.data.months).toHaveLength(12);
    expect(report.body.data.months[7]).toMatchObject({ month: '2026-11' });

    const earlier = await t.call('portfolio/taxPnl', { financialYear: '2025-26' }, investor.headers);
    expect(earlier.body.data.capitalGains).toEqual([]);
  });

  it('refuses a name that is not a financial year', async () => {
    const reply = await t.call('portfolio/taxPnl', { financialYear: '2025-27' }, trader.headers);
    expect(reply.body).toMatchObject({
      status: 0,
      code: 'FINANCIAL_YEAR_INVALID',
      params: { value: '2025-27' },
    });
    expect((await t.call('portfolio/taxPnl', { financialYear: 'FY26' }, trader.headers)).http).toBe(400);
  });

  it('downloads as CSV', async () => {
    const reply = await download(
      '/api/vue/portfolio/taxPnlCsv',
      { financialYear: '2026-27' },
      trader.headers,
    );
    expect(reply.http).toBe(200);
    expect(reply.type).toContain('text/csv');
    const lines = reply.bytes.toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('Tax P&L,2026-27,2026-04-01,2027-03-31');
    expect(lines.find((line) => line.startsWith('STCG,TCS,5,2026-11-23,2026-11-23,short'))).toBeDefined();
  });
});

// Last in the file: it moves the clock and the prices past every other test's.
describe('contract notes from trades alone', () => {
  it('a trade through the API alone yields its note after the close', async () => {
    t.clock.set(Date.UTC(2026, 10, 26, 4, 30)); // Thursday 10:00 IST
    const investor = await createInvestor(t, { cashPaise: RUPEES_10_LAKH });
    publishPrice(t, 'RELIANCE', 143_010n);
    await open(investor, { symbol: 'RELIANCE', quantity: 10 });
    t.clock.set(Date.UTC(2026, 10, 26, 10, 5));
    await sweep(t);
    const listed = await t.call('contractNote/list', {}, investor.headers);
    expect(listed.body.data.items).toEqual([
      expect.objectContaining({ tradeDate: '2026-11-26', tradeCount: 1 }),
    ]);
  });
});
