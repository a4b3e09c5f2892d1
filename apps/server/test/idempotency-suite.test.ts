import { randomBytes } from 'node:crypto';
import { CONSOLE_CALLS, INVESTOR_CALLS, STAFF_ROLES } from '@nivesh/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createStaff, logInAgain } from './fixtures.js';
import { startTestApp } from './harness.js';
import { createRichInvestor, type RichInvestor } from './suite-fixtures.js';
import { seededRandom, shuffled, suiteSeed } from './suite-seed.js';
import { publishPrice } from './trading-helpers.js';

/**
 * Idempotency of every state-changing call (docs/adr/0024, docs/api.md "Idempotency"): a first call
 * with one key shows what one effect writes; then 20 concurrent duplicates with another key must
 * write no more than that (table by table), and all 20 replies must be byte for byte one reply.
 */
const t = await startTestApp();
const seed = suiteSeed('idempotency');
const random = seededRandom(seed);
publishPrice(t, 'RELIANCE', 100_000n, { previousClosePaise: 100_000n });
const DUPLICATES = 20;

/** Calls whose reply holds a session (never stored for replay: register-call.ts) or that end the suite's session. */
const NOT_REPLAYED: Record<string, string> = {
  'user/login': 'its reply holds a session token',
  'user/register': 'its reply holds a session token',
  'user/loginVerify': 'its reply holds a session token',
  'user/logout': "it ends the suite's own session (and is single by nature)",
  'user/twoFactorEnroll': 'its reply holds a new TOTP secret (each call replaces the pending one)',
  'user/twoFactorConfirm': 'its reply holds the recovery codes',
  'apiApps/create': 'its reply holds the api_secret, shown once',
  'user/passkeyRegisterOptions': 'its reply holds a new one-time WebAuthn challenge',
  'user/passkeyRegister': 'it answers a one-time WebAuthn challenge: a duplicate is refused, not replayed',
  'user/passkeyLoginOptions': 'its reply holds a new one-time WebAuthn challenge',
  'user/loginVerifyPasskey': 'its reply holds a session token',
  'apiApps/rotateSecret': 'its reply holds the new api_secret, shown once',
};

/** A valid body for each state-changing investor call, from the investor's own things. */
const BODIES: Record<
  string,
  (investor: RichInvestor & { otherSessionId: string }) => Record<string, unknown>
