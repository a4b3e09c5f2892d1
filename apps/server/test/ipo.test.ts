import { runDraw, seedCommitment } from '@nivesh/core';
import { createSimulator } from '@nivesh/market';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { LiveMarket } from '../src/market/live-market.js';
import { MarketBus } from '../src/market/market-bus.js';
import { adoptNewInstruments } from '../src/market/start-market.js';
import { writeParameter } from '../src/repositories/parameter.repository.js';
import { forgetIpoDueWorkCheck } from '../src/use-cases/ipo/run-ipo-due-work.js';
import { verifyIpoDraw } from '../src/use-cases/ipo/verify-ipo-draw.js';
import { createInvestor, createStaff, type TestInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';
import { balancesOf, publishPrice, settle } from './trading-helpers.js';

const t = await startTestApp();
const staff = await createStaff(t, ['compliance']);
const support = await createStaff(t, ['support']);
const MINUTE = 60_000;
const CASH = 50_00_00_000n; // ₹50,00,000.00

let codeCounter = 0;
const nextCode = () => `NEWCO${++codeCounter}`;

const consoleCall = (path: string, body: Record<string, unknown>, headers = staff.headers) =>
  t.call(`/api/console/${path}`, body, headers);

/** An issue opening now: lots of 1,000 shares, ₹100.00 provisional and ₹95.00 final, 20,000 offered. */
async function createIssue(overrides: Record<string, unknown> = {}) {
  const now = t.clock.now();
  const reply = await consoleCall('ipo/save', {
    code: nextCode(),
    name: 'Navya Foods Ltd',
    issueMarket: 'NSE',
    sponsor: 'Kotak Mahindra Capital',
    provisionalPrice: '100.00',
    finalPrice: '95.00',
    lotSize: 1_000,
    offeredShares: 20_000,
    opensAt: now,
    closesAt: now + 10 * MINUTE,
    drawAt: now + 10 * MINUTE,
    allotmentAt: now + 30 * MINUTE,
    listingAt: now + 40 * MINUTE,
    reason: 'new issue for the test',
    ...overrides,
  });
  expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
  return reply.body.data.issue as { id: string; code: string; moneyMode: string };
}

const commit = (id: string, seed: string) =>
  consoleCall('ipo/commitSeed', { id, commitment: seedCommitment(seed), reason: 'commit before close' });
const draw = (id: string, seed: string) => consoleCall('ipo/draw', { id, seed, reason: 'draw at close' });
const subscribe = (investor: TestInvestor, issueId: string, quantity: number) =>
  t.call('newstock/subscribe', { issueId, quantity }, investor.headers);
const orders = async (investor: TestInvestor) =>
  (await t.call('newstock/orders', {}, investor.headers)).body.data.items as Array<Record<string, unknown>>;

/** Everything a refused call could have written. */
async function snapshot() {
  const count = async (
    table: 'ipo_subscriptions' | 'journal_entries' | 'postings' | 'positions' | 'messages',
  ) =>
    Number((await t.db.selectFrom(table).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  const issues = await t.db.selectFrom('ipo_issues').selectAll().orderBy('id').execute();
  const subscriptions = await t.db.selectFrom('ipo_subscriptions').selectAll().orderBy('id').execute();
  const balances = await t.db
    .selectFrom('ledger_accounts')
    .select(['id', 'balance_minor'])
    .where('owner_type', '=', 'user')
    .orderBy('id')
    .execute();
  return {
    subscriptions: await count('ipo_subscriptions'),
    entries: await count('journal_entries'),
    postings: await count('postings'),
    positions: await count('positions'),
    messages: await count('messages'),
    issues: JSON.stringify(issues, (_key, value) => (typeof value === 'bigint' ? String(value) : value)),
    rows: JSON.stringify(subscriptions, (_key, value) => (typeof value === 'bigint' ? String(value) : value)),
    balances: JSON.stringify(balances, (_key, value) => (typeof value === 'bigint' ? String(value) : value)),
  };
}

async function expectRefusedUnchanged(
  call: () => Promise<{ body: { status: number; code?: string } }>,
  code: string,
) {
  const before = await snapshot();
  const reply = await call();
  expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ status: 0, code });
  expect(await snapshot()).toEqual(before);
}

async function runEngine() {
  forgetIpoDueWorkCheck(t.app.tradingEngine!.dependencies);
  t.app.tradingEngine!.runDueWork();
  await settle(t);
}

async function statementKinds(investor: TestInvestor) {
  const reply = await t.call('user/statement', { limit: 100 }, investor.headers);
  return (reply.body.data.items as Array<{ kind: string; account: string; amount: string }>).map(
    (row) => `${row.kind}:${row.account}:${row.amount}`,
  );
}

describe('an IPO with the amount blocked at application (oversubscribed)', () => {
  it('holds at subscription, draws fairly from the committed seed, captures and releases, and lists', async () => {
    const startedAt = t.clock.now();
    const investors = [
      await createInvestor(t, { cashPaise: CASH }),
      await createInvestor(t, { cashPaise: CASH }),
      await createInvestor(t, { cashPaise: CASH }),
    ];
    const issue = await createIssue();
    expect(issue.moneyMode).toBe('block_at_application');
    const seed = 'a secret seed for NEWCO, 2026-11-23';
    expect((await commit(issue.id, seed)).body.data.issue.seedCommitment).toBe(seedCommitment(seed));

    const detail = await t.call('newstock/detail', { id: issue.id }, investors[0]!.headers);
    expect(detail.body.data).toMatchObject({
      phase: 'open',
      seedCommitment: seedCommitment(seed),
      seed: null,
      marketPrice: null,
      my: { state: 'to_be_subscribed', subscriptions: 0 },
    });

    for (const investor of investors) {
      const reply = await subscribe(investor, issue.id, 10_000);
      expect(reply.body, JSON.stringify(reply.body)).toMatchObject({
        status: 1,
        data: { state: 'subscribed', quantity: 10_000, lots: 10, amount: '1000000.00', held: '1000000.00' },
      });
      expect(await balancesOf(t, investor.id)).toMatchObject({
        cash: CASH - 100_000_000n,
        ipo_escrow: 100_000_000n,
      });
    }
    expect(await statementKinds(investors[0]!)).toEqual(
      expect.arrayContaining(['ipo_hold:cash:-1000000.00', 'ipo_hold:ipo_escrow:1000000.00']),
    );

    // Refusals at this point change nothing.
    await expectRefusedUnchanged(
      () => subscribe(investors[0]!, issue.id, 10_000),
      'SUBSCRIPTION_LIMIT_REACHED',
    );
    await expectRefusedUnchanged(() => draw(issue.id, seed), 'IPO_DRAW_BEFORE_CLOSE');
    await expectRefusedUnchanged(
      () =>
        t.call(
          'trade/open',
          { symbol: issue.code, side: 'long', orderType: 'market', quantity: 10, leverage: 1 },
          investors[0]!.headers,
        ),
      'NOT_YET_LISTED',
    );

    t.clock.set(startedAt + 11 * MINUTE);
    const pending = await t.call('newstock/orders', {}, investors[1]!.headers);
    expect(pending.body.data.items[0].state).toBe('pending_draw');
    await expectRefusedUnchanged(() => subscribe(investors[1]!, issue.id, 10_000), 'SUBSCRIPTION_ENDED');
    await expectRefusedUnchanged(
      () => commit(issue.id, 'another seed entirely'),
      'IPO_SEED_ALREADY_COMMITTED',
    );
    await expectRefusedUnchanged(() => draw(issue.id, 'not the committed seed'), 'IPO_SEED_MISMATCH');
    const refusedAudit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'ipo_issue')
      .where('target_id', '=', issue.id)
      .where('action', '=', 'ipo.draw_refused')
      .execute();
    expect(refusedAudit).toHaveLength(1);

    const drawn = await draw(issue.id, seed);
    expect(drawn.body, JSON.stringify(drawn.body)).toMatchObject({ status: 1 });
    expect(drawn.body.data.issue).toMatchObject({ phase: 'drawn', seed, winningRatePercent: '66.66' });
    await expectRefusedUnchanged(() => draw(issue.id, seed), 'REPEATED_OPERATION');

    // The allotment is the published algorithm's, replayed here from the publication alone.
    const publication = (await t.call('newstock/draw', { issueId: issue.id }, investors[0]!.headers)).body
      .data;
    const replay = runDraw({
      seed: publication.seed,
      offeredLots: publication.offeredLots,
      entries: publication.entries,
    });
    expect(replay.allotments.map((entry) => entry.wonLots)).toEqual(
      publication.entries.map((entry: { wonLots: number }) => entry.wonLots),
    );
    expect(replay.allottedLots).toBe(20);

    let capturedTotal = 0n;
    for (const investor of investors) {
      const [row] = await orders(investor);
      const wonLots = row!.wonLots as number;
      const captured = BigInt(wonLots) * 1_000n * 9_500n;
      capturedTotal += captured;
      expect(row).toMatchObject({
        state: wonLots > 0 ? 'won' : 'not_won',
        allottedShares: wonLots * 1_000,
        finalPrice: '95.00',
      });
      expect(await balancesOf(t, investor.id)).toMatchObject({ cash: CASH - captured, ipo_escrow: 0n });
      const kinds = await statementKinds(investor);
      expect(kinds).toContain('ipo_hold:ipo_escrow:1000000.00');
      if (wonLots > 0) expect(kinds.some((kind) => kind.startsWith('ipo_capture:ipo_escrow:-'))).toBe(true);
      expect(kinds.some((kind) => kind.startsWith('ipo_release:cash:'))).toBe(true);
    }
    expect(capturedTotal).toBe(20_000n * 9_500n);
    expect(await verifyIpoDraw(t.db, issue.code)).toMatchObject({
      status: 'verified',
      commitmentMatches: true,
    });

    // A stored result that is not the replay is caught.
    const winner = await t.db
      .selectFrom('ipo_subscriptions')
      .select(['id', 'won_lots', 'allotted_shares'])
      .where('issue_id', '=', BigInt(issue.id))
      .where('state', '=', 'won')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('ipo_subscriptions')
      .set({ won_lots: winner.won_lots! - 1 })
      .where('id', '=', winner.id)
      .execute();
    expect(await verifyIpoDraw(t.db, issue.code)).toMatchObject({
      status: 'differs',
      differing: [String(winner.id)],
    });
    await t.db
      .updateTable('ipo_subscriptions')
      .set({ won_lots: winner.won_lots })
      .where('id', '=', winner.id)
      .execute();

    // Listing day: paid shares become holdings at the issue price, margin = what was paid.
    t.clock.set(startedAt + 39 * MINUTE);
    await runEngine();
    expect((await t.call('newstock/detail', { id: issue.id }, investors[0]!.headers)).body.data.phase).toBe(
      'drawn',
    );
    t.clock.set(startedAt + 41 * MINUTE);
    await runEngine();
    await runEngine(); // idempotent: a second run lists nothing twice
    const listed = await t.call('newstock/detail', { id: issue.id }, investors[0]!.headers);
    expect(listed.body.data).toMatchObject({
      phase: 'listed',
      marketPrice: '95.00',
      priceDifference: '0.00',
      premiumPercent: '0.00',
    });
    const positions = await t.db
      .selectFrom('positions')
      .selectAll()
      .where('symbol', '=', issue.code)
      .execute();
    expect(positions.reduce((sum, position) => sum + position.quantity, 0n)).toBe(20_000n);
    for (const position of positions) {
      expect(position).toMatchObject({
        origin: 'ipo',
        leverage: 1,
        side: 'long',
        state: 'holding',
        entry_price_paise: 9_500n,
        open_fee_paise: 0n,
      });
      expect(position.margin_paise).toBe(position.quantity * 9_500n);
      expect(await balancesOf(t, position.user_id)).toMatchObject({ margin: position.margin_paise });
    }

    // The new instrument trades: its holder sells at the feed price and the ledger settles as usual.
    const holder = investors.find((investor) => investor.id === positions[0]!.user_id)!;
    publishPrice(t, issue.code, 10_450n, { previousClosePaise: 9_500n });
    await settle(t);
    const closed = await t.call('trade/close', { id: String(positions[0]!.id) }, holder.headers);
    expect(closed.body, JSON.stringify(closed.body)).toMatchObject({ status: 1, data: { status: 'closed' } });
    expect((await balancesOf(t, holder.id)).margin).toBe(0n);

    // The simulated feed picks the listed instrument up and moves it from its first quote.
    const simulator = createSimulator({ seed: 'adopt', instruments: [], isOpen: () => true });
    const live = new LiveMarket({
      db: t.db,
      bus: new MarketBus(() => {}),
      quotes: new Map(),
      currentCandles: [],
      alignmentFor: () => 'clock',
      onWriteError: () => {},
    });
    const universe = new Map();
    expect(await adoptNewInstruments({ db: t.db, universe, simulator, live })).toContain(issue.code);
    expect(await adoptNewInstruments({ db: t.db, universe, simulator, live })).toEqual([]);
    const ticks = simulator.step(t.clock.now() + 1_000);
    expect(ticks.find((tick) => tick.symbol === issue.code)).toBeDefined();
  });
});

