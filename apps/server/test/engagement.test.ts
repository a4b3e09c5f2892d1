import { describe, expect, it } from 'vitest';
import { insertUserMessage } from '../src/repositories/message.repository.js';
import { createInvestor, createStaff, logInAgain } from './fixtures.js';
import { startTestApp } from './harness.js';

const t = await startTestApp();
const HOUR = 3_600_000;

const countRows = async (table: 'checkins' | 'checkin_claims' | 'journal_entries' | 'news') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const cashOf = async (userId: bigint) =>
  (
    await t.db
      .selectFrom('ledger_accounts')
      .select('balance_minor')
      .where('user_id', '=', userId)
      .where('purpose', '=', 'cash')
      .executeTakeFirstOrThrow()
  ).balance_minor;

describe('messages', () => {
  it('lists notices in the reader’s language, newest first, and marks them read', async () => {
    const investor = await createInvestor(t);
    for (let index = 0; index < 3; index++) {
      await insertUserMessage(t.db, { userId: investor.id, kind: 'WELCOME', atMs: t.clock.now() + index });
    }
    const hindi = await t.call('message/list', { limit: 2 }, { ...investor.headers, lang: 'hi' });
    expect(hindi.body.data.items).toHaveLength(2);
    expect(hindi.body.data.items[0].title).toBe('निवेश में आपका स्वागत है');
    expect(hindi.body.data.unread).toBe(3);
    const next = await t.call('message/list', { cursor: hindi.body.data.nextCursor }, investor.headers);
    expect(next.body.data.items).toHaveLength(1);
    expect(next.body.data.nextCursor).toBeNull();

    const one = await t.call('message/read', { ids: [hindi.body.data.items[0].id] }, investor.headers);
    expect(one.body.data.unread).toBe(2);
    const all = await t.call('message/read', { all: true }, investor.headers);
    expect(all.body.data.unread).toBe(0);
    expect((await t.call('message/unreadCount', {}, investor.headers)).body.data.unread).toBe(0);
  });

  it('never shows or marks another investor’s notices', async () => {
    const owner = await createInvestor(t);
    const other = await createInvestor(t);
    const message = await insertUserMessage(t.db, { userId: owner.id, kind: 'WELCOME', atMs: t.clock.now() });
    expect((await t.call('message/list', {}, other.headers)).body.data.items).toEqual([]);
    await t.call('message/read', { ids: [message!.id.toString()] }, other.headers);
    expect((await t.call('message/unreadCount', {}, owner.headers)).body.data.unread).toBe(1);
  });
});

describe('check-in', () => {
  it('counts once per IST day, keeps the streak across IST midnight and restarts it after a missed day', async () => {
    let investor = await createInvestor(t);
    // 23:50 IST on Monday 23 November.
    t.clock.set(Date.UTC(2026, 10, 23, 18, 20));
    const first = await t.call('checkin/checkIn', {}, investor.headers);
    expect(first.body).toMatchObject({
      status: 1,
      msg: 'Checked in',
      data: { day: '2026-11-23', count: 1, streak: 1 },
    });

    const again = await t.call('checkin/checkIn', {}, investor.headers);
    expect(again.body.code).toBe('ALREADY_CHECKED_IN');

    // 20 minutes later it is Tuesday in India (still Monday in UTC).
    t.clock.advance(20 * 60_000);
    const tuesday = await t.call('checkin/checkIn', {}, investor.headers);
    expect(tuesday.body.data).toEqual({ day: '2026-11-24', count: 2, streak: 2 });

    // Skip Wednesday.
    t.clock.advance(48 * HOUR);
    investor = await logInAgain(t, investor);
    const status = await t.call('checkin/status', {}, investor.headers);
    expect(status.body.data).toMatchObject({
      today: '2026-11-26',
      checkedInToday: false,
      count: 2,
      streak: 0,
    });
    expect(status.body.data.monthDays).toEqual(['2026-11-23', '2026-11-24']);
    const thursday = await t.call('checkin/checkIn', {}, investor.headers);
    expect(thursday.body.data).toEqual({ day: '2026-11-26', count: 3, streak: 1 });
  });

  it('lets only one of two simultaneous check-ins count', async () => {
    const investor = await createInvestor(t);
    const before = await countRows('checkins');
    const replies = await Promise.all([
      t.call('checkin/checkIn', {}, investor.headers),
      t.call('checkin/checkIn', {}, investor.headers),
    ]);
    expect(replies.map((reply) => reply.body.status).sort()).toEqual([0, 1]);
    expect(replies.find((reply) => reply.body.status === 0)!.body.code).toBe('ALREADY_CHECKED_IN');
    expect(await countRows('checkins')).toBe(before + 1);
  });
});