> = {
  'block/buy': () => ({ symbol: 'RELIANCE', quantity: 1, price: '1000.00' }),
  'dayTrading/apply': () => ({}),
  'checkin/checkIn': () => ({}),
  'checkin/claim': () => ({ rewardId: '1' }),
  'message/read': () => ({ all: true }),
  'favorite/add': (i) => ({ listId: i.listId, symbol: 'INFY' }),
  'favorite/createList': () => ({ name: 'idempotent' }),
  'favorite/deleteList': (i) => ({ listId: i.listId }),
  'favorite/remove': (i) => ({ listId: i.listId, symbols: ['TCS'] }),
  'favorite/reorder': (i) => ({ listId: i.listId, symbols: ['TCS'] }),
  'follow/invest': (i) => ({ id: i.followProductId, amount: '10000.00' }),
  'user/authSubmit': () => ({
    realName: 'Asha Verma',
    idType: 'pan',
    idNumber: 'ABCDE1234F',
    frontImage: '0'.repeat(32),
    backImage: '1'.repeat(32),
  }),
  'bank/add': () => ({
    holderName: 'Asha Verma',
    accountNumber: String(100_000_000_000 + Math.floor(random() * 800_000_000_000)),
    ifsc: 'HDFC0001234',
    branchName: 'Fort',
  }),
  'bank/unbind': (i) => ({ id: i.bankId, fundPassword: 'Fund1234' }),
  'cashout/submit': (i) => ({ amount: '500.00', destinationId: i.bankId, fundPassword: 'Fund1234' }),
  'exchange/submit': () => ({ from: 'INR', to: 'USD', amount: '1000.00' }),
  'recharge/submit': (i) => ({
    channelId: i.channelId,
    amount: '1000.00',
    payerReference: `UTR${Math.floor(random() * 1e9)}`,
    receiptImage: i.uploadId,
    sourceId: i.bankId,
  }),
  'wallet/add': () => ({ network: 'TRC20', address: `T${randomBytes(16).toString('hex')}` }),
  'wallet/unbind': (i) => ({ id: i.walletId, fundPassword: 'Fund1234' }),
  'newstock/pay': (i) => ({ id: i.subscriptionId }),
  'newstock/subscribe': (i) => ({ issueId: i.issueId, quantity: 10_000 }),
  'lending/lend': (i) => ({ positionId: i.positionId, quantity: 1, termDays: 7 }),
  'loan/apply': () => ({ amount: '1000.00', termDays: 7 }),
  'loan/repay': () => ({ amount: '1.00', fundPassword: 'Fund1234' }),
  'favorite/addSearchHistory': () => ({ symbol: 'TCS' }),
  'favorite/clearSearchHistory': () => ({}),
  'user/twoFactorDisable': () => ({ code: '123456' }),
  'user/passkeyRemove': (i) => ({ passkeyId: i.passkeyId, proof: { fundPassword: 'Fund1234' } }),
  'trade/cancel': (i) => ({ id: i.pendingOrderId }),
  'trade/modify': (i) => ({ id: i.pendingOrderId, quantity: 2 }),
  'apiApps/delete': (i) => ({ id: i.apiAppId }),
  // The suite's session stays in the real book: a switch to paper would refuse the calls after it.
  'paper/switch': () => ({ book: 'real' }),
  'paper/reset': () => ({}),
  'alert/create': () => ({ symbol: 'TCS', direction: 'below', price: '100.00' }),
  'alert/delete': (i) => ({ alertId: i.alertId }),
  'gtt/create': () => ({
    symbol: 'RELIANCE',
    type: 'single',
    triggers: ['2.00'],
    orders: [{ transactionType: 'BUY', product: 'CNC', quantity: 1, price: '2.00' }],
  }),
  'gtt/delete': (i) => ({ id: i.gttId }),
  'trade/close': (i) => ({ id: i.positionId, quantity: 1 }),
  'trade/open': () => ({ symbol: 'RELIANCE', side: 'long', orderType: 'market', quantity: 1, leverage: 1 }),
  'trade/sell': () => ({ symbol: 'RELIANCE', product: 'delivery', quantity: 1 }),
  'user/changePassword': () => ({
    oldPassword: 'Secret123',
    newPassword: 'Secret456',
    confirmPassword: 'Secret456',
  }),
  'user/revokeSession': (i) => ({ id: i.otherSessionId }),
  // A wrong password: the suite's investor has money anyway, and must stay open.
  'user/closeAccount': () => ({ password: 'Wrong0000' }),
  'user/resetPassword': (i) => ({
    account: i.phone,
    fundPassword: 'Fund1234',
    resetCode: '12345678',
    newPassword: 'Secret789',
    confirmPassword: 'Secret789',
  }),
  'user/setFundPassword': () => ({
    loginPassword: 'Secret456',
    oldFundPassword: 'Fund1234',
    newPassword: 'Fund5678',
    confirmPassword: 'Fund5678',
  }),
};
/** Changes the investor's passwords: run last, after every call that uses them. */
const LAST = ['user/changePassword', 'user/setFundPassword'];

/** The number of rows in every table of the schema, in one query. */
async function rowCounts(): Promise<Map<string, number>> {
  const tables = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(t.db);
  const union = tables.rows
    .map((row) => `SELECT '${row.table_name}' AS name, count(*)::int AS rows FROM "${row.table_name}"`)
    .join(' UNION ALL ');
  const counts = await sql<{ name: string; rows: number }>`${sql.raw(union)}`.execute(t.db);
  return new Map(counts.rows.map((row) => [row.name, Number(row.rows)]));
}

const deltaOf = (before: Map<string, number>, after: Map<string, number>) =>
  new Map([...after].map(([name, rows]) => [name, rows - (before.get(name) ?? 0)]));