describe('an IPO paid after allotment (undersubscribed)', () => {
  it('holds nothing at application, asks winners to pay, lapses the unpaid, and lists only the paid', async () => {
    const startedAt = t.clock.now();
    await writeParameter(t.db, 'ipo_money_mode', 'pay_after_allotment', startedAt);
    const issue = await createIssue({ offeredShares: 100_000 });
    // A later parameter change does not alter a running issue.
    await writeParameter(t.db, 'ipo_money_mode', 'block_at_application', startedAt);
    expect(issue.moneyMode).toBe('pay_after_allotment');
    const payer = await createInvestor(t, { cashPaise: CASH });
    const forgetful = await createInvestor(t, { cashPaise: CASH });
    const poor = await createInvestor(t, { cashPaise: 1_00_000n });
    for (const investor of [payer, forgetful, poor]) {
      const reply = await subscribe(investor, issue.id, 12_000);
      expect(reply.body.data).toMatchObject({ state: 'subscribed', held: '0.00', amount: '1200000.00' });
    }
    expect(await balancesOf(t, poor.id)).toMatchObject({ cash: 1_00_000n, ipo_escrow: 0n });
    const seed = 'pay-after seed with enough entropy';
    await commit(issue.id, seed);
    await expectRefusedUnchanged(
      async () => t.call('newstock/pay', { id: (await orders(payer))[0]!.id }, payer.headers),
      'REPEATED_OPERATION',
    );

    t.clock.set(startedAt + 10 * MINUTE);
    expect((await draw(issue.id, seed)).body.status).toBe(1);
    const [due] = await orders(payer);
    expect(due).toMatchObject({ state: 'payment_due', allottedShares: 12_000, due: '1140000.00' });
    expect(await verifyIpoDraw(t.db, issue.id)).toMatchObject({ status: 'verified' });

    const paid = await t.call('newstock/pay', { id: due!.id }, payer.headers);
    expect(paid.body).toMatchObject({ status: 1, data: { state: 'paid', paid: '1140000.00' } });
    expect(await balancesOf(t, payer.id)).toMatchObject({ cash: CASH - 11_40_00_000n });
    expect(await statementKinds(payer)).toContain('ipo_pay:cash:-1140000.00');
    await expectRefusedUnchanged(
      () => t.call('newstock/pay', { id: due!.id }, payer.headers),
      'REPEATED_OPERATION',
    );
    const poorRow = (await orders(poor))[0]!;
    await expectRefusedUnchanged(
      () => t.call('newstock/pay', { id: poorRow.id }, poor.headers),
      'FUNDS_INSUFFICIENT',
    );
    await expectRefusedUnchanged(
      () => t.call('newstock/pay', { id: poorRow.id }, payer.headers),
      'ORDER_NOT_FOUND',
    );

    // At the deadline the unpaid allotments lapse: waived, nothing owed.
    t.clock.set(startedAt + 30 * MINUTE);
    await runEngine();
    expect((await orders(forgetful))[0]).toMatchObject({ state: 'waived' });
    expect((await orders(poor))[0]).toMatchObject({ state: 'waived' });
    expect(await balancesOf(t, poor.id)).toMatchObject({ cash: 1_00_000n, ipo_escrow: 0n, loan_payable: 0n });
    await expectRefusedUnchanged(
      async () => t.call('newstock/pay', { id: (await orders(forgetful))[0]!.id }, forgetful.headers),
      'REPEATED_OPERATION',
    );

    t.clock.set(startedAt + 40 * MINUTE);
    await runEngine();
    const positions = await t.db
      .selectFrom('positions')
      .selectAll()
      .where('symbol', '=', issue.code)
      .execute();
    expect(positions.map((position) => [position.user_id, position.quantity, position.margin_paise])).toEqual(
      [[payer.id, 12_000n, 11_40_00_000n]],
    );
    expect((await orders(payer))[0]).toMatchObject({ state: 'paid', positionId: String(positions[0]!.id) });
    const kinds = await t.db
      .selectFrom('messages')
      .select('kind')
      .where('user_id', 'in', [payer.id, forgetful.id])
      .orderBy('id')
      .execute();
    expect(kinds.map((row) => row.kind)).toEqual([
      'IPO_PAYMENT_DUE',
      'IPO_PAYMENT_DUE',
      'IPO_WAIVED',
      'IPO_LISTED',
    ]);
  });
});

