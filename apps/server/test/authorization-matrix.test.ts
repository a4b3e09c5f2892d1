import { randomBytes } from 'node:crypto';
import {
  CONSOLE_CALLS,
  INVESTOR_CALLS,
  type InvestorCallDefinition,
  STAFF_ROLES,
  type StaffRoleName,
} from '@nivesh/contract';
import { describe, expect, it } from 'vitest';
import { createInvestor, createStaff, type TestStaff } from './fixtures.js';
import { investorWithBank } from './funds-fixtures.js';
import { startTestApp } from './harness.js';
import { createRichInvestor, type RichInvestor } from './suite-fixtures.js';
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

/**
 * For each investor call taking an id: the body an attacker sends with the victim's id (valid in
 * every other respect, so the call reaches its ownership check), or why the id is not anyone's own.
 */
type IdCase = { publicId: string } | { body: (victim: RichInvestor) => Record<string, unknown> };
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
  'trade/modify': { body: (v) => ({ id: v.pendingOrderId, quantity: 2 }) },
  'apiApps/rotateSecret': { body: (v) => ({ id: v.apiAppId }) },
  'apiApps/delete': { body: (v) => ({ id: v.apiAppId }) },
  'alert/delete': { body: (v) => ({ alertId: v.alertId }) },
  'gtt/delete': { body: (v) => ({ id: v.gttId }) },
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
  'user/passkeyRemove': { body: (v) => ({ passkeyId: v.passkeyId, proof: { fundPassword: 'Fund1234' } }) },
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
    const victim = await createRichInvestor(t, admin);
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
