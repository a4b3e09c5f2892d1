import { addYearsUtc } from '@nivesh/core';
import { describe, expect, it } from 'vitest';
import {
  purgeClosedAccount,
  runAccountPurgeDueWork,
} from '../src/use-cases/accounts/purge-closed-accounts.js';
import { createInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';
import { publishPrice } from './trading-helpers.js';

const t = await startTestApp();
publishPrice(t, 'RELIANCE', 100_000n, { previousClosePaise: 100_000n });

const close = (headers: Record<string, string>, password = 'Secret123', language = 'en') =>
  t.call('user/closeAccount', { password }, { ...headers, lang: language });

async function refusedWith(headers: Record<string, string>, code: string) {
  const reply = await close(headers);
  expect(reply.body.code, JSON.stringify(reply.body)).toBe(code);
}

describe('closing an account', () => {
  it('is refused while money, a position, a pending order remains, or with a wrong password', async () => {
    const investor = await createInvestor(t, { cashPaise: 5_000_000n });
    await refusedWith(investor.headers, 'ACCOUNT_HAS_MONEY');
    const wrong = await close(investor.headers, 'Wrong1234', 'hi');
    expect(wrong.body).toMatchObject({ code: 'ORIGINAL_PASSWORD_WRONG', msg: 'मूल पासवर्ड गलत है' });
    // A pending order or a position holds margin in the investor's accounts: refused for the money too.
    const pending = await t.call(
      'trade/open',
      { symbol: 'RELIANCE', side: 'long', orderType: 'limit', price: '900.00', quantity: 1, leverage: 1 },
      investor.headers,
    );
    expect(pending.body.status).toBe(1);
    await refusedWith(investor.headers, 'ACCOUNT_HAS_MONEY');
    const user = await t.db
      .selectFrom('users')
      .select('closed_at')
      .where('id', '=', investor.id)
      .executeTakeFirstOrThrow();
    expect(user.closed_at).toBeNull();
    expect((await t.call('user/sessions', {}, investor.headers)).body.status).toBe(1);
  });

  it('with nothing left: signs every session out, refuses sign-in with a clear message, keeps every financial record', async () => {
    const investor = await createInvestor(t);
    const entriesBefore = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('actor_id', '=', String(investor.id))
      .execute();
    const closed = await close(investor.headers);
    expect(closed.body.status, JSON.stringify(closed.body)).toBe(1);
    expect(closed.body.data.closedAt).toBe(t.clock.now());
    expect((await t.call('user/getUserinfo', {}, investor.headers)).http).toBe(401);
    const login = await t.call(
      'user/login',
      { account: investor.phone, password: investor.password },
      { lang: 'zh' },
    );
    expect(login.body).toMatchObject({ status: 0, code: 'ACCOUNT_CLOSED' });
    expect(login.body.msg).toContain('该账户已注销');
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor_id', '=', String(investor.id))
      .execute();
    expect(audit.length).toBeGreaterThan(entriesBefore.length);
    expect(audit.map((row) => row.action)).toContain('user.account.close');
    const accounts = await t.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('user_id', '=', investor.id)
      .execute();
    expect(accounts.length).toBeGreaterThan(0);
  });

  it('an account with money left after trading cannot be closed until it is all gone', async () => {
    const investor = await createInvestor(t, { cashPaise: 10_000_000n });
    const opened = await t.call(
      'trade/open',
      { symbol: 'RELIANCE', side: 'long', orderType: 'market', quantity: 1, leverage: 1 },
      investor.headers,
    );
    expect(opened.body.status).toBe(1);
    await refusedWith(investor.headers, 'ACCOUNT_HAS_MONEY');
  });
});

describe('the purge of personal data after retention', () => {
  it('refuses anything younger than its retention and purges it once due, keeping the financial records', async () => {
    const clean = await createInvestor(t, { realName: 'Asha Closed' });
    await t.call('favorite/createList', { name: 'mine' }, clean.headers);
    const closedAtMs = t.clock.now();
    expect((await close(clean.headers)).body.status).toBe(1);

    // Four years on: nothing is purged, and a direct purge is refused with its due date.
    const fourYears = addYearsUtc(closedAtMs, 4);
    expect(await runAccountPurgeDueWork({ db: t.db }, fourYears)).toBe(0);
    await expect(purgeClosedAccount({ db: t.db }, clean.id, fourYears)).rejects.toMatchObject({
      code: 'RETENTION_NOT_ELAPSED',
      params: { dueAt: new Date(addYearsUtc(closedAtMs, 5)).toISOString().slice(0, 10) },
    });
    const kept = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', clean.id)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({
      real_name: 'Asha Closed',
      phone: clean.phone,
      personal_data_purged_at: null,
    });

    // A moment before five years: still refused; at five years: purged by the scheduler's job.
    expect(await runAccountPurgeDueWork({ db: t.db }, addYearsUtc(closedAtMs, 5) - 1)).toBe(0);
    expect(await runAccountPurgeDueWork({ db: t.db }, addYearsUtc(closedAtMs, 5))).toBeGreaterThanOrEqual(1);
    const purged = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', clean.id)
      .executeTakeFirstOrThrow();
    expect(purged).toMatchObject({ real_name: null, phone: `closed-${clean.id}`, fund_password_hash: null });
    expect(purged.personal_data_purged_at).not.toBeNull();
    expect(
      await t.db.selectFrom('watchlists').select('id').where('user_id', '=', clean.id).execute(),
    ).toEqual([]);
    expect(
      await t.db.selectFrom('ledger_accounts').select('id').where('user_id', '=', clean.id).execute(),
    ).not.toEqual([]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', String(clean.id))
      .where('action', '=', 'user.personal_data.purge')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('an account that traded is kept ten years after its last trade', async () => {
    const investor = await createInvestor(t, { cashPaise: 10_000_000n });
    await t.call(
      'trade/open',
      { symbol: 'RELIANCE', side: 'long', orderType: 'market', quantity: 1, leverage: 1 },
      investor.headers,
    );
    const tradedAtMs = t.clock.now();
    // Closed at once by marking it (its money cannot leave in this test), to see the ten years apply.
    await t.db
      .updateTable('users')
      .set({ closed_at: new Date(tradedAtMs) })
      .where('id', '=', investor.id)
      .execute();
    await expect(
      purgeClosedAccount({ db: t.db }, investor.id, addYearsUtc(tradedAtMs, 9)),
    ).rejects.toMatchObject({
      code: 'RETENTION_NOT_ELAPSED',
    });
    await purgeClosedAccount({ db: t.db }, investor.id, addYearsUtc(tradedAtMs, 10));
    const row = await t.db
      .selectFrom('users')
      .select('personal_data_purged_at')
      .where('id', '=', investor.id)
      .executeTakeFirstOrThrow();
    expect(row.personal_data_purged_at).not.toBeNull();
  });
});