describe('idempotency of every state-changing call', () => {
  it('20 concurrent duplicates with one key: at most one effect, one reply byte for byte', async () => {
    const admin = await createStaff(t, [...STAFF_ROLES]);
    const investor = await createRichInvestor(t, admin);
    await logInAgain(t, investor);
    const sessions = await t.call('user/sessions', {}, investor.headers);
    const otherSessionId = sessions.body.data.items.find((item: { current?: boolean }) => !item.current)
      ?.id as string;
    const own = { ...investor, otherSessionId };

    const mutating = INVESTOR_CALLS.filter((call) => call.mutates && !NOT_REPLAYED[call.path]);
    const missing = mutating.filter((call) => !BODIES[call.path]).map((call) => call.path);
    expect(missing, 'add a body to BODIES for each new state-changing call').toEqual([]);
    const ordered = [
      ...shuffled(
        mutating.filter((call) => !LAST.includes(call.path)),
        random,
      ),
      ...LAST.map((path) => mutating.find((call) => call.path === path)!),
    ];
    const figures = {
      calls: 0,
      requests: 0,
      effects: 0,
      serverErrors: 0,
      rateLimited: 0,
      extraEffects: [] as string[],
      replies: [] as string[],
    };

    const tryCall = async (url: string, body: unknown, headers: Record<string, string>) => {
      figures.calls++;
      const before = await rowCounts();
      const first = await t.app.inject({
        method: 'POST',
        url,
        payload: body as object,
        headers: { ...headers, 'idempotency-key': `first-${randomBytes(8).toString('hex')}` },
      });
      const middle = await rowCounts();
      const key = `dup-${randomBytes(8).toString('hex')}`;
      const replies = await Promise.all(
        Array.from({ length: DUPLICATES }, () =>
          t.app.inject({
            method: 'POST',
            url,
            payload: body as object,
            headers: { ...headers, 'idempotency-key': key },
          }),
        ),
      );
      figures.requests += 1 + DUPLICATES;
      const after = await rowCounts();
      const one = deltaOf(before, middle);
      const many = deltaOf(middle, after);
      if (first.statusCode >= 500 || replies.some((reply) => reply.statusCode >= 500)) figures.serverErrors++;
      if ([...one.values()].some((rows) => rows !== 0)) figures.effects++;
      for (const [table, rows] of many)
        if (Math.abs(rows) > Math.abs(one.get(table) ?? 0))
          figures.extraEffects.push(
            `${url}: ${table} ${rows} rows after ${DUPLICATES} duplicates, ${one.get(table)} after one call`,
          );
      // A rate limit (user/resetPassword: 5 a phone) is checked before the replay, on purpose: it
      // counts attempts, so duplicates beyond it get 429 and no other reply.
      figures.rateLimited += replies.filter((reply) => reply.statusCode === 429).length;
      const distinct = new Set(
        replies
          .filter((reply) => reply.statusCode !== 429)
          .map((reply) => `${reply.statusCode} ${reply.body}`),
      );
      if (distinct.size !== 1)
        figures.replies.push(
          `${url}: ${distinct.size} different replies: ${[...distinct].join(' | ').slice(0, 300)}`,
        );
    };

    for (const call of ordered)
      await tryCall(`/api/vue/${call.path}`, BODIES[call.path]!(own), investor.headers);
    // Console calls: the replay is keyed by the staff member; a body each would need a fixture of
    // its own, so the empty body checks the replay of the refusal and that it wrote nothing.
    for (const call of shuffled(
      CONSOLE_CALLS.filter((call) => call.mutates && call.roles !== 'public'),
      random,
    ))
      await tryCall(`/api/console/${call.path}`, {}, admin.headers);

    console.log(
      `idempotency: ${figures.calls} calls, ${figures.requests} requests (${DUPLICATES} concurrent duplicates each), ` +
        `${figures.effects} with an effect, ${figures.serverErrors} 5xx, ${figures.extraEffects.length} extra effects, ` +
        `${figures.replies.length} with differing replies, ${figures.rateLimited} rate-limited (seed ${seed})`,
    );
    expect([...figures.extraEffects, ...figures.replies]).toEqual([]);
    expect(figures.serverErrors).toBe(0);
  }, 300_000);
});
