import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createInvestor, createStaff, type TestInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';
import { balancesOf, publishPrice, settle } from './trading-helpers.js';

const t = await startTestApp();
const admin = await createStaff(t, ['admin']);
const HOUR_MS = 3_600_000;
const START_MS = t.clock.now(); // Monday 10:00 IST
publishPrice(t, 'RELIANCE', 100_000n, { previousClosePaise: 100_000n });
publishPrice(t, 'TCS', 300_000n, { previousClosePaise: 300_000n });

const staffCall = (path: string, body: Record<string, unknown>) =>
  t.call(`/api/console/follow/${path}`, body, admin.headers);

async function createProduct(overrides: Record<string, unknown> = {}) {
  const reply = await staffCall('create', {
    name: 'Nifty Momentum',
    description: 'Large caps on momentum',
    fundSize: '1000000.00',
    minInvestment: '10000.00',
    copyUntil: t.clock.now() + HOUR_MS,
    endsAt: t.clock.now() + 4 * HOUR_MS,
    reason: 'launch of the momentum product',
    ...overrides,
  });
  expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
  return reply.body.data as { product: { id: string }; strategyUserId: string; strategyCash: string };
}

const invest = (investor: TestInvestor, id: string, amount: string) =>
  t.call('follow/invest', { id, amount }, investor.headers);

async function follower(cashPaise: bigint, productId: string, amount: string) {
  const investor = await createInvestor(t, { cashPaise });
  const reply = await invest(investor, productId, amount);
  expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
  return { investor, followId: reply.body.data.id as string };
}

async function strategyOrder(productId: string, body: Record<string, unknown>) {
  const reply = await staffCall('strategyOrder', {
    id: productId,
    symbol: 'RELIANCE',
    side: 'long',
    orderType: 'market',
    leverage: 1,
    ...body,
  });
  expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
  return reply.body.data as { id: string; quantity: number; confirmPrice: string };
}

/** The engine's due work (mirroring, end times), as the leader's sweep runs it. */
async function runDueWork() {
  t.app.tradingEngine!.runDueWork();
  await settle(t);
}

const mirrorsOf = (followId: string) =>
  t.db.selectFrom('positions').selectAll().where('follow_id', '=', BigInt(followId)).orderBy('id').execute();

