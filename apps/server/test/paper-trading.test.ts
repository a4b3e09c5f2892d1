import { HOUSE_CHARGE_PURPOSES, type HouseAccountPurpose } from '@nivesh/core';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { pgErrorCode } from '../src/db/errors.js';
import {
  houseAccountId,
  postEntry,
  sumAccountPostings,
  userAccountId,
} from '../src/repositories/ledger.repository.js';
import { reconcileLedger } from '../src/use-cases/ledger/reconcile-ledger.js';
import { transferBetweenUsers } from '../src/use-cases/ledger/transfer-between-users.js';
import { createInvestor, createStaff, logInAgain, type TestInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';
import { balancesOf, publishPrice, settle, writtenCounts } from './trading-helpers.js';

/*
 * Paper trading over HTTP (docs/adr/0026-paper-trading.md): the switch, trading in the paper book
 * with every charge, the reset, the calls refused in paper, the marker on every answer, and the
 * proof that no path moves value between the real and the paper books.
 */

const t = await startTestApp();
const REAL_CASH = 100_000_000n; // ₹10,00,000
const PAPER_CASH = 1_000_000_000n; // ₹1,00,00,000
const BUY_PAISE = 143_010n;
const SELL_PAISE = 151_780n;
publishPrice(t, 'RELIANCE', BUY_PAISE, { previousClosePaise: BUY_PAISE });

async function paperUserOf(investor: TestInvestor): Promise<bigint> {
  const row = await t.db
    .selectFrom('paper_accounts')
    .select('paper_user_id')
    .where('user_id', '=', investor.id)
    .executeTakeFirstOrThrow();
  return row.paper_user_id;
}

async function switchTo(investor: TestInvestor, book: 'paper' | 'real') {
  const reply = await t.app.inject({
    method: 'POST',
    url: '/api/vue/paper/switch',
    headers: investor.headers,
    payload: { book },
  });
  const body = reply.json();
  expect(body.status, JSON.stringify(body)).toBe(1);
  return { headers: reply.headers, body };
}

async function houseBalances(book: 'real' | 'paper', purposes: readonly HouseAccountPurpose[]) {
  const balances: Record<string, bigint> = {};
  for (const purpose of purposes) {
    balances[purpose] = await sumAccountPostings(
      t.db,
      await houseAccountId(t.db, purpose, 'INR', t.db, book),
    );
  }
  return balances;
}

describe('switching to paper and back', () => {
  it('opens a paper account with ₹1,00,00,000 of virtual cash, marks every answer, and switches back', async () => {
    const investor = await createInvestor(t, { cashPaise: REAL_CASH });
    const before = await t.call('paper/status', {}, investor.headers);
    expect(before.body.data).toEqual({
      active: false,
      hasAccount: false,
      startingCash: '10000000.00',
      resetCount: 0,
      openedAt: null,
    });
    expect(before.body).not.toHaveProperty('book');

    const switched = await switchTo(investor, 'paper');
    expect(switched.headers['nivesh-book']).toBe('paper');
    expect(switched.body.book).toBe('paper');
    expect(switched.body.data).toMatchObject({ active: true, hasAccount: true, resetCount: 0 });

    const paperUserId = await paperUserOf(investor);
    expect(await balancesOf(t, paperUserId)).toMatchObject({ cash: PAPER_CASH });
    expect(await balancesOf(t, investor.id)).toMatchObject({ cash: REAL_CASH });

    // The account centre: the investor's own identity, the paper book's money, and the marker.
    const info = await t.app.inject({
      method: 'POST',
      url: '/api/vue/user/getUserinfo',
      headers: investor.headers,
      payload: {},
    });
    expect(info.headers['nivesh-book']).toBe('paper');
    const infoBody = info.json();
    expect(infoBody.book).toBe('paper');
    expect(infoBody.data).toMatchObject({ id: String(investor.id), phone: investor.phone, book: 'paper' });
    expect(infoBody.data.balances.available).toBe('10000000.00');

    // Calls about the person act as the investor and are marked too.
    const sessions = await t.call('user/sessions', {}, investor.headers);
    expect(sessions.body.status).toBe(1);
    expect(sessions.body.book).toBe('paper');

    // Another device of the same investor stays in the real book.
    const other = await logInAgain(t, investor);
    const otherInfo = await t.call('user/getUserinfo', {}, other.headers);
    expect(otherInfo.body.data).toMatchObject({ book: 'real' });
    expect(otherInfo.body.data.balances.available).toBe('1000000.00');
    expect(otherInfo.body).not.toHaveProperty('book');

    const back = await switchTo(investor, 'real');
    expect(back.headers['nivesh-book']).toBeUndefined();
    expect(back.body).not.toHaveProperty('book');
    expect(back.body.data).toMatchObject({ active: false, hasAccount: true });
    const realInfo = await t.call('user/getUserinfo', {}, investor.headers);
    expect(realInfo.body.data.balances.available).toBe('1000000.00');

    // Switching again reuses the same paper account: no second grant of virtual cash.
    await switchTo(investor, 'paper');
    expect(await paperUserOf(investor)).toBe(paperUserId);
    expect(await balancesOf(t, paperUserId)).toMatchObject({ cash: PAPER_CASH });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor_id', '=', String(investor.id))
      .where('action', 'like', 'user.paper.%')
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual([
      'user.paper.opened',
      'user.paper.switched',
      'user.paper.switched',
      'user.paper.switched',
    ]);
  });
});

describe('trading in paper', () => {
  it('fills at the same feed price with every charge, all inside the paper book', async () => {
    const investor = await createInvestor(t, { cashPaise: REAL_CASH });
    await switchTo(investor, 'paper');
    const paperUserId = await paperUserOf(investor);
    const realHouseBefore = await houseBalances('real', [...HOUSE_CHARGE_PURPOSES, 'house_counterparty']);
    const paperHouseBefore = await houseBalances('paper', HOUSE_CHARGE_PURPOSES);

    publishPrice(t, 'RELIANCE', BUY_PAISE);
    const opened = await t.call(
      'trade/open',
      { symbol: 'RELIANCE', side: 'long', orderType: 'market', quantity: 100, leverage: 1 },
      investor.headers,
    );
    expect(opened.body.status, JSON.stringify(opened.body)).toBe(1);
    expect(opened.body.book).toBe('paper');
    // The charges engine's test vector (docs/adr/0020): the same ₹169.63 as in the real book.
    expect(opened.body.data).toMatchObject({ confirmPrice: '1430.10', openFee: '169.63' });
    const position = await t.db
      .selectFrom('positions')
      .select('user_id')
      .where('id', '=', BigInt(opened.body.data.id))
      .executeTakeFirstOrThrow();
    expect(position.user_id).toBe(paperUserId);

    publishPrice(t, 'RELIANCE', SELL_PAISE);
    const closed = await t.call('trade/close', { id: opened.body.data.id }, investor.headers);
    expect(closed.body.status, JSON.stringify(closed.body)).toBe(1);
    expect(closed.body.data).toMatchObject({ closeFee: '20.84', tax: '152.00', netProfitLoss: '8427.53' });

    // ₹84,27.53 net profit, in paper cash only.
    expect(await balancesOf(t, paperUserId)).toMatchObject({ cash: PAPER_CASH + 842_753n, margin: 0n });
    expect(await balancesOf(t, investor.id)).toMatchObject({ cash: REAL_CASH, margin: 0n });
    // The charges went to the paper book's house accounts; the real ones did not move.
    const paperHouseAfter = await houseBalances('paper', HOUSE_CHARGE_PURPOSES);
    const paperCharges = HOUSE_CHARGE_PURPOSES.reduce(
      (sum, purpose) => sum + (paperHouseAfter[purpose]! - paperHouseBefore[purpose]!),
      0n,
    );
    expect(paperCharges).toBe(16_963n + 17_284n);
    expect(await houseBalances('real', [...HOUSE_CHARGE_PURPOSES, 'house_counterparty'])).toEqual(
      realHouseBefore,
    );

    // The real session sees none of it.
    const other = await logInAgain(t, investor);
    const realPositions = await t.call('trade/positions', { tab: 'ended' }, other.headers);
    expect(realPositions.body.data.items).toEqual([]);
    const paperPositions = await t.call('trade/positions', { tab: 'ended' }, investor.headers);
    expect(paperPositions.body.data.items).toHaveLength(1);
  });

  it('keeps every trading rule: paper cash cannot buy more than it holds', async () => {
    const investor = await createInvestor(t, { cashPaise: REAL_CASH });
    await switchTo(investor, 'paper');
    publishPrice(t, 'RELIANCE', BUY_PAISE);
    // ₹1,43,01,000 of shares: more than the paper account's ₹1,00,00,000 (and less than nothing real).
    const refused = await t.call(
      'trade/open',
      { symbol: 'RELIANCE', side: 'long', orderType: 'market', quantity: 10_000, leverage: 1 },
      investor.headers,
    );
    expect(refused.body).toMatchObject({ status: 0, code: 'FUNDS_INSUFFICIENT', book: 'paper' });
  });
});

describe('calls outside trading refuse in paper', () => {
  const refusedCalls: [string, unknown][] = [
    ['recharge/submit', { channelId: '1', amount: '1000.00' }],
    ['cashout/submit', { amount: '1000.00' }],
    ['cashout/quote', { amount: '1000.00' }],
    ['exchange/submit', { from: 'INR', to: 'USD', amount: '1000.00' }],
    ['loan/apply', { amount: '1000.00' }],
    ['loan/repay', { id: '1' }],
    ['newstock/subscribe', { id: '1', quantity: 1 }],
    ['newstock/pay', { id: '1' }],
    ['lending/lend', { symbol: 'RELIANCE', quantity: 1 }],
    ['follow/invest', { id: '1', amount: '1000.00' }],
    ['block/buy', { id: '1', quantity: 1 }],
    ['checkin/checkIn', {}],
    ['checkin/claim', { id: '1' }],
    ['bank/add', {}],
    ['wallet/add', {}],
    ['user/closeAccount', {}],
  ];

  it.each(refusedCalls)('%s answers PAPER_NOT_ALLOWED, marked, and writes nothing', async (path, body) => {
    const investor = await createInvestor(t, { cashPaise: REAL_CASH });
    await switchTo(investor, 'paper');
    const before = await writtenCounts(t);
    for (const language of ['en', 'hi', 'zh']) {
      const reply = await t.app.inject({
        method: 'POST',
        url: `/api/vue/${path}`,
        headers: { ...investor.headers, 'accept-language': language },
        payload: body as object,
      });
      expect(reply.headers['nivesh-book']).toBe('paper');
      const envelope = reply.json();
      expect(envelope).toMatchObject({ status: 0, code: 'PAPER_NOT_ALLOWED', book: 'paper' });
      expect(envelope.msg.length).toBeGreaterThan(0);
    }
    expect(await writtenCounts(t)).toEqual(before);
    expect(await balancesOf(t, investor.id)).toMatchObject({ cash: REAL_CASH });
  });
});

describe('the reset', () => {
  it('cancels the pending orders, opens a fresh ₹1,00,00,000 account with no positions, and is audited', async () => {
    const investor = await createInvestor(t, { cashPaise: REAL_CASH });
    expect((await t.call('paper/reset', {}, investor.headers)).body).toMatchObject({
      status: 0,
      code: 'PAPER_ACCOUNT_NOT_FOUND',
    });
    await switchTo(investor, 'paper');
    const firstPaper = await paperUserOf(investor);
    publishPrice(t, 'RELIANCE', BUY_PAISE);
    const holding = await t.call(
      'trade/open',
      { symbol: 'RELIANCE', side: 'long', orderType: 'market', quantity: 10, leverage: 1 },
      investor.headers,
    );
    expect(holding.body.status, JSON.stringify(holding.body)).toBe(1);
    const pending = await t.call(
      'trade/open',
      { symbol: 'RELIANCE', side: 'long', orderType: 'limit', price: '1300.00', quantity: 10, leverage: 1 },
      investor.headers,
    );
    expect(pending.body.status, JSON.stringify(pending.body)).toBe(1);
    expect((await balancesOf(t, firstPaper)).order_hold).toBeGreaterThan(0n);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/vue/paper/reset',
      headers: investor.headers,
      payload: {},
    });
    expect(reset.headers['nivesh-book']).toBe('paper');
    expect(reset.json()).toMatchObject({ status: 1, book: 'paper', data: { active: true, resetCount: 1 } });
    await settle(t);

    const secondPaper = await paperUserOf(investor);
    expect(secondPaper).not.toBe(firstPaper);
    expect(await balancesOf(t, secondPaper)).toMatchObject({ cash: PAPER_CASH, order_hold: 0n, margin: 0n });
    // The old account's pending order was cancelled through the ordinary cancel: its hold came back.
    expect((await balancesOf(t, firstPaper)).order_hold).toBe(0n);
    const oldPending = await t.db
      .selectFrom('positions')
      .select('state')
      .where('id', '=', BigInt(pending.body.data.id))
      .executeTakeFirstOrThrow();
    expect(oldPending.state).toBe('cancelled');
    for (const tab of ['pending', 'holding', 'ended', 'inventory']) {
      const page = await t.call('trade/positions', { tab }, investor.headers);
      expect(page.body.data.items, tab).toEqual([]);
    }
    const info = await t.call('user/getUserinfo', {}, investor.headers);
    expect(info.body.data.balances.available).toBe('10000000.00');
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'user.paper.reset')
      .where('actor_id', '=', String(investor.id))
      .executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ paperUserId: String(firstPaper), openPositions: 1 });
    expect(audit.after).toMatchObject({ paperUserId: String(secondPaper), resetCount: 1 });
    // The real account never moved.
    expect(await balancesOf(t, investor.id)).toMatchObject({ cash: REAL_CASH, order_hold: 0n, margin: 0n });
  });
});

