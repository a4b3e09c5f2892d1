import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TestInvestor, TestStaff } from './fixtures.js';
import { investorWithBank, sampleImage, upload } from './funds-fixtures.js';
import type { TestApp } from './harness.js';

/**
 * An investor who owns one of everything a call can name by id (the permanent suites' fixture,
 * docs/adr/0024): a bank account and a wallet, a watchlist, an open position (2 RELIANCE) and a
 * pending order, a session, an uploaded receipt, an IPO subscription, a follow, a contract note and a
 * passkey (so user/login answers it a second-factor challenge);
 * ₹50,00,000 cash and the fund password `Fund1234`. RELIANCE must have a price (publishPrice).
 */
export interface RichInvestor extends TestInvestor {
  bankId: string;
  walletId: string;
  listId: string;
  positionId: string;
  pendingOrderId: string;
  sessionId: string;
  uploadId: string;
  subscriptionId: string;
  issueId: string;
  followProductId: string;
  followId: string;
  contractNoteId: string;
  channelId: string;
  apiAppId: string;
  alertId: string;
  /** A single GTT buying 1 RELIANCE far below its price (docs/adr/0031). */
  gttId: string;
  /** A passkey (docs/adr/0028-passkeys.md), stored directly: its key is never used here. */
  passkeyId: string;
}

export async function createRichInvestor(t: TestApp, admin: TestStaff): Promise<RichInvestor> {
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
    code: `MTX${Math.floor(Math.random() * 1e6)}`,
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
      number: `CN/MATRIX/${Math.floor(Math.random() * 1e9)}`,
      financial_year: '2026-27',
      sequence: Math.floor(Math.random() * 1e9),
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
  const app = await ok('apiApps/create', { name: 'my strategy', redirectUrl: 'https://example.in/callback' });
  const channel = await t.db.selectFrom('deposit_channels').select('id').limit(1).executeTakeFirst();
  const alert = await ok('alert/create', { symbol: 'TCS', direction: 'above', price: '99999.00' });
  const gtt = await ok('gtt/create', {
    symbol: 'RELIANCE',
    type: 'single',
    triggers: ['1.00'],
    orders: [{ transactionType: 'BUY', product: 'CNC', quantity: 1, price: '1.00' }],
  });
  const passkey = await t.db
    .insertInto('user_passkeys')
    .values({
      user_id: investor.id,
      credential_id: randomBytes(16).toString('base64url'),
      public_key: new Uint8Array(randomBytes(77)),
      sign_counter: 0n,
      transports: ['internal'],
      name: 'suite key',
      created_at: new Date(t.clock.now()),
      last_used_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    ...investor,
    walletId: String(wallet.id),
    listId: list.id,
    positionId: position.id,
    pendingOrderId: pending.id,
    sessionId: sessions.items[0].id,
    uploadId: uploaded.body.data.uploadId,
    subscriptionId: subscriptions.items[0].id,
    issueId: issue.issue.id,
    followProductId: product.product.id,
    followId: follows.items[0].id,
    contractNoteId: String(note.id),
    channelId: String(channel?.id ?? 1),
    apiAppId: app.app.id,
    alertId: alert.id,
    gttId: gtt.id,
    passkeyId: String(passkey.id),
  };
}
