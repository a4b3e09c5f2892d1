import { describe, expect, it } from 'vitest';
import { houseAccountId, postEntry, userAccountId } from '../src/repositories/ledger.repository.js';
import { DEMO_CASH_PAISE, seedDemo } from '../src/seed/demo-seed.js';
import { createStaff } from './fixtures.js';
import { startTestApp } from './harness.js';

const t = await startTestApp();
await seedDemo(t.db, t.config, t.clock.now());
const login = await t.call('user/login', {
  account: t.config.demo.investorPhone,
  password: t.config.demo.investorPassword,
});
const headers = { token: login.body.data.token as string, account: t.config.demo.investorPhone };
const demo = await t.db
  .selectFrom('users')
  .select('id')
  .where('phone', '=', t.config.demo.investorPhone)
  .executeTakeFirstOrThrow();

/** Posts a small trade-like movement between the demo investor's cash and the house counterparty. */
async function postTrade(index: number, amountPaise: bigint) {
  const cash = await userAccountId(t.db, demo.id, 'cash', 'INR');
  const house = await houseAccountId(t.db, 'house_counterparty', 'INR');
  await t.db.transaction().execute((trx) =>
    postEntry(trx, {
      key: `test:trade:${index}`,
      kind: 'trade_close',
      reference: `position-${index}`,
      referenceType: 'position',
      postedBy: { type: 'system' },
      atMs: t.clock.now() + index,
      postings: [
        { accountId: cash, amountMinor: amountPaise, currency: 'INR' },
        { accountId: house, amountMinor: -amountPaise, currency: 'INR' },
      ],
    }),
  );
}

for (let index = 1; index <= 45; index++) await postTrade(index, index % 2 === 0 ? 1_050n : -500n);

describe('the statement', () => {
  it('lists postings newest first with the running balance and pages with a cursor', async () => {
    const first = await t.call('user/statement', { limit: 20 }, headers);
    expect(first.body.status).toBe(1);
    expect(first.body.data.items).toHaveLength(20);
    expect(first.body.data.items[0]).toMatchObject({
      kind: 'trade_close',
      reference: 'position-45',
      account: 'cash',
      currency: 'INR',
      amount: '-5.00',
    });
    const ids = first.body.data.items.map((item: { postingId: string }) => BigInt(item.postingId));
    expect([...ids].sort((a, b) => (a > b ? -1 : 1))).toEqual(ids);

    const pages = [first.body.data.items];
    let cursor = first.body.data.nextCursor;
    while (cursor) {
      const page = await t.call('user/statement', { limit: 20, cursor }, headers);
      pages.push(page.body.data.items);
      cursor = page.body.data.nextCursor;
    }
    const all = pages.flat();
    expect(all).toHaveLength(46); // 45 trades and the seeded deposit
    expect(all.at(-1)).toMatchObject({
      kind: 'deposit_approved',
      amount: '500000.00',
      balanceAfter: '500000.00',
    });
    // Each row's balance is the previous (older) row's balance plus its amount, to the paisa.
    for (let index = 0; index < all.length - 1; index++) {
      const toPaise = (value: string) => BigInt(value.replace('.', ''));
      expect(toPaise(all[index].balanceAfter)).toBe(
        toPaise(all[index + 1].balanceAfter) + toPaise(all[index].amount),
      );
    }
    const info = await t.call('user/getUserinfo', {}, headers);
    expect(info.body.data.balances.available).toBe(all[0].balanceAfter);
    expect(BigInt(all[0].balanceAfter.replace('.', ''))).toBe(DEMO_CASH_PAISE + 22n * 1_050n - 23n * 500n);
  });

  it('filters by tab and kind and refuses a malformed filter with 400', async () => {
    const recharge = await t.call('user/statement', { tab: 'recharge' }, headers);
    expect(recharge.body.data.items.map((item: { kind: string }) => item.kind)).toEqual(['deposit_approved']);
    const trades = await t.call('user/statement', { kind: 'trade_close', limit: 100 }, headers);
    expect(trades.body.data.items).toHaveLength(45);
    const withdrawals = await t.call('user/statement', { tab: 'withdrawal' }, headers);
    expect(withdrawals.body.data).toEqual({ items: [], nextCursor: null });
    expect((await t.call('user/statement', { limit: 1000 }, headers)).http).toBe(400);
    expect((await t.call('user/statement', { tab: 'bonus' }, headers)).http).toBe(400);
  });

  it('downloads as CSV with a header and one line per posting', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/vue/user/statementCsv',
      payload: {},
      headers,
    });
    expect(reply.headers['content-type']).toContain('text/csv');
    const lines = reply.body.trim().split('\n');
    expect(lines[0]).toBe(
      'time_utc,entry_id,kind,reference_type,reference,account,currency,amount,balance_after',
    );
    expect(lines).toHaveLength(47);
    expect(lines.at(-1)).toContain(',deposit_approved,seed,demo seed,cash,INR,500000.00,500000.00');
  });

  it('shows another investor nothing of the demo investor', async () => {
    await t.db
      .insertInto('invitation_codes')
      .values({ code: 'STMT0001', owner_user_id: null, note: null })
      .execute();
    const other = await t.call('user/register', {
      account: '9700000001',
      password: 'Other1234',
      confirmPassword: 'Other1234',
      inviteCode: 'STMT0001',
      agree: true,
    });
    const reply = await t.call('user/statement', {}, { token: other.body.data.token, account: '9700000001' });
    expect(reply.body.data.items).toEqual([]);
  });
});