describe('subscriptions are refused for a stated reason, changing nothing', () => {
  it('before the window, with the channel closed, for an unknown issue, below the minimum, off the lots, without cash or KYC', async () => {
    const investor = await createInvestor(t, { cashPaise: 5_00_000n }); // ₹5,000.00
    const later = await createIssue({
      opensAt: t.clock.now() + 5 * MINUTE,
      closesAt: t.clock.now() + 10 * MINUTE,
    });
    await expectRefusedUnchanged(() => subscribe(investor, later.id, 10_000), 'SUBSCRIPTION_NOT_STARTED');
    const open = await createIssue();
    await expectRefusedUnchanged(() => subscribe(investor, '999999', 10_000), 'PRODUCT_NOT_FOUND');
    await expectRefusedUnchanged(() => subscribe(investor, open.id, 9_000), 'SUBSCRIPTION_BELOW_MINIMUM');
    await expectRefusedUnchanged(() => subscribe(investor, open.id, 10_500), 'IPO_QUANTITY_NOT_WHOLE_LOTS');
    await expectRefusedUnchanged(() => subscribe(investor, open.id, 10_000), 'FUNDS_INSUFFICIENT');
    const unverified = await createInvestor(t, { cashPaise: CASH, kyc: 'pending' });
    await expectRefusedUnchanged(() => subscribe(unverified, open.id, 10_000), 'REAL_NAME_REQUIRED');
    await writeParameter(t.db, 'ipo_channel_open', false, t.clock.now());
    const rich = await createInvestor(t, { cashPaise: CASH });
    await expectRefusedUnchanged(() => subscribe(rich, open.id, 10_000), 'SUBSCRIPTION_CHANNEL_CLOSED');
    await writeParameter(t.db, 'ipo_channel_open', true, t.clock.now());
    expect((await subscribe(rich, open.id, 10_000)).body.status).toBe(1);
    const reply = await t.call('newstock/detail', { id: '999999' }, rich.headers);
    expect(reply.body).toMatchObject({ status: 0, code: 'PRODUCT_NOT_FOUND' });
  });
});

