import { createHash, randomBytes } from 'node:crypto';
import {
  CONSOLE_CALLS,
  INVESTOR_CALLS,
  type InvestorCallDefinition,
  STAFF_ROLES,
  type StaffRoleName,
} from '@nivesh/contract';
import { describe, expect, it } from 'vitest';
import { createInvestor, createStaff, type TestInvestor, type TestStaff } from './fixtures.js';
import { investorWithBank, sampleImage, upload } from './funds-fixtures.js';
import { startTestApp } from './harness.js';
import { seededRandom, shuffled, suiteSeed } from './suite-seed.js';
import { balancesOf, publishPrice } from './trading-helpers.js';

/**
 * The authorization matrix, generated from the call definitions (docs/adr/0024): every investor
 * call anonymously and with a forged session, every investor call that takes an id with another
 * investor's id, every console call per role. A new call that takes an id fails this suite until it
 * has a case below, so no call escapes the matrix by being new.
 */
const t = await startTestApp();
const seed = suiteSeed('authorization matrix');
const random = seededRandom(seed);
publishPrice(t, 'RELIANCE', 100_000n, { previousClosePaise: 100_000n });

/** A body field that names a thing by its id (or an upload by its uploadId). */
const ID_FIELD = /(^id$|Id$|Ids$|^receiptImage$)/;
const idFieldsOf = (call: InvestorCallDefinition) =>
  Object.keys((call.body as { properties?: Record<string, unknown> }).properties ?? {}).filter((name) =>
    ID_FIELD.test(name),
  );

interface Victim extends TestInvestor {
  bankId: string;
  walletId: string;
  listId: string;
  positionId: string;
  pendingOrderId: string;
  sessionId: string;
  uploadId: string;
  subscriptionId: string;
  followId: string;
  contractNoteId: string;
  channelId: string;
}

/**
 * For each investor call taking an id: the body an attacker sends with the victim's id (valid in
 * every other respect, so the call reaches its ownership check), or why the id is not anyone's own.
 */
type IdCase = { publicId: string } | { body: (victim: Victim) => Record<string, unknown> };
const ID_CASES: Record<string, IdCase> = {
  'trade/estimate': {
    body: (v) => ({
      symbol: 'RELIANCE',
      side: 'short',
      quantity: 1,
      orderType: 'market',
      closingId: v.positionId,
    }),
  },
  'trade/cancel': { body: (v) => ({ id: v.pendingOrderId }) },
  'trade/close': { body: (v) => ({ id: v.positionId }) },
  'trade/positionDetail': { body: (v) => ({ id: v.positionId }) },
  'favorite/add': { body: (v) => ({ listId: v.listId, symbol: 'RELIANCE' }) },
  'favorite/deleteList': { body: (v) => ({ listId: v.listId }) },
  'favorite/remove': { body: (v) => ({ listId: v.listId, symbols: ['TCS'] }) },
  'favorite/reorder': { body: (v) => ({ listId: v.listId, symbols: ['TCS'] }) },
  'follow/positions': { body: (v) => ({ id: v.followId }) },
  'bank/unbind': { body: (v) => ({ id: v.bankId, fundPassword: 'Fund1234' }) },
  'wallet/unbind': { body: (v) => ({ id: v.walletId, fundPassword: 'Fund1234' }) },
  'cashout/quote': { body: (v) => ({ amount: '500.00', destinationId: v.bankId }) },
  'cashout/submit': {
    body: (v) => ({ amount: '500.00', destinationId: v.bankId, fundPassword: 'Fund1234' }),
  },
  'recharge/submit': {
    body: (v) => ({
      channelId: v.channelId,
      amount: '1000.00',
      payerReference: 'UTR123456789',
      receiptImage: v.uploadId,
      sourceId: v.bankId,
    }),
  },
  'newstock/pay': { body: (v) => ({ id: v.subscriptionId }) },
  'lending/lend': { body: (v) => ({ positionId: v.positionId, termDays: 7 }) },
  'contractNote/pdf': { body: (v) => ({ id: v.contractNoteId }) },
  'user/revokeSession': { body: (v) => ({ id: v.sessionId }) },
  'checkin/claim': { publicId: 'a reward of the public check-in catalogue' },
  'news/detail': { publicId: 'a published news item' },
  'follow/detail': { publicId: 'a listed follow product' },
  'follow/invest': { publicId: 'a listed follow product' },
  'newstock/detail': { publicId: 'a published IPO issue' },
  'newstock/draw': { publicId: 'a published IPO issue' },
  'newstock/subscribe': { publicId: 'a published IPO issue' },
  'user/login': { publicId: "the signing-in device's own random id" },
};