/** Everything an investment or a staff act could write, and one user's balances. */
async function snapshot(userId?: bigint) {
  const count = async (
    table:
      | 'positions'
      | 'journal_entries'
      | 'postings'
      | 'messages'
      | 'follows'
      | 'follow_products'
      | 'audit_log',
  ) =>
    Number((await t.db.selectFrom(table).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  return {
    positions: await count('positions'),
    entries: await count('journal_entries'),
    postings: await count('postings'),
    messages: await count('messages'),
    follows: await count('follows'),
    products: await count('follow_products'),
    audit: await count('audit_log'),
    balances: userId === undefined ? {} : await balancesOf(t, userId),
  };
}

async function expectRefused(
  call: () => Promise<{ body: { status: number; code?: string } }>,
  code: string,
  userId?: bigint,
) {
  const before = await snapshot(userId);
  const reply = await call();
  expect(reply.body.status, JSON.stringify(reply.body)).toBe(0);
  expect(reply.body.code).toBe(code);
  expect(await snapshot(userId)).toEqual(before);
}

describe('staff create a product that follows a funded strategy account', () => {
  it('funds the strategy account from the house strategy capital in one audited act', async () => {
    const created = await createProduct();
    expect(created.strategyCash).toBe('1000000.00');
    const strategy = await t.db
      .selectFrom('users')
      .select(['account_kind', 'kyc_status'])
      .where('id', '=', BigInt(created.strategyUserId))
      .executeTakeFirstOrThrow();
    expect(strategy).toEqual({ account_kind: 'strategy', kyc_status: 'verified' });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type', 'reason'])
      .where('target_type', '=', 'follow_product')
      .where('target_id', '=', created.product.id)
      .execute();
    expect(audit).toEqual([
      { action: 'follow.create', actor_type: 'staff', reason: 'launch of the momentum product' },
    ]);
    const listed = await t.call('follow/list', {}, (await createInvestor(t)).headers);
    expect(listed.body.data.items.map((item: { id: string }) => item.id)).toContain(created.product.id);
  });
});

describe('a strategy trade with three followers of different sizes', () => {
  it('gives each the pro-rata position at the strategy’s fill, and P&L that scales to the paisa', async () => {
    const { product } = await createProduct();
    const small = await follower(20_000_000n, product.id, '50000.00'); // 5% of the capital
    const middle = await follower(20_000_000n, product.id, '100000.00'); // 10%
    const large = await follower(30_000_000n, product.id, '250000.00'); // 25%
    expect(await balancesOf(t, large.investor.id)).toMatchObject({
      cash: 5_000_000n,
      follow_allocation: 25_000_000n,
    });

    const opened = await strategyOrder(product.id, { quantity: 200 });
    expect(opened.confirmPrice).toBe('1000.00');
    await runDueWork();
    await runDueWork(); // idempotent: a second run mirrors nothing more
    const expected = [
      [small, 10],
      [middle, 20],
      [large, 50],
    ] as const;
    // The opening charges of a CNC buy at ₹1,000.00 (docs/adr/0020): 10 shares STT ₹10, exchange
    // 0.30, SEBI 0.01, stamp 1.50, GST 0.06; 20 shares 20 + 0.59 + 0.02 + 3.00 + 0.11; 50 shares
    // 50 + 1.49 + 0.05 + 7.50 + 0.28.
    const openingChargesPaise = new Map<number, bigint>([
      [10, 1_187n],
      [20, 2_372n],
      [50, 5_932n],
    ]);
    for (const [one, quantity] of expected) {
      const mirrors = await mirrorsOf(one.followId);
      expect(mirrors).toHaveLength(1);
      expect(mirrors[0]).toMatchObject({
        origin: 'follow',
        state: 'holding',
        quantity: BigInt(quantity),
        entry_price_paise: 100_000n,
        mirrors_position_id: BigInt(opened.id),
      });
      // Margin and the opening charges came out of the allocation, not cash.
      const marginPaise = 100_000n * BigInt(quantity);
      const feePaise = openingChargesPaise.get(quantity)!;
      expect((await balancesOf(t, one.investor.id)).margin).toBe(marginPaise);
      expect((await balancesOf(t, one.investor.id)).follow_allocation).toBe(
        BigInt(quantity) * 500_000n - marginPaise - feePaise,
      );
    }
    const mirrorRows = await t.db
      .selectFrom('follow_mirrors')
      .select(sql<string>`count(*)`.as('n'))
      .where('strategy_position_id', '=', BigInt(opened.id))
      .executeTakeFirstOrThrow();
    expect(Number(mirrorRows.n)).toBe(3);

    // An investor cannot close a mirror: it follows the strategy.
    const mirror = (await mirrorsOf(middle.followId))[0]!;
    await expectRefused(
      () => t.call('trade/close', { id: String(mirror.id) }, middle.investor.headers),
      'FOLLOW_POSITION_MIRRORED',
      middle.investor.id,
    );

    publishPrice(t, 'RELIANCE', 101_000n);
    const closed = await staffCall('strategyClose', { id: product.id, positionId: opened.id });
    expect(closed.body.data).toMatchObject({ status: 'closed', sellPrice: '1010.00' });
    await runDueWork();
    await runDueWork();

    const strategyPnl = (
      await t.db
        .selectFrom('positions')
        .select('pnl_paise')
        .where('id', '=', BigInt(opened.id))
        .executeTakeFirstOrThrow()
    ).pnl_paise!;
    expect(strategyPnl).toBe(200_000n); // (1010.00 − 1000.00) × 200
    let followersPnl = 0n;
    let followersQuantity = 0n;
    for (const [one, quantity] of expected) {
      const [row] = await mirrorsOf(one.followId);
      expect(row).toMatchObject({ state: 'closed', exit_price_paise: 101_000n, close_reason: 'user' });
      // Each follower: (exit − entry) × follower quantity, exactly.
      expect(row!.pnl_paise).toBe((101_000n - 100_000n) * BigInt(quantity));
      followersPnl += row!.pnl_paise!;
      followersQuantity += BigInt(quantity);
    }
    // Σ followers' P&L = strategy P&L × Σ follower quantity ÷ strategy quantity (80 ÷ 200 divides).
    expect(followersPnl).toBe((strategyPnl * followersQuantity) / 200n);
    expect(followersPnl * 200n).toBe(strategyPnl * followersQuantity);

    const mine = await t.call('follow/mine', {}, middle.investor.headers);
    const view = mine.body.data.items[0];
    // 20 × ₹10.00 less the opening charges (₹23.72) and the sale's (STT ₹20.20 → ₹20, exchange 0.60,
    // SEBI 0.02, GST 0.11, DP ₹15.34: ₹36.07).
    expect(view).toMatchObject({ buyAmount: '100000.00', state: 'in_progress', totalProfit: '140.21' });
    expect(view.dailyProfit).toBe('140.21');
  });

  it('rounds a follower’s quantity down and keeps the remainder as cash; a zero quantity is skipped', async () => {
    const { product } = await createProduct();
    const small = await follower(10_000_000n, product.id, '50000.00'); // 5%: 0.75 of 15 shares
    const large = await follower(30_000_000n, product.id, '250000.00'); // 25%: 3.75 of 15 shares
    const opened = await strategyOrder(product.id, { quantity: 15 });
    await runDueWork();
    expect(await mirrorsOf(small.followId)).toHaveLength(0);
    expect((await mirrorsOf(large.followId)).map((row) => row.quantity)).toEqual([3n]);
    const skipped = await t.db
      .selectFrom('follow_mirrors')
      .select(['outcome', 'quantity'])
      .where('strategy_position_id', '=', BigInt(opened.id))
      .where('follow_id', '=', BigInt(small.followId))
      .executeTakeFirstOrThrow();
    expect(skipped).toEqual({ outcome: 'skipped_zero_quantity', quantity: 0n });
    await runDueWork();
    expect(await mirrorsOf(large.followId)).toHaveLength(1);
  });
});

describe('refusals write nothing', () => {
  it('refuses a missing product, a taken-down one, a late, small, unfunded or unverified investment', async () => {
    const { product } = await createProduct();
    const investor = await createInvestor(t, { cashPaise: 2_000_000n });
    await expectRefused(() => invest(investor, '987654321', '10000.00'), 'PRODUCT_NOT_FOUND', investor.id);
    await expectRefused(() => invest(investor, product.id, '9999.99'), 'BELOW_PRODUCT_MINIMUM', investor.id);
    await expectRefused(() => invest(investor, product.id, '20000.01'), 'FUNDS_INSUFFICIENT', investor.id);
    const unverified = await createInvestor(t, { cashPaise: 2_000_000n, kyc: 'pending' });
    await expectRefused(
      () => invest(unverified, product.id, '10000.00'),
      'REAL_NAME_REQUIRED',
      unverified.id,
    );

    const takenDown = await createProduct();
    const down = await staffCall('takeDown', { id: takenDown.product.id, reason: 'strategy under review' });
    expect(down.body.data.takenDown).toBe(true);
    await expectRefused(
      () => invest(investor, takenDown.product.id, '10000.00'),
      'PRODUCT_NOT_FOUND',
      investor.id,
    );
    await expectRefused(
      () => staffCall('takeDown', { id: takenDown.product.id, reason: 'strategy under review' }),
      'REPEATED_OPERATION',
    );

    const first = await invest(investor, product.id, '10000.00');
    expect(first.body.status).toBe(1);
    await expectRefused(
      () => invest(investor, product.id, '10000.00'),
      'FOLLOW_ALREADY_IN_PROGRESS',
      investor.id,
    );
  });

  it('refuses a strategy order through the ordinary order flow, writing no order and no audit', async () => {
    const { product } = await createProduct();
    // ₹20,00,000.00 of RELIANCE on ₹10,00,000.00 of capital.
    await expectRefused(
      () =>
        staffCall('strategyOrder', {
          id: product.id,
          symbol: 'RELIANCE',
          side: 'long',
          orderType: 'market',
          quantity: 2000,
          leverage: 1,
        }),
      'FUNDS_INSUFFICIENT',
    );
    await expectRefused(
      () =>
        staffCall('strategyOrder', {
          id: product.id,
          symbol: 'RELIANCE',
          side: 'long',
          orderType: 'limit',
          price: '1200.00',
          quantity: 10,
          leverage: 1,
        }),
      'BEYOND_PRICE_LIMIT',
    );
    await expectRefused(
      () => staffCall('end', { id: '987654321', reason: 'no such product' }),
      'PRODUCT_NOT_FOUND',
    );
  });

  it('refuses after the copy time limit', async () => {
    const { product } = await createProduct({ copyUntil: t.clock.now() + 1_000 });
    const investor = await createInvestor(t, { cashPaise: 2_000_000n });
    t.clock.advance(1_000);
    await expectRefused(
      () => invest(investor, product.id, '10000.00'),
      'COPY_TIME_LIMIT_EXCEEDED',
      investor.id,
    );
  });
});

describe('the end of a product', () => {
  it('at the end time closes every mirror at the feed price and returns each allocation to cash', async () => {
    const { product } = await createProduct({ endsAt: t.clock.now() + 2 * HOUR_MS });
    const one = await follower(20_000_000n, product.id, '100000.00');
    const two = await follower(20_000_000n, product.id, '200000.00');
    publishPrice(t, 'TCS', 300_000n);
    await strategyOrder(product.id, { symbol: 'TCS', side: 'short', quantity: 100, leverage: 2 });
    await runDueWork();
    expect((await mirrorsOf(one.followId)).map((row) => row.quantity)).toEqual([10n]);
    expect((await mirrorsOf(two.followId)).map((row) => row.quantity)).toEqual([20n]);

    t.clock.set(START_MS + 3 * HOUR_MS);
    publishPrice(t, 'TCS', 297_000n);
    await runDueWork();
    await runDueWork();

    for (const [one_, quantity] of [
      [one, 10n],
      [two, 20n],
    ] as const) {
      const [mirror] = await mirrorsOf(one_.followId);
      expect(mirror).toMatchObject({
        state: 'closed',
        close_reason: 'product_end',
        exit_price_paise: 297_000n,
      });
      expect(mirror!.pnl_paise).toBe(3_000n * quantity); // a short gains as the price falls
      const balances = await balancesOf(t, one_.investor.id);
      expect(balances.follow_allocation).toBe(0n);
      expect(balances.margin).toBe(0n);
      const follow = await t.db
        .selectFrom('follows')
        .selectAll()
        .where('id', '=', BigInt(one_.followId))
        .executeTakeFirstOrThrow();
      expect(follow.state).toBe('ended');
      // All the allocation came back: cash = what was never invested + what returned.
      expect(balances.cash).toBe(20_000_000n - follow.amount_paise + follow.returned_paise!);
      const view = (await t.call('follow/mine', {}, one_.investor.headers)).body.data.items[0];
      expect(view.totalProfit).toBe(
        ((follow.returned_paise! - follow.amount_paise) / 100n).toString() +
          `.${String((follow.returned_paise! - follow.amount_paise) % 100n).padStart(2, '0')}`,
      );
      const messages = await t.db
        .selectFrom('messages')
        .select('kind')
        .where('user_id', '=', one_.investor.id)
        .execute();
      expect(messages.map((row) => row.kind)).toEqual(['FOLLOW_STARTED', 'FOLLOW_ENDED']);
    }
    const ended = await t.db
      .selectFrom('follow_products')
      .select(['state', 'end_reason'])
      .where('id', '=', BigInt(product.id))
      .executeTakeFirstOrThrow();
    expect(ended).toEqual({ state: 'ended', end_reason: 'end_time' });
    const staffView = (await staffCall('products', { state: 'ended' })).body.data.items.find(
      (item: { product: { id: string } }) => item.product.id === product.id,
    );
    expect(staffView.strategyCash).toBe('0.00');
    await expectRefused(
      () => staffCall('end', { id: product.id, reason: 'end it again' }),
      'REPEATED_OPERATION',
    );
    await expectRefused(
      () => invest(one.investor, product.id, '10000.00'),
      'PRODUCT_NOT_FOUND',
      one.investor.id,
    );
  });

  it('staff may end a product early (audited), and not twice', async () => {
    t.clock.set(START_MS + 3 * HOUR_MS + 10_000);
    publishPrice(t, 'RELIANCE', 100_000n);
    const { product } = await createProduct();
    const one = await follower(20_000_000n, product.id, '100000.00');
    await strategyOrder(product.id, { quantity: 100 });
    await runDueWork();
    const ended = await staffCall('end', { id: product.id, reason: 'strategy retired early' });
    expect(ended.body.data).toMatchObject({ endReason: 'staff', product: { state: 'ended' } });
    expect((await mirrorsOf(one.followId))[0]).toMatchObject({
      state: 'closed',
      close_reason: 'product_end',
    });
    expect((await balancesOf(t, one.investor.id)).follow_allocation).toBe(0n);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type', 'reason'])
      .where('target_type', '=', 'follow_product')
      .where('target_id', '=', product.id)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['follow.create', 'follow.end']);
    expect(audit[1]).toMatchObject({ actor_type: 'staff', reason: 'strategy retired early' });
    await expectRefused(
      () => staffCall('end', { id: product.id, reason: 'once more' }),
      'REPEATED_OPERATION',
    );
  });
});
