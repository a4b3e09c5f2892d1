import { describe, expect, it } from 'vitest';
import { insertUserMessage } from '../src/repositories/message.repository.js';
import { insertStrategyUser } from '../src/repositories/user.repository.js';
import { createStaff } from './console-fixtures.js';
import { createInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';
import { publishPrice } from './trading-helpers.js';

const t = await startTestApp();
const support = await createStaff(t, ['support']);
const compliance = await createStaff(t, ['compliance']);
const admin = await createStaff(t, ['admin']);

const rich = await createInvestor(t, { cashPaise: 1_234_500n, realName: 'Asha Verma', kyc: 'verified' });
const pending = await createInvestor(t, { realName: 'Bharat Rao', kyc: 'pending' });
await t.db.updateTable('users').set({ phone: '9000011111' }).where('id', '=', pending.id).execute();

describe('finding users', () => {
  it('finds by part of the phone, by id and by part of the name', async () => {
    const byPhone = await t.call('/api/console/users/search', { query: '00011111' }, support.headers);
    expect(byPhone.body.data.items.map((user: { id: string }) => user.id)).toEqual([String(pending.id)]);
    const byId = await t.call('/api/console/users/search', { query: String(rich.id) }, support.headers);
    expect(byId.body.data.items.map((user: { id: string }) => user.id)).toContain(String(rich.id));
    const byName = await t.call('/api/console/users/search', { query: 'asha' }, support.headers);
    expect(byName.body.data).toMatchObject({
      total: 1,
      items: [{ realName: 'Asha Verma', kycStatus: 'verified' }],
    });
  });

  it('filters by KYC state and by flag, and pages on the server', async () => {
    const kyc = await t.call('/api/console/users/search', { kycStatus: 'pending' }, support.headers);
    expect(kyc.body.data.items.every((user: { kycStatus: string }) => user.kycStatus === 'pending')).toBe(
      true,
    );
    await t.call(
      '/api/console/users/setFlag',
      { userId: String(rich.id), flag: 'withdrawal_barred', set: true, reason: 'court order 12/2026' },
      compliance.headers,
    );
    const flagged = await t.call('/api/console/users/search', { flag: 'withdrawal_barred' }, support.headers);
    expect(flagged.body.data).toMatchObject({
      total: 1,
      items: [{ id: String(rich.id), flags: ['withdrawal_barred'] }],
    });
    const firstPage = await t.call('/api/console/users/search', { pageSize: 1, page: 1 }, support.headers);
    const secondPage = await t.call('/api/console/users/search', { pageSize: 1, page: 2 }, support.headers);
    expect(firstPage.body.data).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(firstPage.body.data.items[0].id).not.toBe(secondPage.body.data.items[0].id);
    const tooBig = await t.call('/api/console/users/search', { pageSize: 101 }, support.headers);
    expect(tooBig.http).toBe(400);
  });

  it('lists no copy-trading strategy account: it is the platform’s, not a user', async () => {
    const strategyId = await insertStrategyUser(t.db, {
      phone: 'strategy-test-1',
      passwordHash: 'never-verifies',
      realName: 'Asha Momentum strategy',
    });
    const all = await t.call('/api/console/users/search', { pageSize: 100 }, support.headers);
    expect(all.body.data.items.map((user: { id: string }) => user.id)).not.toContain(String(strategyId));
    const byName = await t.call('/api/console/users/search', { query: 'asha' }, support.headers);
    expect(byName.body.data.total).toBe(1);
    // A number is looked up as an id and within phones: an investor's phone may hold its digits.
    const byId = await t.call('/api/console/users/search', { query: String(strategyId) }, support.headers);
    expect(byId.body.data.items.map((user: { id: string }) => user.id)).not.toContain(String(strategyId));
    const dashboard = await t.call('/api/console/dashboard/summary', {}, support.headers);
    expect(dashboard.body.data.users.total).toBe(all.body.data.total);
    await t.db.deleteFrom('users').where('id', '=', strategyId).execute();
  });

  it('treats LIKE wildcards in a query as plain text', async () => {
    const reply = await t.call('/api/console/users/search', { query: '%' }, support.headers);
    expect(reply.body.data.total).toBe(0);
  });
});

describe('a user page', () => {
  it('shows KYC, flags with reasons, balances by purpose and live sessions', async () => {
    const reply = await t.call('/api/console/users/detail', { userId: String(rich.id) }, support.headers);
    expect(reply.body.data.user).toMatchObject({
      realName: 'Asha Verma',
      kycStatus: 'verified',
      creditScore: 0,
    });
    expect(reply.body.data.flags).toEqual([
      expect.objectContaining({
        flag: 'withdrawal_barred',
        reason: 'court order 12/2026',
        setBy: `staff:${compliance.id}`,
      }),
    ]);
    expect(reply.body.data.balances).toContainEqual({
      currency: 'INR',
      purpose: 'cash',
      balance: '12345.00',
    });
    expect(reply.body.data.sessions).toHaveLength(1);
    const missing = await t.call('/api/console/users/detail', { userId: '999999' }, support.headers);
    expect(missing.body.code).toBe('ACCOUNT_NOT_FOUND');
  });

  it('reads the statement as the investor sees it', async () => {
    const reply = await t.call(
      '/api/console/users/statement',
      { userId: String(rich.id), limit: 10 },
      support.headers,
    );
    expect(reply.body.data.items).toEqual([
      expect.objectContaining({
        kind: 'deposit_approved',
        account: 'cash',
        amount: '12345.00',
        balanceAfter: '12345.00',
      }),
    ]);
  });

  it('revokes one session, then refuses it again; all sessions revoke together', async () => {
    const detail = await t.call('/api/console/users/detail', { userId: String(rich.id) }, support.headers);
    const sessionId = detail.body.data.sessions[0].id as string;
    const revoked = await t.call(
      '/api/console/users/revokeSession',
      { userId: String(rich.id), sessionId, reason: 'phone reported stolen' },
      support.headers,
    );
    expect(revoked.body.data).toEqual({ revoked: 1 });
    expect((await t.call('user/getUserinfo', {}, rich.headers)).http).toBe(401);
    const again = await t.call(
      '/api/console/users/revokeSession',
      { userId: String(rich.id), sessionId, reason: 'again' },
      support.headers,
    );
    expect(again.body.code).toBe('SESSION_NOT_FOUND');
    const foreign = await t.call(
      '/api/console/users/revokeSession',
      { userId: String(pending.id), sessionId, reason: 'wrong user' },
      support.headers,
    );
    expect(foreign.body.code).toBe('SESSION_NOT_FOUND');
    const all = await t.call(
      '/api/console/users/revokeSession',
      { userId: String(pending.id), reason: 'sign out everywhere on request' },
      support.headers,
    );
    expect(all.body.data).toEqual({ revoked: 1 });
    expect((await t.call('user/getUserinfo', {}, pending.headers)).http).toBe(401);
  });

  it('sets a credit score (compliance), audited; refuses zero and other roles', async () => {
    const set = await t.call(
      '/api/console/users/setCreditScore',
      { userId: String(rich.id), creditScore: 720, reason: 'bureau report 2026-11' },
      compliance.headers,
    );
    expect(set.body.data).toEqual({ creditScore: 720 });
    const zero = await t.call(
      '/api/console/users/setCreditScore',
      { userId: String(rich.id), creditScore: 0, reason: 'zero' },
      compliance.headers,
    );
    expect(zero.http).toBe(400);
    const bySupport = await t.call(
      '/api/console/users/setCreditScore',
      { userId: String(rich.id), creditScore: 10, reason: 'not mine' },
      support.headers,
    );
    expect(bySupport.http).toBe(403);
    const user = await t.db
      .selectFrom('users')
      .select('credit_score')
      .where('id', '=', rich.id)
      .executeTakeFirstOrThrow();
    expect(user.credit_score).toBe(720);
  });
});

describe('the audit log', () => {
  it('filters by target, action prefix, actor and time, newest first, with staff names', async () => {
    const aboutUser = await t.call(
      '/api/console/audit/list',
      { targetType: 'user', targetId: String(rich.id) },
      admin.headers,
    );
    const actions = aboutUser.body.data.items.map((row: { action: string }) => row.action);
    expect(actions).toEqual(['user.credit_score.set', 'user.session.revoke', 'user.flag.set']);
    expect(aboutUser.body.data.items[0]).toMatchObject({
      actorType: 'staff',
      actorId: compliance.id,
      actorName: compliance.username,
      before: { creditScore: 0 },
      after: { creditScore: 720 },
      reason: 'bureau report 2026-11',
    });
    const byPrefix = await t.call('/api/console/audit/list', { action: 'user.session' }, admin.headers);
    expect(
      byPrefix.body.data.items.every((row: { action: string }) => row.action === 'user.session.revoke'),
    ).toBe(true);
    // Two revocations succeeded; the two refused ones wrote nothing.
    expect(byPrefix.body.data.total).toBe(2);
    const byActor = await t.call(
      '/api/console/audit/list',
      { actorType: 'staff', actorId: support.id },
      admin.headers,
    );
    expect(byActor.body.data.items.every((row: { actorId: string }) => row.actorId === support.id)).toBe(
      true,
    );
    // Audit rows are stamped by the database's clock (now()), not the app's manual one, so the
    // future is the wall clock's.
    const future = await t.call(
      '/api/console/audit/list',
      { fromMs: Date.now() + 86_400_000 },
      admin.headers,
    );
    expect(future.body.data.total).toBe(0);
    const paged = await t.call('/api/console/audit/list', { pageSize: 2, page: 2 }, admin.headers);
    expect(paged.body.data.items).toHaveLength(2);
  });

  it('is not open to support', async () => {
    expect((await t.call('/api/console/audit/list', {}, support.headers)).http).toBe(403);
  });
});

// Users: positions and messages (the console's user detail).
describe('a user page: positions and messages', () => {
  const finance = createStaff(t, ['finance']);
  const content = createStaff(t, ['content']);

  it('lists the orders and positions as the investor sees them, newest first, paged by id', async () => {
    // Created here, not at collection, so the user counts of the search tests above stay true.
    const trader = createInvestor(t, { cashPaise: 1_000_000n, kyc: 'verified' });
    publishPrice(t, 'RELIANCE', 100_000n, { previousClosePaise: 100_000n });
    const placed: string[] = [];
    for (const price of ['990.00', '980.00', '970.00']) {
      const reply = await t.call(
        'trade/open',
        { symbol: 'RELIANCE', side: 'long', orderType: 'limit', quantity: 1, leverage: 1, price },
        (await trader).headers,
      );
      expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
      placed.push(reply.body.data.id);
    }
    const mine = await t.call('trade/positionDetail', { id: placed[2] }, (await trader).headers);
    const first = await t.call(
      '/api/console/users/positions',
      { userId: String((await trader).id), limit: 2 },
      (await finance).headers,
    );
    expect(first.body.data.items.map((row: { id: string }) => row.id)).toEqual([placed[2], placed[1]]);
    expect(first.body.data.items[0]).toEqual(mine.body.data);
    expect(first.body.data.nextCursor).toBe(placed[1]);
    const second = await t.call(
      '/api/console/users/positions',
      { userId: String((await trader).id), limit: 2, cursor: first.body.data.nextCursor },
      support.headers,
    );
    expect(second.body.data).toMatchObject({
      items: [{ id: placed[0], limitPrice: '990.00' }],
      nextCursor: null,
    });
    const holding = await t.call(
      '/api/console/users/positions',
      { userId: String((await trader).id), state: 'holding' },
      compliance.headers,
    );
    expect(holding.body.data).toEqual({ items: [], nextCursor: null });
    const other = await t.call('/api/console/users/positions', { userId: String(pending.id) }, admin.headers);
    expect(other.body.data).toEqual({ items: [], nextCursor: null });
  });

  it('lists the notices rendered in English, newest first, with their read state', async () => {
    const sent = [];
    for (const amount of ['100.00', '200.00']) {
      sent.push(
        await insertUserMessage(t.db, {
          userId: pending.id,
          kind: 'DEPOSIT_APPROVED',
          params: { amount },
          atMs: t.clock.now(),
        }),
      );
    }
    await t.db
      .updateTable('messages')
      .set({ read_at: new Date(t.clock.now()) })
      .where('id', '=', sent[0]!.id)
      .execute();
    const first = await t.call(
      '/api/console/users/messages',
      { userId: String(pending.id), limit: 1 },
      support.headers,
    );
    expect(first.body.data.items).toHaveLength(1);
    expect(first.body.data.items[0]).toMatchObject({
      id: String(sent[1]!.id),
      kind: 'DEPOSIT_APPROVED',
      read: false,
    });
    expect(first.body.data.items[0].title).toMatch(/[A-Za-z]/);
    expect(JSON.stringify(first.body.data.items[0])).toContain('200.00');
    const second = await t.call(
      '/api/console/users/messages',
      { userId: String(pending.id), limit: 1, cursor: first.body.data.nextCursor },
      (await finance).headers,
    );
    expect(second.body.data).toMatchObject({
      items: [{ id: String(sent[0]!.id), read: true }],
      nextCursor: null,
    });
  });

  it('refuses an unknown user and roles outside the table', async () => {
    for (const path of ['/api/console/users/positions', '/api/console/users/messages']) {
      const missing = await t.call(path, { userId: '999999' }, support.headers);
      expect(missing.body.code).toBe('ACCOUNT_NOT_FOUND');
      expect((await t.call(path, { userId: String(rich.id) }, (await content).headers)).http).toBe(403);
      expect((await t.call(path, { userId: String(rich.id), limit: 101 }, support.headers)).http).toBe(400);
    }
  });
});