describe('staff acts on an issue', () => {
  it('are audited with a reason, refused out of order, and admitted only to their roles', async () => {
    const startedAt = t.clock.now();
    const issue = await createIssue();
    await expectRefusedUnchanged(() => consoleCall('ipo/list', {}, support.headers), 'FORBIDDEN');
    // Once open only the final price may change.
    const body = {
      id: issue.id,
      code: issue.code,
      name: 'Navya Foods Ltd',
      issueMarket: 'NSE',
      sponsor: 'Kotak Mahindra Capital',
      provisionalPrice: '100.00',
      finalPrice: '90.00',
      lotSize: 1_000,
      offeredShares: 20_000,
      opensAt: startedAt,
      closesAt: startedAt + 10 * MINUTE,
      drawAt: startedAt + 10 * MINUTE,
      allotmentAt: startedAt + 30 * MINUTE,
      listingAt: startedAt + 40 * MINUTE,
      reason: 'final price fixed by the book',
    };
    await expectRefusedUnchanged(
      () => consoleCall('ipo/save', { ...body, offeredShares: 30_000 }),
      'IPO_ALREADY_OPEN',
    );
    await expectRefusedUnchanged(
      () => consoleCall('ipo/save', { ...body, finalPrice: '101.00' }),
      'IPO_TERMS_INVALID',
    );
    expect((await consoleCall('ipo/save', body)).body.data.issue.finalPrice).toBe('90.00');
    await expectRefusedUnchanged(
      () => consoleCall('ipo/save', { ...body, id: undefined, code: issue.code }),
      'IPO_CODE_TAKEN',
    );
    await expectRefusedUnchanged(
      () =>
        consoleCall('ipo/save', {
          ...body,
          id: undefined,
          code: nextCode(),
          listingAt: startedAt + 20 * MINUTE,
        }),
      'IPO_DATES_INVALID',
    );
    t.clock.set(startedAt + 10 * MINUTE);
    await expectRefusedUnchanged(() => commit(issue.id, 'too late a seed'), 'IPO_COMMIT_AFTER_CLOSE');
    await expectRefusedUnchanged(() => draw(issue.id, 'never committed'), 'IPO_SEED_NOT_COMMITTED');
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'reason', 'actor_type'])
      .where('target_type', '=', 'ipo_issue')
      .where('target_id', '=', issue.id)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'ipo.create', reason: 'new issue for the test', actor_type: 'staff' },
      { action: 'ipo.edit', reason: 'final price fixed by the book', actor_type: 'staff' },
    ]);
    const list = await consoleCall('ipo/list', {});
    expect(list.body.data.items.some((item: { issue: { id: string } }) => item.issue.id === issue.id)).toBe(
      true,
    );
  });

  it('calling an issue off fails every subscription and returns every hold', async () => {
    const issue = await createIssue();
    const investor = await createInvestor(t, { cashPaise: CASH });
    await subscribe(investor, issue.id, 10_000);
    const cancelled = await consoleCall('ipo/cancel', { id: issue.id, reason: 'regulator asked to defer' });
    expect(cancelled.body.data.cancelReason).toBe('regulator asked to defer');
    expect((await orders(investor))[0]).toMatchObject({ state: 'failed', released: '1000000.00' });
    expect(await balancesOf(t, investor.id)).toMatchObject({ cash: CASH, ipo_escrow: 0n });
    const staffView = await consoleCall('ipo/subscriptions', { id: issue.id });
    expect(staffView.body.data.items[0]).toMatchObject({
      phone: investor.phone,
      subscription: { state: 'failed' },
    });
    await expectRefusedUnchanged(
      () => consoleCall('ipo/cancel', { id: issue.id, reason: 'twice over' }),
      'REPEATED_OPERATION',
    );
  });
});
