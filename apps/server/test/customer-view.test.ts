import { describe, expect, it } from 'vitest';
import { consoleCall, createStaff, investorWithBank } from './funds-fixtures.js';
import { startTestApp } from './harness.js';

/** The console's customer view (docs/adr/0029-staff-administration-and-customer-view.md). */
const t = await startTestApp();
const support = await createStaff(t, ['support']);
const content = await createStaff(t, ['content']);
const investor = await investorWithBank(t, { cashPaise: 1_000_000n });
const userId = String(investor.id);

describe('the customer view', () => {
  it('reads payout accounts masked, devices, and withdrawals as the investor sees them', async () => {
    const withdrawn = await t.call(
      'cashout/submit',
      { amount: '2500.00', destinationId: investor.bankId, fundPassword: 'Fund1234' },
      investor.headers,
    );
    expect(withdrawn.body.status, JSON.stringify(withdrawn.body)).toBe(1);
    const profile = await consoleCall(t, support, 'users/profile', { userId });
    expect(profile.body.status, JSON.stringify(profile.body)).toBe(1);
    expect(profile.body.data.kycStatus).toBe('verified');
    expect(profile.body.data.payoutAccounts).toHaveLength(1);
    expect(profile.body.data.payoutAccounts[0]).toMatchObject({ kind: 'bank', ifsc: 'HDFC0001234' });
    expect(profile.body.data.payoutAccounts[0].accountNumber).toMatch(/^XXXX[0-9]{4}$/);
    expect(Array.isArray(profile.body.data.devices)).toBe(true);

    const withdrawals = await consoleCall(t, support, 'users/funds', { userId, tab: 'withdrawal' });
    expect(
      withdrawals.body.data.items.map((item: { amount: string; status: string }) => [
        item.amount,
        item.status,
      ]),
    ).toEqual([['2500.00', 'pending']]);
    const deposits = await consoleCall(t, support, 'users/funds', { userId, tab: 'recharge', limit: 5 });
    expect(deposits.body.data).toEqual({ items: [], nextCursor: null });
    const loans = await consoleCall(t, support, 'users/loans', { userId });
    expect(loans.body.data).toEqual({ items: [], nextCursor: null });
  });

  it('keeps notes staff add, newest first and paged, audited; the table refuses a change', async () => {
    for (const note of ['Called about a delayed withdrawal', 'Asked for a statement by mail', 'Third note'])
      expect((await consoleCall(t, support, 'users/addNote', { userId, note })).body.status).toBe(1);
    const first = await consoleCall(t, support, 'users/notes', { userId, limit: 2 });
    expect(first.body.data.items.map((item: { note: string }) => item.note)).toEqual([
      'Third note',
      'Asked for a statement by mail',
    ]);
    expect(first.body.data.items[0]).toMatchObject({ staffUsername: support.username });
    const second = await consoleCall(t, support, 'users/notes', {
      userId,
      limit: 2,
      cursor: first.body.data.nextCursor,
    });
    expect(second.body.data.items.map((item: { note: string }) => item.note)).toEqual([
      'Called about a delayed withdrawal',
    ]);
    expect(second.body.data.nextCursor).toBeNull();
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'after'])
      .where('action', '=', 'user.note.add')
      .where('target_id', '=', userId)
      .execute();
    expect(audit).toHaveLength(3);
    expect(audit[0]?.actor_id).toBe(String(support.id));
    const blank = await consoleCall(t, support, 'users/addNote', { userId, note: '   ' });
    expect([blank.body.code, blank.body.params?.field]).toEqual(['VALIDATION_FAILED', 'note']);
    await expect(
      t.db.deleteFrom('user_notes').where('user_id', '=', investor.id).execute(),
    ).rejects.toMatchObject({
      code: '23514',
    });
  });

  it('sends the investor a message they read in their message centre, audited with the reason', async () => {
    const sent = await consoleCall(t, support, 'users/sendMessage', {
      userId,
      subject: 'Your withdrawal',
      text: 'It is being paid today.',
      reason: 'investor asked by phone',
    });
    expect(sent.body.status, JSON.stringify(sent.body)).toBe(1);
    const inbox = await t.call('message/list', {}, investor.headers);
    expect(inbox.body.data.items[0]).toMatchObject({
      title: 'Your withdrawal',
      body: 'It is being paid today.',
    });
    const [audit] = await t.db
      .selectFrom('audit_log')
      .select(['reason', 'after'])
      .where('action', '=', 'user.message.send')
      .where('target_id', '=', userId)
      .execute();
    expect(audit?.reason).toBe('investor asked by phone');
  });

  it('refuses an unknown investor and staff whose roles do not open Users', async () => {
    const unknown = await consoleCall(t, support, 'users/profile', { userId: '999999999' });
    expect(unknown.body.code).toBe('ACCOUNT_NOT_FOUND');
    for (const path of [
      'users/profile',
      'users/funds',
      'users/loans',
      'users/notes',
      'users/addNote',
      'users/sendMessage',
    ])
      expect((await consoleCall(t, content, path, { userId })).http).toBe(403);
  });
});
