import { describe, expect, it } from 'vitest';
import { DEMO_BANK, seedDemo } from '../src/seed/demo-seed.js';
import { startTestApp } from './harness.js';

const t = await startTestApp();
await seedDemo(t.db, t.config, t.clock.now());
const login = await t.call('user/login', {
  account: t.config.demo.investorPhone,
  password: t.config.demo.investorPassword,
});
const headers = { token: login.body.data.token as string, account: t.config.demo.investorPhone };

describe('the demo investor on a fresh install', () => {
  it('has a payout bank account past its cooling-off and a fund password, so a withdrawal works', async () => {
    const banks = await t.call('bank/list', {}, headers);
    expect(banks.body.data.items).toHaveLength(1);
    const [bank] = banks.body.data.items;
    expect(bank).toMatchObject({ usable: true, ifsc: DEMO_BANK.ifsc });

    const withdrawal = await t.call(
      'cashout/submit',
      { amount: '1000.00', destinationId: bank.id, fundPassword: t.config.demo.investorFundPassword },
      headers,
    );
    expect(withdrawal.body.status, JSON.stringify(withdrawal.body)).toBe(1);
    expect(withdrawal.body.data).toMatchObject({ amount: '1000.00', status: 'pending' });
  });

  it('keeps the demo as it is on the next start: no second card', async () => {
    await seedDemo(t.db, t.config, t.clock.now());
    const banks = await t.call('bank/list', {}, headers);
    expect(banks.body.data.items).toHaveLength(1);
  });

  it('can exchange rupees into dollars at once: the demo pairs are open (never in production)', async () => {
    const rates = await t.call('exchange/rates', {}, headers);
    expect(
      rates.body.data.items.map((item: { from: string; to: string }) => `${item.from}:${item.to}`),
    ).toEqual(expect.arrayContaining(['INR:USD', 'USD:INR']));
    const done = await t.call('exchange/submit', { from: 'INR', to: 'USD', amount: '1000' }, headers);
    expect(done.body.status, JSON.stringify(done.body)).toBe(1);
    expect(done.body.data).toMatchObject({ from: 'INR', to: 'USD', amount: '1000.00', receive: '11.94' });
    const { seedDemoExchangePairs } = await import('../src/seed/demo-exchange-pairs.js');
    const fresh = await startTestApp();
    expect(await seedDemoExchangePairs(fresh.db, { ...fresh.config, nodeEnv: 'production' }, 0)).toBe(false);
    expect(await fresh.db.selectFrom('exchange_rates').selectAll().execute()).toEqual([]);
  });

  it('is documented: the README states the demo fund password', async () => {
    const { readFileSync } = await import('node:fs');
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(`fund password \`${t.config.demo.investorFundPassword}\``);
  });
});

describe('a first start has something in every feature', () => {
  it('shows news in each language, the same articles in each', async () => {
    const counts: Record<string, number> = {};
    for (const lang of ['en', 'hi', 'zh']) {
      const news = await t.call('news/list', {}, { ...headers, lang });
      expect(news.body.data.items.length, lang).toBeGreaterThan(0);
      counts[lang] = news.body.data.items.length;
    }
    // A Hindi or Chinese reader is not shown fewer demo articles (the IPO one was English only).
    expect(counts).toEqual({ en: counts.en, hi: counts.en, zh: counts.en });
  });

  it('has an IPO open at a price the demo investor can afford, and one upcoming', async () => {
    const issues = (await t.call('newstock/list', { phase: 'all' }, headers)).body.data.items;
    const open = issues.find((issue: { phase: string }) => issue.phase === 'open');
    expect(open, JSON.stringify(issues)).toBeDefined();
    expect(issues.some((issue: { phase: string }) => issue.phase === 'upcoming')).toBe(true);
    const subscribed = await t.call(
      'newstock/subscribe',
      { issueId: open.id, quantity: open.minShares },
      { ...headers, 'idempotency-key': 'demo-seed-ipo-1' },
    );
    expect(subscribed.body.status, JSON.stringify(subscribed.body)).toBe(1);
  });

  it('offers a copy-trading product, a loan within the quota and check-in rewards', async () => {
    expect((await t.call('follow/list', {}, headers)).body.data.items.length).toBeGreaterThan(0);
    const loan = (await t.call('loan/info', {}, headers)).body.data;
    expect(loan.borrowable).not.toBe('0.00');
    expect((await t.call('checkin/status', {}, headers)).body.data.rewards.length).toBeGreaterThan(0);
  });

  it('lets a newly registered investor, with no credit score yet, borrow from the starter tier', async () => {
    const session = await t.call('user/register', {
      account: '9000012345',
      password: 'Starter@2026',
      confirmPassword: 'Starter@2026',
      inviteCode: 'NIVESH2026',
      agree: true,
    });
    expect(session.body.status, JSON.stringify(session.body)).toBe(1);
    const loan = (
      await t.call('loan/info', {}, { token: session.body.data.token as string, account: '9000012345' })
    ).body.data;
    expect(loan).toMatchObject({ creditScore: 0, quota: '10000.00', borrowable: '10000.00' });
  });

  it('does not add a second set on the next start', async () => {
    await seedDemo(t.db, t.config, t.clock.now());
    const issues = (await t.call('newstock/list', { phase: 'all' }, headers)).body.data.items;
    expect(issues).toHaveLength(2);
    expect((await t.call('follow/list', {}, headers)).body.data.items).toHaveLength(1);
  });
});