describe('staff corrections', () => {
  const finance = async () => (await createStaff(t, ['finance'])).headers;

  it('reverses an entry with a reason, once, and audits it; the original postings stay', async () => {
    const staff = await finance();
    const entry = await t.db
      .selectFrom('journal_entries')
      .select(['id'])
      .where('entry_key', '=', 'test:trade:2')
      .executeTakeFirstOrThrow();
    const before = await t.call('user/getUserinfo', {}, headers);
    const noReason = await t.call(
      '/api/console/ledger/reverse',
      { entryId: String(entry.id), reason: '' },
      staff,
    );
    expect(noReason.http).toBe(400);
    const reversed = await t.call(
      '/api/console/ledger/reverse',
      { entryId: String(entry.id), reason: 'duplicate fill found in reconciliation' },
      staff,
    );
    expect(reversed.body).toMatchObject({ status: 1, data: { key: 'test:trade:2:reversal' } });
    const after = await t.call('user/getUserinfo', {}, headers);
    const toPaise = (value: string) => BigInt(value.replace('.', ''));
    expect(toPaise(after.body.data.balances.available)).toBe(
      toPaise(before.body.data.balances.available) - 1_050n,
    );
    const again = await t.call(
      '/api/console/ledger/reverse',
      { entryId: String(entry.id), reason: 'second try' },
      staff,
    );
    expect(again.body.code).toBe('REPEATED_OPERATION');
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['reason'])
      .where('action', '=', 'ledger.reverse')
      .execute();
    expect(audit).toEqual([{ reason: 'duplicate fill found in reconciliation' }]);
    const reconcile = await t.call('/api/console/ledger/reconcile', {}, staff);
    expect(reconcile.body.data).toMatchObject({ ok: true, problems: [] });
  });
});

describe('the demo seed', () => {
  it('is idempotent across restarts', async () => {
    const second = await seedDemo(t.db, t.config, t.clock.now());
    expect(second).toEqual({ createdAdmin: false, createdInvestor: false, createdInviteCode: false });
    const investors = await t.db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', t.config.demo.investorPhone)
      .execute();
    expect(investors).toHaveLength(1);
  });
});

describe('the trade tab', () => {
  it("holds every movement that is neither a deposit nor a withdrawal, so a product's entry shows somewhere", async () => {
    const cash = await userAccountId(t.db, demo.id, 'cash', 'INR');
    const allocation = await userAccountId(t.db, demo.id, 'follow_allocation', 'INR');
    await t.db.transaction().execute((trx) =>
      postEntry(trx, {
        key: 'test:follow:1',
        kind: 'follow_invest',
        reference: 'follow-1',
        referenceType: 'follow',
        postedBy: { type: 'user', id: demo.id },
        atMs: t.clock.now() + 1_000,
        postings: [
          { accountId: cash, amountMinor: -10_000n, currency: 'INR' },
          { accountId: allocation, amountMinor: 10_000n, currency: 'INR' },
        ],
      }),
    );
    const records = await t.call('user/fundRecords', { tab: 'trade', limit: 5 }, headers);
    expect(records.body.data.items[0]).toMatchObject({
      tab: 'trade',
      kind: 'follow_invest',
      amount: '-100.00',
    });
    const statement = await t.call('user/statement', { tab: 'trade', limit: 100 }, headers);
    const kinds = new Set(statement.body.data.items.map((item: { kind: string }) => item.kind));
    expect(kinds.has('follow_invest')).toBe(true);
    expect(kinds.has('trade_close')).toBe(true);
    expect(kinds.has('deposit_approved')).toBe(false);
    const deposits = await t.call('user/fundRecords', { tab: 'recharge' }, headers);
    expect(deposits.body.data.items.every((item: { kind: string }) => item.kind === 'deposit')).toBe(true);
  });
});