describe('check-in rewards', () => {
  it('pays a reward once through the ledger, only after enough check-ins', async () => {
    const finance = await createStaff(t, ['finance']);
    const saved = await t.call(
      '/api/console/checkin/saveReward',
      { requiredCount: 2, amount: '25.50', active: true, reason: 'launch promotion' },
      finance.headers,
    );
    expect(saved.body.status).toBe(1);
    const rewardId = saved.body.data.id;
    let investor = await createInvestor(t);
    await t.call('checkin/checkIn', {}, investor.headers);

    const entriesBefore = await countRows('journal_entries');
    const early = await t.call('checkin/claim', { rewardId }, investor.headers);
    expect(early.body).toMatchObject({
      status: 0,
      code: 'CHECKIN_COUNT_INSUFFICIENT',
      params: { required: 2 },
    });
    expect(await countRows('journal_entries')).toBe(entriesBefore);
    expect(await cashOf(investor.id)).toBe(0n);

    t.clock.advance(24 * HOUR);
    investor = await logInAgain(t, investor);
    await t.call('checkin/checkIn', {}, investor.headers);
    const status = await t.call('checkin/status', {}, investor.headers);
    expect(status.body.data.rewards).toContainEqual(
      expect.objectContaining({ id: rewardId, amount: '25.50', claimable: true, claimed: false }),
    );
    const claims = await Promise.all([
      t.call('checkin/claim', { rewardId }, investor.headers),
      t.call('checkin/claim', { rewardId }, investor.headers),
    ]);
    expect(claims.map((reply) => reply.body.status).sort()).toEqual([0, 1]);
    expect(await cashOf(investor.id)).toBe(2_550n);
    const statement = await t.call('user/statement', {}, investor.headers);
    expect(statement.body.data.items[0]).toMatchObject({ kind: 'checkin_reward', amount: '25.50' });
  });

  it('refuses a reward table row with a bad amount or a duplicate count, changing nothing', async () => {
    const admin = await createStaff(t, ['admin']);
    const bad = await t.call(
      '/api/console/checkin/saveReward',
      { requiredCount: 5, amount: '-1', active: true, reason: 'typo test' },
      admin.headers,
    );
    expect(bad.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      params: { field: 'amount', reason: 'negative' },
    });
    await t.call(
      '/api/console/checkin/saveReward',
      { requiredCount: 7, amount: '10', active: true, reason: 'week' },
      admin.headers,
    );
    const duplicate = await t.call(
      '/api/console/checkin/saveReward',
      { requiredCount: 7, amount: '20', active: true, reason: 'again' },
      admin.headers,
    );
    expect(duplicate.body.code).toBe('VALIDATION_FAILED');
    const rows = await t.db
      .selectFrom('checkin_rewards')
      .selectAll()
      .where('required_count', '=', 7)
      .execute();
    expect(rows.map((row) => row.amount_paise)).toEqual([1_000n]);
  });
});

