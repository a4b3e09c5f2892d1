import { seedCommitment } from '@nivesh/core';
import { describe, expect, it } from 'vitest';
import { writeParameter } from '../src/repositories/parameter.repository.js';
import { forgetIpoDueWorkCheck } from '../src/use-cases/ipo/run-ipo-due-work.js';
import { createInvestor, createStaff, type TestInvestor } from './fixtures.js';
import { consoleCall } from './funds-fixtures.js';
import { startTestApp } from './harness.js';
import { settle } from './trading-helpers.js';

/*
 * The account centre's figures (user/getUserinfo) around IPO allotments and credit loans, over HTTP:
 * a paid allotment counts in invested and total assets at its allotment price until it lists, and a
 * loan shows as a liability with net assets = total assets − liabilities (docs/glossary.md, "What an
 * investor sees"; core balances/account-view.ts).
 */

const t = await startTestApp();
const compliance = await createStaff(t, ['compliance']);
const finance = await createStaff(t, ['finance']);
const MINUTE = 60_000;

interface Figures {
  totalAssets: string;
  liabilities: string;
  netAssets: string;
  available: string;
  frozen: string;
  invested: string;
  allotted: string;
  profit: string;
}
const figures = async (investor: TestInvestor): Promise<Figures> =>
  (await t.call('user/getUserinfo', {}, investor.headers)).body.data.balances;

/** The account centre adds up: total = available + frozen + invested + profit; net = total − owed. */
function expectAddsUp(view: Figures): void {
  const paise = (text: string) => BigInt(text.replace('.', ''));
  expect(paise(view.totalAssets)).toBe(
    paise(view.available) + paise(view.frozen) + paise(view.invested) + paise(view.profit),
  );
  expect(paise(view.netAssets)).toBe(paise(view.totalAssets) - paise(view.liabilities));
}

describe('an IPO allotment paid and awaiting listing', () => {
  it('stays in total assets at the allotment price, in invested, until it lists as a holding', async () => {
    const startedAt = t.clock.now();
    await writeParameter(t.db, 'ipo_money_mode', 'pay_after_allotment', startedAt);
    const saved = await consoleCall(t, compliance, 'ipo/save', {
      code: 'ALLOTCO',
      name: 'Allot Co Ltd',
      issueMarket: 'NSE',
      sponsor: 'Axis Capital',
      provisionalPrice: '100.00',
      finalPrice: '95.00',
      lotSize: 1_000,
      offeredShares: 100_000,
      opensAt: startedAt,
      closesAt: startedAt + 10 * MINUTE,
      drawAt: startedAt + 10 * MINUTE,
      allotmentAt: startedAt + 30 * MINUTE,
      listingAt: startedAt + 40 * MINUTE,
      reason: 'issue for the account centre test',
    });
    expect(saved.body.status, JSON.stringify(saved.body)).toBe(1);
    const issueId = saved.body.data.issue.id as string;
    const investor = await createInvestor(t, { cashPaise: 20_00_000_00n }); // ₹20,00,000.00
    const subscribed = await t.call('newstock/subscribe', { issueId, quantity: 10_000 }, investor.headers);
    expect(subscribed.body.status, JSON.stringify(subscribed.body)).toBe(1);
    const seed = 'account centre seed with enough entropy';
    await consoleCall(t, compliance, 'ipo/commitSeed', {
      id: issueId,
      commitment: seedCommitment(seed),
      reason: 'commit',
    });
    t.clock.set(startedAt + 10 * MINUTE);
    expect(
      (await consoleCall(t, compliance, 'ipo/draw', { id: issueId, seed, reason: 'draw' })).body.status,
    ).toBe(1);
    const [due] = (await t.call('newstock/orders', {}, investor.headers)).body.data.items;
    expect(due).toMatchObject({ state: 'payment_due', allottedShares: 10_000, due: '950000.00' });

    const paid = await t.call('newstock/pay', { id: due.id }, investor.headers);
    expect(paid.body).toMatchObject({ status: 1, data: { state: 'paid' } });
    // 10,000 shares at ₹95.00 left cash for the house's proceeds account; they are still the investor's.
    const afterPaying = await figures(investor);
    expect(afterPaying).toMatchObject({
      totalAssets: '2000000.00',
      available: '1050000.00',
      invested: '950000.00',
      allotted: '950000.00',
      liabilities: '0.00',
      netAssets: '2000000.00',
    });
    expectAddsUp(afterPaying);

    // Listing day: the allotment becomes a holding whose margin is what was paid; invested is unchanged.
    t.clock.set(startedAt + 41 * MINUTE);
    forgetIpoDueWorkCheck(t.app.tradingEngine!.dependencies);
    t.app.tradingEngine!.runDueWork();
    await settle(t);
    const listed = await figures(investor);
    expect(listed).toMatchObject({ available: '1050000.00', invested: '950000.00', allotted: '0.00' });
    expectAddsUp(listed);
    t.clock.set(startedAt);
  });
});

describe('a credit loan', () => {
  it('shows what is owed as a liability: total assets include the loan, net assets do not', async () => {
    const table = await consoleCall(t, compliance, 'loans/setQuotaTable', {
      tiers: [{ minCreditScore: 300, quota: '50000' }],
      reason: 'table for the account centre test',
    });
    expect(table.body.status, JSON.stringify(table.body)).toBe(1);
    const investor = await createInvestor(t, { cashPaise: 20_000_00n, fundPassword: 'Fund1234' });
    await t.db.updateTable('users').set({ credit_score: 650 }).where('id', '=', investor.id).execute();
    const before = await figures(investor);
    expect(before).toMatchObject({ totalAssets: '20000.00', liabilities: '0.00', netAssets: '20000.00' });

    const applied = await t.call('loan/apply', { amount: '10000', termDays: 30 }, investor.headers);
    expect(applied.body.status, JSON.stringify(applied.body)).toBe(1);
    // Every loan needs two people by default (ADR 0027): finance asks, compliance disburses.
    const asked = await consoleCall(t, finance, 'loans/approve', { id: applied.body.data.id });
    expect(asked.body.status, JSON.stringify(asked.body)).toBe(1);
    const approved = await consoleCall(t, compliance, 'loans/approve', { id: applied.body.data.id });
    expect(approved.body.status, JSON.stringify(approved.body)).toBe(1);

    const borrowed = await figures(investor);
    expect(borrowed).toMatchObject({
      totalAssets: '30000.00',
      available: '30000.00',
      liabilities: '10000.00',
      netAssets: '20000.00',
    });
    expectAddsUp(borrowed);

    const repaid = await t.call('loan/repay', { amount: '4000', fundPassword: 'Fund1234' }, investor.headers);
    expect(repaid.body.status, JSON.stringify(repaid.body)).toBe(1);
    const afterRepaying = await figures(investor);
    expect(afterRepaying).toMatchObject({
      totalAssets: '26000.00',
      liabilities: '6000.00',
      netAssets: '20000.00',
    });
    expectAddsUp(afterRepaying);
  });
});