const figures = { routes: 0, cases: 0, serverErrors: 0, letThrough: [] as string[] };
const count = (http: number, letThrough: boolean, label: string) => {
  figures.cases++;
  if (http >= 500) figures.serverErrors++;
  if (letThrough) figures.letThrough.push(label);
};

async function createVictim(admin: TestStaff): Promise<Victim> {
  const investor = await investorWithBank(t, { cashPaise: 500_000_000n });
  const headers = investor.headers;
  const ok = async (path: string, body: Record<string, unknown>, who = headers) => {
    const reply = await t.call(path.startsWith('/') ? path : path, body, who);
    expect(reply.body.status, `${path}: ${JSON.stringify(reply.body)}`).toBe(1);
    return reply.body.data;
  };
  const list = await ok('favorite/createList', { name: 'mine' });
  await ok('favorite/add', { listId: list.id, symbol: 'TCS' });
  const position = await ok('trade/open', {
    symbol: 'RELIANCE',
    side: 'long',
    orderType: 'market',
    quantity: 2,
    leverage: 1,
  });
  const pending = await ok('trade/open', {
    symbol: 'RELIANCE',
    side: 'long',
    orderType: 'limit',
    price: '950.00',
    quantity: 1,
    leverage: 1,
  });
  const sessions = await ok('user/sessions', {});
  const uploaded = await upload(t, investor, 'receipt', await sampleImage());
  expect(uploaded.body.status).toBe(1);
  const wallet = await t.db
    .insertInto('payout_destinations')
    .values({
      user_id: investor.id,
      kind: 'wallet',
      network: 'TRC20',
      address: `T${randomBytes(16).toString('hex')}`,
      match_key: `wallet:${randomBytes(8).toString('hex')}`,
      created_at: new Date(t.clock.now()),
      usable_from: new Date(t.clock.now()),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const staffCall = (path: string, body: Record<string, unknown>) =>
    ok(`/api/console/${path}`, body, admin.headers as never);
  const now = t.clock.now();
  const issue = await staffCall('ipo/save', {
    code: `MTX${Math.floor(random() * 1e6)}`,
    name: 'Matrix Foods Ltd',
    issueMarket: 'NSE',
    sponsor: 'Kotak Mahindra Capital',
    provisionalPrice: '100.00',
    finalPrice: '95.00',
    lotSize: 10,
    offeredShares: 20_000,
    opensAt: now,
    closesAt: now + 600_000,
    drawAt: now + 600_000,
    allotmentAt: now + 1_800_000,
    listingAt: now + 2_400_000,
    reason: 'issue for the authorization matrix',
  });
  await ok('newstock/subscribe', { issueId: issue.issue.id, quantity: 10_000 });
  const subscriptions = await ok('newstock/orders', {});
  const product = await staffCall('follow/create', {
    name: 'Matrix Momentum',
    description: 'Large caps on momentum',
    fundSize: '1000000.00',
    minInvestment: '10000.00',
    copyUntil: now + 3_600_000,
    endsAt: now + 4 * 3_600_000,
    reason: 'product for the authorization matrix',
  });
  await ok('follow/invest', { id: product.product.id, amount: '10000.00' });
  const follows = await ok('follow/mine', {});
  const pdf = Buffer.from('%PDF-1.4 matrix');
  const note = await t.db
    .insertInto('contract_notes')
    .values({
      user_id: investor.id,
      trade_date: '2026-11-20',
      number: `CN/MATRIX/${Math.floor(random() * 1e9)}`,
      financial_year: '2026-27',
      sequence: Math.floor(random() * 1e9),
      trade_count: 1,
      net_obligation_paise: 0n,
      parties: JSON.stringify({
        broker: {
          name: 'Nivesh',
          sebiRegistration: 'INZ000000000',
          address: 'Mumbai',
          grievanceEmail: 'g@example.in',
        },
        client: { id: String(investor.id), name: 'Asha Verma', phone: investor.phone },
      }),
      pdf,
      sha256: createHash('sha256').update(pdf).digest('hex'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const channel = await t.db.selectFrom('deposit_channels').select('id').limit(1).executeTakeFirst();
  return {
    ...investor,
    walletId: String(wallet.id),
    listId: list.id,
    positionId: position.id,
    pendingOrderId: pending.id,
    sessionId: sessions.items[0].id,
    uploadId: uploaded.body.data.uploadId,
    subscriptionId: subscriptions.items[0].id,
    followId: follows.items[0].id,
    contractNoteId: String(note.id),
    channelId: String(channel?.id ?? 1),
  };
}

describe('the authorization matrix', () => {
  it('has a case for every investor call that takes an id', () => {
    const missing = INVESTOR_CALLS.filter((call) => idFieldsOf(call).length > 0 && !ID_CASES[call.path]).map(
      (call) => `${call.path} (${idFieldsOf(call).join(', ')})`,
    );
    expect(missing, 'add a case to ID_CASES for each new call taking an id').toEqual([]);
    const stale = Object.keys(ID_CASES).filter((path) => !INVESTOR_CALLS.some((call) => call.path === path));
    expect(stale).toEqual([]);
  });

  it('lets no investor reach another investor’s things, no one in without a session, no role beyond its calls', async () => {
    const admin = await createStaff(t, [...STAFF_ROLES]);
    const victim = await createVictim(admin);
    const attacker = await investorWithBank(t, { cashPaise: 100_000_000n });
    const victimBalancesBefore = await balancesOf(t, victim.id);

    // Another investor's ids.
    const idCalls = shuffled(
      INVESTOR_CALLS.filter((call) => idFieldsOf(call).length > 0),
      random,
    );
    for (const call of idCalls) {
      const idCase = ID_CASES[call.path]!;
      if ('publicId' in idCase) continue;
      figures.routes++;
      const reply = await t.call(call.path, idCase.body(victim), attacker.headers);
      const label = `${call.path} with the victim's id: ${reply.http} ${JSON.stringify(reply.body).slice(0, 200)}`;
      count(reply.http, reply.body.status === 1, label);
      // The refusal must come from the ownership check, not from a malformed body.
      expect(reply.http, label).not.toBe(400);
      expect(reply.http, label).toBeLessThan(500);
    }
    expect(await balancesOf(t, victim.id)).toEqual(victimBalancesBefore);

    // Every investor call anonymously, and with a forged token for a real account.
    const forged = { token: randomBytes(24).toString('base64url'), account: victim.phone };
    for (const call of shuffled(INVESTOR_CALLS, random)) {
      if (!call.auth) continue;
      figures.routes++;
      for (const headers of [{}, forged]) {
        const reply = await t.call(call.path, {}, headers);
        count(reply.http, reply.http !== 401, `${call.path} anonymous: ${reply.http}`);
      }
    }

    // Every console call per role, with an investor's session, and with none.
    const staffByRole = new Map<StaffRoleName, TestStaff>();
    for (const role of STAFF_ROLES) staffByRole.set(role, await createStaff(t, [role]));
    const investor = await createInvestor(t);
    for (const call of shuffled(CONSOLE_CALLS, random)) {
      if (call.roles === 'public') continue;
      figures.routes++;
      const path = `/api/console/${call.path}`;
      for (const role of STAFF_ROLES) {
        const reply = await t.call(path, { probe: true }, staffByRole.get(role)!.headers);
        const admitted = call.roles.includes(role);
        count(reply.http, !admitted && reply.http !== 403, `${role} on ${call.path}: ${reply.http}`);
        if (admitted) expect([200, 400], `${role} on ${call.path}`).toContain(reply.http);
      }
      for (const headers of [{}, investor.headers]) {
        const reply = await t.call(path, {}, headers);
        count(reply.http, reply.http !== 401, `${call.path} without staff: ${reply.http}`);
      }
    }

    console.log(
      `authorization matrix: ${figures.routes} routes, ${figures.cases} cases, ${figures.serverErrors} 5xx, ${figures.letThrough.length} let through (seed ${seed})`,
    );
    expect(figures.letThrough).toEqual([]);
    expect(figures.serverErrors).toBe(0);
  }, 240_000);
});