describe('no path moves value between the books', () => {
  async function expectRefusedAtCommit(work: () => Promise<unknown>) {
    const before = await writtenCounts(t);
    let code: string | undefined;
    try {
      await work();
    } catch (error) {
      code = pgErrorCode(error);
    }
    expect(code).toBe('23514');
    expect(await writtenCounts(t)).toEqual(before);
  }

  it('the database refuses any entry whose postings touch both books', async () => {
    const investor = await createInvestor(t, { cashPaise: REAL_CASH });
    await switchTo(investor, 'paper');
    const paperUserId = await paperUserOf(investor);
    const paperCash = await userAccountId(t.db, paperUserId, 'cash', 'INR');
    const realCash = await userAccountId(t.db, investor.id, 'cash', 'INR');
    const paperCapital = await houseAccountId(t.db, 'house_paper_capital', 'INR', t.db, 'paper');
    const realClearing = await houseAccountId(t.db, 'house_deposits_clearing', 'INR');
    const realPayouts = await houseAccountId(t.db, 'house_payouts', 'INR');
    const attempts: [string, bigint, bigint][] = [
      ['paper cash to real cash', paperCash, realCash],
      ['paper cash out as a withdrawal', paperCash, realPayouts],
      ['paper capital into real cash', paperCapital, realCash],
      ['real deposits clearing into paper cash', realClearing, paperCash],
      ['real cash into paper capital', realCash, paperCapital],
    ];
    for (const [label, from, to] of attempts) {
      await expectRefusedAtCommit(() =>
        t.db.transaction().execute((trx) =>
          postEntry(trx, {
            key: `test:mix:${label}`,
            kind: 'test_mix',
            postedBy: { type: 'system' },
            atMs: t.clock.now(),
            postings: [
              { accountId: from, amountMinor: -1_000n, currency: 'INR' },
              { accountId: to, amountMinor: 1_000n, currency: 'INR' },
            ],
          }),
        ),
      );
    }
    // The internal transfer every ledger test drives money with is refused the same way, both ways.
    await expectRefusedAtCommit(() =>
      transferBetweenUsers(t.db, {
        key: 'test:mix:transfer-out',
        fromUserId: paperUserId,
        toUserId: investor.id,
        amountMinor: 1_000n,
        atMs: t.clock.now(),
      }),
    );
    await expectRefusedAtCommit(() =>
      transferBetweenUsers(t.db, {
        key: 'test:mix:transfer-in',
        fromUserId: investor.id,
        toUserId: paperUserId,
        amountMinor: 1_000n,
        atMs: t.clock.now(),
      }),
    );
    expect(await balancesOf(t, paperUserId)).toMatchObject({ cash: PAPER_CASH });
    expect(await balancesOf(t, investor.id)).toMatchObject({ cash: REAL_CASH });
  });

  it('the books of accounts and users never change, and a paper user only ever has paper accounts', async () => {
    const investor = await createInvestor(t, { cashPaise: REAL_CASH });
    await switchTo(investor, 'paper');
    const paperUserId = await paperUserOf(investor);
    const paperCash = await userAccountId(t.db, paperUserId, 'cash', 'INR');
    const codeOf = async (work: () => Promise<unknown>) => {
      try {
        await work();
        return 'accepted';
      } catch (error) {
        return pgErrorCode(error);
      }
    };
    expect(
      await codeOf(() =>
        t.db.updateTable('ledger_accounts').set({ book: 'real' }).where('id', '=', paperCash).execute(),
      ),
    ).toBe('42501');
    expect(
      await codeOf(() =>
        t.db.updateTable('users').set({ paper_of_user_id: null }).where('id', '=', paperUserId).execute(),
      ),
    ).toBe('42501');
    // An account opened for the paper user in another currency, asking for the real book, is paper.
    await t.db
      .insertInto('ledger_accounts')
      .values({
        owner_type: 'user',
        user_id: paperUserId,
        purpose: 'cash',
        currency: 'USD',
        balance_minor: 0n,
        book: 'real',
      })
      .execute();
    const usd = await t.db
      .selectFrom('ledger_accounts')
      .select('book')
      .where('user_id', '=', paperUserId)
      .where('currency', '=', 'USD')
      .executeTakeFirstOrThrow();
    expect(usd.book).toBe('paper');
    const books = await t.db
      .selectFrom('ledger_accounts')
      .select(sql<string>`string_agg(DISTINCT book, ',')`.as('books'))
      .where('user_id', '=', paperUserId)
      .executeTakeFirstOrThrow();
    expect(books.books).toBe('paper');
  });

  it('keeps paper accounts out of the console’s user search and counts', async () => {
    const investor = await createInvestor(t, { cashPaise: REAL_CASH, realName: 'Paper Searcher' });
    await switchTo(investor, 'paper');
    const staff = await createStaff(t, ['admin']);
    const found = await t.call('/api/console/users/search', { query: 'Paper Searcher' }, staff.headers);
    expect(found.body.status, JSON.stringify(found.body)).toBe(1);
    expect(found.body.data.items.map((item: { id: string }) => item.id)).toEqual([String(investor.id)]);
  });

  it('reconciles each book on its own, both at zero', async () => {
    const report = await reconcileLedger(t.db, t.clock.now());
    expect(report.problems).toEqual([]);
    const books = new Set(report.totalsByBook.map((row) => row.book));
    expect(books).toEqual(new Set(['real', 'paper']));
    for (const row of report.totalsByBook) expect(row.sum).toBe('0');
  });
});
