import { describe, expect, it } from 'vitest';
import { createInvestor } from './fixtures.js';
import { balancesOf, consoleCall, createStaff, fundRowCounts } from './funds-fixtures.js';
import { startTestApp } from './harness.js';

const t = await startTestApp();
const finance = await createStaff(t, ['finance']);
await consoleCall(t, finance, 'exchangeRates/set', {
  from: 'INR',
  to: 'USD',
  rate: '0.012',
  spreadBps: 50,
  enabled: true,
});
await consoleCall(t, finance, 'exchangeRates/set', {
  from: 'USD',
  to: 'INR',
  rate: '83.25',
  spreadBps: 50,
  enabled: true,
});

describe('currency exchange', () => {
  it('moves both legs in one balanced entry through the house FX accounts, rounding down', async () => {
    const investor = await createInvestor(t, { cashPaise: 2_000_000n });
    const quote = await t.call(
      'exchange/quote',
      { from: 'INR', to: 'USD', amount: '10000' },
      investor.headers,
    );
    expect(quote.body.data).toMatchObject({
      amount: '10000.00',
      receive: '119.40',
      rate: '0.012',
      spreadBps: 50,
    });
    const done = await t.call(
      'exchange/submit',
      { from: 'INR', to: 'USD', amount: '10000' },
      investor.headers,
    );
    expect(done.body.status, JSON.stringify(done.body)).toBe(1);
    expect(await balancesOf(t, investor.id)).toEqual(
      expect.arrayContaining(['cash:INR:1000000', 'cash:USD:11940']),
    );
    const postings = await t.db
      .selectFrom('postings')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'postings.account_id')
      .select(['ledger_accounts.purpose', 'postings.currency', 'postings.amount_minor'])
      .where('postings.entry_id', '=', BigInt(done.body.data.entryId))
      .execute();
    expect(postings.map((p) => `${p.purpose}:${p.currency}:${p.amount_minor}`).sort()).toEqual([
      'cash:INR:-1000000',
      'cash:USD:11940',
      'house_fx:INR:1000000',
      'house_fx:USD:-11940',
    ]);
    const records = await t.call('exchange/records', {}, investor.headers);
    expect(records.body.data.items[0]).toMatchObject({
      from: 'INR',
      to: 'USD',
      amount: '10000.00',
      receive: '119.40',
    });
    const rates = await t.call('exchange/rates', {}, investor.headers);
    expect(rates.body.data.items).toHaveLength(2);
  });

  it('refuses the same currency, an unknown pair, too little, more than the cash, and bad input, writing nothing', async () => {
    const investor = await createInvestor(t, { cashPaise: 100_000n });
    const cases: [Record<string, unknown>, string][] = [
      [{ from: 'INR', to: 'INR', amount: '10' }, 'SAME_CURRENCY'],
      [{ from: 'INR', to: 'THB', amount: '10' }, 'EXCHANGE_PAIR_UNAVAILABLE'],
      [{ from: 'INR', to: 'XYZ', amount: '10' }, 'CURRENCY_UNSUPPORTED'],
      [{ from: 'INR', to: 'USD', amount: '0.01' }, 'EXCHANGE_AMOUNT_TOO_SMALL'],
      [{ from: 'INR', to: 'USD', amount: '1000.01' }, 'FUNDS_INSUFFICIENT'],
      [{ from: 'INR', to: 'USD', amount: '' }, 'AMOUNT_REQUIRED'],
    ];
    for (const [body, code] of cases) {
      const balances = await balancesOf(t, investor.id);
      const before = await fundRowCounts(t);
      const reply = await t.call('exchange/submit', body, investor.headers);
      expect(reply.body.code, JSON.stringify(body)).toBe(code);
      expect(await fundRowCounts(t)).toEqual(before);
      expect(await balancesOf(t, investor.id)).toEqual(balances);
    }
    expect(
      (await t.call('exchange/submit', { from: 'INR', to: 'USD', amount: '1.5.0' }, investor.headers)).body
        .code,
    ).toBe('VALIDATION_FAILED');
  });

  it('lets finance set rates as exact decimals with a spread, audited, and refuses a bad rate', async () => {
    expect(
      (
        await consoleCall(t, finance, 'exchangeRates/set', {
          from: 'USD',
          to: 'USD',
          rate: '1',
          spreadBps: 0,
          enabled: true,
        })
      ).body.code,
    ).toBe('SAME_CURRENCY');
    expect(
      (
        await consoleCall(t, finance, 'exchangeRates/set', {
          from: 'USD',
          to: 'THB',
          rate: '1e3',
          spreadBps: 0,
          enabled: true,
        })
      ).body.code,
    ).toBe('RATE_INVALID');
    const set = await consoleCall(t, finance, 'exchangeRates/set', {
      from: 'USD',
      to: 'THB',
      rate: '35.12345678',
      spreadBps: 25,
      enabled: true,
    });
    expect(set.body.data).toMatchObject({ rate: '35.12345678', spreadBps: 25 });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'exchange_rate')
      .execute();
    expect(audit.length).toBe(3);
  });
});