describe('news', () => {
  it('sanitises hostile rich text and shows published news only in its language', async () => {
    const content = await createStaff(t, ['content']);
    const hostile = [
      '<p onclick="steal()">नमस्ते <strong>निवेशक</strong></p>',
      '<script>alert(1)</script>',
      '<img src="x" onerror="alert(1)"><img src="https://cdn.example.com/a.png" alt="chart">',
      '<a href="javascript:alert(1)">click</a> <a href="https://nse.example.com">NSE</a>',
      '<iframe src="https://evil.example.com"></iframe><svg><script>alert(2)</script></svg>',
      '<a href="JaVaScRiPt:alert(3)">x</a><div style="background:url(javascript:alert(4))">y</div>',
    ].join('');
    const saved = await t.call(
      '/api/console/news/save',
      { language: 'hi', title: 'बाज़ार समाचार', bodyHtml: hostile, publishAt: t.clock.now() - 1000 },
      content.headers,
    );
    expect(saved.body.status).toBe(1);
    const body: string = saved.body.data.bodyHtml;
    for (const forbidden of [
      '<script',
      'onclick',
      'onerror',
      'javascript:',
      '<iframe',
      '<svg',
      'style=',
      'src="x"',
    ]) {
      expect(body.toLowerCase()).not.toContain(forbidden.toLowerCase());
    }
    expect(body).toContain('<strong>निवेशक</strong>');
    expect(body).toContain('https://cdn.example.com/a.png');
    expect(body).toContain('rel="noopener noreferrer nofollow"');

    await t.call(
      '/api/console/news/save',
      { language: 'hi', title: 'ड्राफ़्ट', bodyHtml: '<p>अभी नहीं</p>', publishAt: null },
      content.headers,
    );
    await t.call(
      '/api/console/news/save',
      { language: 'hi', title: 'कल', bodyHtml: '<p>बाद में</p>', publishAt: t.clock.now() + HOUR },
      content.headers,
    );
    await t.call(
      '/api/console/news/save',
      { language: 'en', title: 'Market news', bodyHtml: '<p>Hello</p>', publishAt: t.clock.now() - 1000 },
      content.headers,
    );

    const hindi = await t.call('news/list', {}, { lang: 'hi' });
    expect(hindi.body.data.items.map((item: { title: string }) => item.title)).toEqual(['बाज़ार समाचार']);
    expect(hindi.body.data.items[0].summary).toContain('नमस्ते निवेशक');
    const english = await t.call('news/list', {}, { lang: 'en' });
    expect(english.body.data.items.map((item: { title: string }) => item.title)).toEqual(['Market news']);
    const detail = await t.call('news/detail', { id: saved.body.data.id }, { lang: 'hi' });
    expect(detail.body.data.bodyHtml).toBe(body);

    t.clock.advance(2 * HOUR);
    expect((await t.call('news/list', {}, { lang: 'hi' })).body.data.items).toHaveLength(2);

    await t.call('/api/console/news/delete', { id: saved.body.data.id, reason: 'outdated' }, content.headers);
    expect((await t.call('news/detail', { id: saved.body.data.id }, {})).body.code).toBe('PRODUCT_NOT_FOUND');
  });

  it('refuses a cover that is not an https URL and a body that sanitises to nothing', async () => {
    const content = await createStaff(t, ['content']);
    const before = await countRows('news');
    const cover = await t.call(
      '/api/console/news/save',
      { language: 'en', title: 'x', coverUrl: 'javascript:alert(1)', bodyHtml: '<p>x</p>', publishAt: null },
      content.headers,
    );
    expect(cover.body).toMatchObject({ code: 'VALIDATION_FAILED', params: { field: 'coverUrl' } });
    const empty = await t.call(
      '/api/console/news/save',
      { language: 'en', title: 'x', bodyHtml: '<script>alert(1)</script>', publishAt: null },
      content.headers,
    );
    expect(empty.body).toMatchObject({ code: 'VALIDATION_FAILED', params: { field: 'bodyHtml' } });
    expect(await countRows('news')).toBe(before);
  });
});
