import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createInvestor, createStaff, type TestInvestor, type TestStaff } from './fixtures.js';
import { type Envelope, startTestApp } from './harness.js';
import { balancesOf, publishPrice, setParameter, settle, tick, writtenCounts } from './trading-helpers.js';

// Long sessions: the tests move the clock by weeks.
const t = await startTestApp({ sessionIdleMinutes: 90 * 24 * 60, sessionAbsoluteHours: 90 * 24 });
const DAY = 86_400_000;
const CASH = 100_000_000n; // ₹10,00,000.00
publishPrice(t, 'RELIANCE', 100_000n, { previousClosePaise: 100_000n });
publishPrice(t, 'TCS', 300_000n, { previousClosePaise: 300_000n });
publishPrice(t, 'INFY', 150_000n, { previousClosePaise: 150_000n });

// A staff session ends after hours of the test clock: sign a compliance member in again when it moved.
let compliance: { staff: TestStaff; atMs: number } | undefined;
async function consoleCall(path: string, body: unknown, staff?: TestStaff) {
  if (!staff && (!compliance || t.clock.now() - compliance.atMs > 3_600_000)) {
    compliance = { staff: await createStaff(t, ['compliance']), atMs: t.clock.now() };
  }
  return t.call(`/api/console/${path}`, body, (staff ?? compliance!.staff).headers);
}
const enable = await consoleCall('lending/setInstrumentLending', {
  symbol: 'RELIANCE',
  enabled: true,
  reason: 'pool-backed shorts from today',
});
expect(enable.body.status, JSON.stringify(enable.body)).toBe(1);

/** Opens a market position and returns its id. */
async function open(
  investor: TestInvestor,
  body: {
    symbol?: string;
    side?: 'long' | 'short';
    quantity: number;
    leverage?: number;
    [key: string]: unknown;
  },
): Promise<string> {
  const reply = await t.call(
    'trade/open',
    { symbol: 'RELIANCE', side: 'long', orderType: 'market', leverage: 1, ...body },
    investor.headers,
  );
  expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
  return reply.body.data.id as string;
}

const lend = (investor: TestInvestor, positionId: string, termDays = 7, quantity?: number) =>
  t.call('lending/lend', { positionId, termDays, ...(quantity ? { quantity } : {}) }, investor.headers);

const runDueWork = async () => {
  t.app.tradingEngine!.runDueWork();
  await settle(t);
};

/** Everything a lending call could write, with the user's balances. */
async function snapshot(userId: bigint) {
  const count = async (table: 'lendings' | 'lending_pool_draws' | 'lending_borrow_fees' | 'audit_log') =>
    Number((await t.db.selectFrom(table).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  return {
    ...(await writtenCounts(t)),
    lendings: await count('lendings'),
    draws: await count('lending_pool_draws'),
    fees: await count('lending_borrow_fees'),
    balances: await balancesOf(t, userId),
  };
}

/** A call that must be refused with `code` and change nothing. */
async function expectRefused(
  investor: TestInvestor,
  call: () => Promise<{ http: number; body: Envelope }>,
  code: string,
): Promise<Envelope> {
  const before = await snapshot(investor.id);
  const reply = await call();
  expect(reply.body.status, JSON.stringify(reply.body)).toBe(0);
  expect(reply.body.code).toBe(code);
  expect(await snapshot(investor.id)).toEqual(before);
  return reply.body;
}

/** Lends `quantity` RELIANCE shares from a fresh investor's new holding, for the pool. */
async function lender(quantity: number, termDays = 7) {
  const investor = await createInvestor(t, { cashPaise: CASH });
  publishPrice(t, 'RELIANCE', 100_000n);
  const positionId = await open(investor, { quantity });
  const reply = await lend(investor, positionId, termDays);
  expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
  return { investor, positionId, lending: reply.body.data };
}

const houseLendingFees = async () => {
  const row = await sql<{ balance: string | null }>`
    SELECT sum(p.amount_minor) AS balance FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
    WHERE a.purpose = 'house_lending_fees'`.execute(t.db);
  return BigInt(row.rows[0]?.balance ?? 0);
};

describe('lending a holding', () => {
  it('lends an unlevered long holding for a term at the fee fixed now, and lists it', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
    const positionId = await open(investor, { quantity: 100 });
    const levered = await open(investor, { quantity: 10, leverage: 2 });
    const overview = await t.call('lending/overview', {}, investor.headers);
    expect(overview.body.data).toMatchObject({
      channelOpen: true,
      feeBpsPerDay: 2,
      terms: [7, 14, 30],
      minValue: '10000.00',
    });
    expect(overview.body.data.holdings.map((holding: { positionId: string }) => holding.positionId)).toEqual([
      positionId,
    ]);
    // A listed stock counts shares (a crypto holding would count units).
    expect(overview.body.data.holdings[0].unit).toBe('shares');
    expect(levered).not.toBe(positionId);

    const cashBefore = (await balancesOf(t, investor.id)).cash;
    const reply = await lend(investor, positionId, 7);
    expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
    // ₹1,00,000.00 lent for 7 days at 0.02% a day: ₹140.00, paid at the term end.
    expect(reply.body.data).toMatchObject({
      positionId,
      symbol: 'RELIANCE',
      quantity: 100,
      price: '1000.00',
      value: '100000.00',
      termDays: 7,
      feeBpsPerDay: 2,
      expectedFee: '140.00',
      feePaid: null,
      state: 'in_progress',
      lentAt: t.clock.now(),
      termEndsAt: t.clock.now() + 7 * DAY,
    });
    // The shares stay the investor's: nothing moves in the ledger at lending.
    expect((await balancesOf(t, investor.id)).cash).toBe(cashBefore);
    const records = await t.call('lending/records', { state: 'in_progress' }, investor.headers);
    expect(records.body.data.items.map((item: { id: string }) => item.id)).toEqual([reply.body.data.id]);
    const after = await t.call('lending/overview', {}, investor.headers);
    expect(after.body.data.holdings[0]).toMatchObject({
      lendingId: reply.body.data.id,
      lentUntil: t.clock.now() + 7 * DAY,
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type'])
      .where('target_type', '=', 'lending')
      .where('target_id', '=', reply.body.data.id)
      .execute();
    expect(audit).toEqual([{ action: 'lending.lend', actor_type: 'user' }]);
  });

  it('lends part of a holding, which locks the whole holding from closing', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
    const positionId = await open(investor, { quantity: 50 });
    const reply = await lend(investor, positionId, 14, 20);
    expect(reply.body.data).toMatchObject({ quantity: 20, value: '20000.00', expectedFee: '56.00' });
    const refusal = await expectRefused(
      investor,
      () => t.call('trade/close', { id: positionId }, investor.headers),
      'POSITION_LENT',
    );
    expect(refusal.params).toEqual({ until: '2026-12-07 10:00' });
    // The positions say so before anyone presses close: the inventory tab and the detail.
    const termEndsAt = reply.body.data.termEndsAt;
    const inventory = await t.call('trade/positions', { tab: 'inventory' }, investor.headers);
    const listed = inventory.body.data.items.find((item: { id: string }) => item.id === positionId);
    expect(listed.lentUntil).toBe(termEndsAt);
    const detail = await t.call('trade/positionDetail', { id: positionId }, investor.headers);
    expect(detail.body.data.lentUntil).toBe(termEndsAt);
    const other = await open(investor, { quantity: 10 });
    const unlent = await t.call('trade/positionDetail', { id: other }, investor.headers);
    expect(unlent.body.data.lentUntil).toBeNull();
  });
});

describe('refusals write nothing', () => {
  it('channel closed', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
    const positionId = await open(investor, { quantity: 20 });
    await setParameter(t, 'lending_channel_open', false);
    try {
      const refusal = await expectRefused(
        investor,
        () => lend(investor, positionId),
        'LENDING_CHANNEL_CLOSED',
      );
      expect(refusal.msg).toBe('The securities lending channel is closed');
      expect((await t.call('lending/overview', {}, investor.headers)).body.data.channelOpen).toBe(false);
    } finally {
      await setParameter(t, 'lending_channel_open', true);
    }
  });

  it('below the minimum lending value', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
    const positionId = await open(investor, { quantity: 9 });
    const refusal = await expectRefused(investor, () => lend(investor, positionId), 'LENDING_BELOW_MINIMUM');
    expect(refusal.params).toEqual({ min: '10000.00' });
  });

  it('quota full', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
    const positionId = await open(investor, { quantity: 20 });
    const inProgress = await t.db
      .selectFrom('lendings')
      .select(sql<string>`coalesce(sum(value_paise), 0)`.as('value'))
      .where('state', '=', 'in_progress')
      .executeTakeFirstOrThrow();
    // Room for ₹19,999.99 more; the ₹20,000.00 asked does not fit.
    await setParameter(t, 'lending_pool_quota', String(BigInt(inProgress.value) + 1_999_999n));
    try {
      const refusal = await expectRefused(investor, () => lend(investor, positionId), 'LENDING_QUOTA_FULL');
      expect(refusal.msg).toBe('The securities lending quota is full');
    } finally {
      await setParameter(t, 'lending_pool_quota', '1000000000');
    }
  });

  it('a levered, a short, an intraday and a pending position cannot be lent', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
    // Approved for day trading before the first call: a session read later is cached, and on
    // PostgreSQL the change notice (migration 0046) reaches the cache a moment after the commit.
    await t.db
      .updateTable('users')
      .set({ day_trading_status: 'approved' })
      .where('id', '=', investor.id)
      .execute();
    const levered = await open(investor, { quantity: 30, leverage: 2 });
    await expectRefused(investor, () => lend(investor, levered), 'LENDING_NOT_ELIGIBLE');
    const short = await open(investor, { symbol: 'TCS', side: 'short', quantity: 10 });
    await expectRefused(investor, () => lend(investor, short), 'LENDING_NOT_ELIGIBLE');
    const intraday = await open(investor, { quantity: 30, intraday: true });
    await expectRefused(investor, () => lend(investor, intraday), 'LENDING_NOT_ELIGIBLE');
    const pending = await open(investor, { orderType: 'limit', price: '950.00', quantity: 30 });
    const refusal = await expectRefused(investor, () => lend(investor, pending), 'REPEATED_OPERATION');
    expect(refusal.params).toEqual({ state: 'holding' });
  });

  it('someone else’s position is not found', async () => {
    const owner = await createInvestor(t, { cashPaise: CASH });
    const positionId = await open(owner, { quantity: 20 });
    const other = await createInvestor(t, { cashPaise: CASH });
    await expectRefused(other, () => lend(other, positionId), 'ORDER_NOT_FOUND');
    await expectRefused(other, () => lend(other, '999999999'), 'ORDER_NOT_FOUND');
  });

  it('lending twice, and more shares than held', async () => {
    const { investor, positionId } = await lender(20);
    await expectRefused(investor, () => lend(investor, positionId, 14), 'REPEATED_OPERATION');
    const second = await open(investor, { quantity: 20 });
    await expectRefused(investor, () => lend(investor, second, 7, 21), 'VALIDATION_FAILED');
  });

  it('a term outside 7, 14 and 30 days is malformed', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
    const positionId = await open(investor, { quantity: 20 });
    const before = await snapshot(investor.id);
    const reply = await lend(investor, positionId, 10);
    expect(reply.http).toBe(400);
    expect(await snapshot(investor.id)).toEqual(before);
  });
});

describe('shorts draw on the pool', () => {
  it('a short beyond the pool’s available shares is refused with the quantity available', async () => {
    const pool = async () =>
      (await consoleCall('lending/pool', {})).body.data.rows.find(
        (row: { symbol: string }) => row.symbol === 'RELIANCE',
      );
    const { availableQuantity } = await pool();
    const seller = await createInvestor(t, { cashPaise: CASH });
    const refusal = await expectRefused(
      seller,
      () =>
        t.call(
          'trade/open',
          {
            symbol: 'RELIANCE',
            side: 'short',
            orderType: 'market',
            quantity: availableQuantity + 1,
            leverage: 1,
          },
          seller.headers,
        ),
      'LENDING_POOL_SHORT',
    );
    expect(refusal.params).toEqual({ symbol: 'RELIANCE', available: availableQuantity });
    // A pending short draws too; cancelled, it gives the shares back.
    const limit = await open(seller, {
      side: 'short',
      orderType: 'limit',
      price: '1050.00',
      quantity: availableQuantity,
    });
    expect((await pool()).availableQuantity).toBe(0);
    await expectRefused(
      seller,
      () =>
        t.call(
          'trade/open',
          { symbol: 'RELIANCE', side: 'short', orderType: 'market', quantity: 1, leverage: 1 },
          seller.headers,
        ),
      'LENDING_POOL_SHORT',
    );
    expect((await t.call('trade/cancel', { id: limit }, seller.headers)).body.status).toBe(1);
    expect((await pool()).availableQuantity).toBe(availableQuantity);
    // Shorts elsewhere (lending not enabled) do not touch the pool.
    await open(seller, { symbol: 'TCS', side: 'short', quantity: 5 });
  });

  it('a short still draws on the pool when lending was switched on after this process read the instrument', async () => {
    // Written straight to the row, so the order path's instrument cache still says "not enabled":
    // the one-statement open refuses to skip the pool (NV001) and the order takes the pool's path.
    const seller = await createInvestor(t, { cashPaise: CASH });
    await open(seller, { symbol: 'TCS', side: 'short', quantity: 1 });
    await t.db
      .updateTable('instruments')
      .set({ lending_enabled: true })
      .where('symbol', '=', 'TCS')
      .execute();
    try {
      const refusal = await expectRefused(
        seller,
        () =>
          t.call(
            'trade/open',
            { symbol: 'TCS', side: 'short', orderType: 'market', quantity: 1, leverage: 1 },
            seller.headers,
          ),
        'LENDING_POOL_SHORT',
      );
      expect(refusal.params).toEqual({ symbol: 'TCS', available: 0 });
    } finally {
      await t.db
        .updateTable('instruments')
        .set({ lending_enabled: false })
        .where('symbol', '=', 'TCS')
        .execute();
    }
  });

  it('a short seller pays the borrow fee daily; the lender receives the fee at term end, exactly once', async () => {
    // Monday two weeks on: every lending of the tests above is due by now, none falls due later.
    t.clock.set(Date.UTC(2026, 11, 7, 4, 30));
    await tick(t, 'RELIANCE', 100_000n);
    await runDueWork();
    const { investor: lenderInvestor, positionId: lentPosition, lending } = await lender(200, 7);
    const seller = await createInvestor(t, { cashPaise: CASH });
    const short = await open(seller, { side: 'short', quantity: 100, leverage: 2 });
    const cashAfterOpen = (await balancesOf(t, seller.id)).cash!;
    const houseBefore = await houseLendingFees();

    await runDueWork();
    // 100 × ₹1,000.00 = ₹1,00,000.00 at 0.02% a day: ₹20.00 for today.
    expect((await balancesOf(t, seller.id)).cash).toBe(cashAfterOpen - 2_000n);
    await runDueWork();
    expect((await balancesOf(t, seller.id)).cash).toBe(cashAfterOpen - 2_000n);
    const feeEntries = async () =>
      (
        await t.db
          .selectFrom('journal_entries')
          .select(['entry_key', 'kind'])
          .where('entry_key', 'like', `short:${short}:borrow-fee:%`)
          .orderBy('entry_key')
          .execute()
      ).map((row) => `${row.entry_key} ${row.kind}`);
    expect(await feeEntries()).toEqual([`short:${short}:borrow-fee:2026-12-07 trade_borrow_fee`]);

    // Each IST day the short stays open costs one more day's fee.
    t.clock.advance(DAY);
    await runDueWork();
    expect((await balancesOf(t, seller.id)).cash).toBe(cashAfterOpen - 4_000n);
    expect(await feeEntries()).toHaveLength(2);
    // The statement's trade tab shows it.
    const statement = await t.call('user/statement', { tab: 'trade' }, seller.headers);
    expect(statement.body.data.items[0]).toMatchObject({ kind: 'trade_borrow_fee', amount: '-20.00' });

    // The lender's holding stays locked until the term ends.
    await tick(t, 'RELIANCE', 100_000n);
    await expectRefused(
      lenderInvestor,
      () => t.call('trade/close', { id: lentPosition }, lenderInvestor.headers),
      'POSITION_LENT',
    );

    // The term ends: ₹2,00,000.00 for 7 days at 0.02% = ₹280.00, from the house's lending-fee account.
    const lenderCash = (await balancesOf(t, lenderInvestor.id)).cash!;
    t.clock.set(lending.termEndsAt - 1);
    await runDueWork();
    expect((await balancesOf(t, lenderInvestor.id)).cash).toBe(lenderCash);
    t.clock.set(lending.termEndsAt);
    await Promise.all([runDueWork(), runDueWork()]);
    await runDueWork();
    expect((await balancesOf(t, lenderInvestor.id)).cash).toBe(lenderCash + 28_000n);
    const entries = await t.db
      .selectFrom('journal_entries')
      .select('kind')
      .where('entry_key', '=', `lending:${lending.id}:fee`)
      .execute();
    expect(entries).toEqual([{ kind: 'lending_fee' }]);
    const record = (await t.call('lending/records', {}, lenderInvestor.headers)).body.data.items[0];
    expect(record).toMatchObject({
      id: lending.id,
      state: 'completed',
      feePaid: '280.00',
      endReason: 'term',
    });
    const messages = await t.db
      .selectFrom('messages')
      .select(['kind', 'params'])
      .where('user_id', '=', lenderInvestor.id)
      .execute();
    // The lender also traded (their contract notes come after each close); of lending, one message.
    expect(messages.map((message) => message.kind).filter((kind) => kind !== 'CONTRACT_NOTE_ISSUED')).toEqual(
      ['LENDING_COMPLETED'],
    );
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type', 'actor_id'])
      .where('target_type', '=', 'lending')
      .where('target_id', '=', lending.id)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => `${row.action}:${row.actor_type}:${row.actor_id ?? ''}`)).toEqual([
      `lending.lend:user:${String(lenderInvestor.id)}`,
      'lending.complete:system:engine',
    ]);
    // The house took the short's fees (7 days by now) and paid the lender: its spread or shortfall.
    const charged = await t.db
      .selectFrom('lending_borrow_fees')
      .select(sql<string>`sum(charged_paise)`.as('charged'))
      .where('position_id', '=', BigInt(short))
      .executeTakeFirstOrThrow();
    expect((await houseLendingFees()) - houseBefore).toBe(BigInt(charged.charged) - 28_000n);

    // Free again: the holding closes.
    await tick(t, 'RELIANCE', 100_000n);
    const close = await t.call('trade/close', { id: lentPosition }, lenderInvestor.headers);
    expect(close.body.status, JSON.stringify(close.body)).toBe(1);
    // Closed, the short pays no more and gives its shares back to the pool.
    expect((await t.call('trade/close', { id: short }, seller.headers)).body.status).toBe(1);
    const feesSoFar = await feeEntries();
    t.clock.advance(DAY);
    await runDueWork();
    expect(await feeEntries()).toEqual(feesSoFar);
  });

  it('cash that cannot cover the fee is waived and recorded, never a debt', async () => {
    t.clock.set(Date.UTC(2026, 11, 21, 4, 30)); // Monday 10:00 IST
    await tick(t, 'RELIANCE', 100_000n);
    await runDueWork();
    await lender(50, 30);
    // Margin ₹10,000.00 + the opening sale's charges (STT ₹10, exchange 0.30, SEBI 0.01, GST 0.06:
    // ₹10.37) leaves exactly ₹1.00 of cash.
    const seller = await createInvestor(t, { cashPaise: 1_000_000n + 1_037n + 100n });
    const short = await open(seller, { side: 'short', quantity: 10 });
    expect((await balancesOf(t, seller.id)).cash).toBe(100n);
    t.clock.advance(DAY);
    await runDueWork();
    const day = await t.db
      .selectFrom('lending_borrow_fees')
      .select(['fee_paise', 'charged_paise', 'waived_paise'])
      .where('position_id', '=', BigInt(short))
      .execute();
    // ₹10,000.00 at 0.02%: ₹2.00, of which the ₹1.00 in cash is charged.
    expect(day).toEqual([{ fee_paise: 200n, charged_paise: 100n, waived_paise: 100n }]);
    expect((await balancesOf(t, seller.id)).cash).toBe(0n);
  });

  it('a stop-out of a lent holding ends the lending early with the fee of the days served', async () => {
    t.clock.set(Date.UTC(2026, 11, 28, 4, 30)); // Monday 10:00 IST
    await setParameter(t, 'lending_value_min', '0');
    const investor = await createInvestor(t, { cashPaise: CASH });
    await tick(t, 'INFY', 150_000n);
    const positionId = await open(investor, { symbol: 'INFY', quantity: 100 });
    const reply = await lend(investor, positionId, 30);
    expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
    t.clock.advance(3 * DAY + 3_600_000);
    const cash = (await balancesOf(t, investor.id)).cash!;
    // The price collapses past the stop-out level: the engine closes the holding.
    await tick(t, 'INFY', 10_000n);
    const position = await t.db
      .selectFrom('positions')
      .select(['state', 'close_reason', 'payout_paise'])
      .where('id', '=', BigInt(positionId))
      .executeTakeFirstOrThrow();
    expect(position).toMatchObject({ state: 'closed', close_reason: 'stop_out' });
    await runDueWork();
    const record = (await t.call('lending/records', {}, investor.headers)).body.data.items[0];
    // ₹1,50,000.00 for 3 whole days at 0.02%: ₹90.00.
    expect(record).toMatchObject({ state: 'completed', endReason: 'position_closed', feePaid: '90.00' });
    expect((await balancesOf(t, investor.id)).cash).toBe(cash + position.payout_paise! + 9_000n);
    const message = await t.db
      .selectFrom('messages')
      .select(['kind', 'params'])
      .where('user_id', '=', investor.id)
      .where('kind', 'like', 'LENDING%')
      .executeTakeFirstOrThrow();
    expect(message).toMatchObject({
      kind: 'LENDING_ENDED_EARLY',
      params: { symbol: 'INFY', quantity: 100, fee: '90.00', days: 3 },
    });
    await setParameter(t, 'lending_value_min', '1000000');
  });
});

describe('the console pool', () => {
  it('shows lent, drawn and available per symbol and lists the lendings; switching is audited and role-checked', async () => {
    await lender(20);
    await lender(30, 14);
    const pool = await consoleCall('lending/pool', {});
    expect(pool.body.status, JSON.stringify(pool.body)).toBe(1);
    expect(pool.body.data).toMatchObject({ channelOpen: true, feeBpsPerDay: 2, minValue: '10000.00' });
    const reliance = pool.body.data.rows.find((row: { symbol: string }) => row.symbol === 'RELIANCE');
    const lent = await t.db
      .selectFrom('lendings')
      .innerJoin('positions', 'positions.id', 'lendings.position_id')
      .select(sql<string>`sum(lendings.quantity)`.as('n'))
      .where('lendings.symbol', '=', 'RELIANCE')
      .where('lendings.state', '=', 'in_progress')
      .where('positions.state', '=', 'holding')
      .executeTakeFirstOrThrow();
    expect(reliance).toMatchObject({ lendingEnabled: true, lentQuantity: Number(lent.n) });
    expect(reliance.availableQuantity).toBe(Math.max(0, reliance.lentQuantity - reliance.drawnQuantity));

    const list = await consoleCall('lending/lendings', {
      symbol: 'reliance',
      state: 'in_progress',
      limit: 2,
    });
    expect(list.body.data.items).toHaveLength(2);
    expect(list.body.data.items[0]).toMatchObject({ symbol: 'RELIANCE', state: 'in_progress' });
    expect(list.body.data.nextCursor).not.toBeNull();

    const support = await createStaff(t, ['support']);
    expect(
      (
        await consoleCall(
          'lending/setInstrumentLending',
          { symbol: 'TCS', enabled: true, reason: 'try' },
          support,
        )
      ).http,
    ).toBe(403);
    const switched = await consoleCall('lending/setInstrumentLending', {
      symbol: 'TCS',
      enabled: true,
      reason: 'TCS shorts from the pool',
    });
    expect(switched.body.data).toMatchObject({ symbol: 'TCS', lendingEnabled: true, lentQuantity: 0 });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type', 'reason', 'before', 'after'])
      .where('target_type', '=', 'instrument')
      .where('target_id', '=', 'TCS')
      .where('action', '=', 'lending.set_instrument')
      .execute();
    expect(audit).toEqual([
      {
        action: 'lending.set_instrument',
        actor_type: 'staff',
        reason: 'TCS shorts from the pool',
        before: { lendingEnabled: false },
        after: { lendingEnabled: true },
      },
    ]);
    // Now TCS shorts need lenders.
    const seller = await createInvestor(t, { cashPaise: CASH });
    await tick(t, 'TCS', 300_000n);
    await expectRefused(
      seller,
      () =>
        t.call(
          'trade/open',
          { symbol: 'TCS', side: 'short', orderType: 'market', quantity: 1, leverage: 1 },
          seller.headers,
        ),
      'LENDING_POOL_SHORT',
    );
  });
});

describe('concurrency', () => {
  it('concurrent shorts cannot over-draw the pool (proved on PostgreSQL; serial on PGlite)', async () => {
    await setParameter(t, 'lending_value_min', '0');
    await consoleCall('lending/setInstrumentLending', {
      symbol: 'INFY',
      enabled: true,
      reason: 'pool-backed INFY',
    });
    await tick(t, 'INFY', 150_000n);
    await lender(30);
    const infyLender = await createInvestor(t, { cashPaise: CASH });
    const infyHolding = await open(infyLender, { symbol: 'INFY', quantity: 10 });
    expect((await lend(infyLender, infyHolding)).body.status).toBe(1);
    const sellers = await Promise.all(
      Array.from({ length: 6 }, () => createInvestor(t, { cashPaise: CASH })),
    );
    const replies = await Promise.all(
      sellers.map((seller) =>
        t.call(
          'trade/open',
          { symbol: 'INFY', side: 'short', orderType: 'market', quantity: 4, leverage: 1 },
          seller.headers,
        ),
      ),
    );
    // 10 shares in the pool, 4 a short: two fit, the rest are refused.
    expect(replies.filter((reply) => reply.body.status === 1)).toHaveLength(2);
    expect(replies.filter((reply) => reply.body.code === 'LENDING_POOL_SHORT')).toHaveLength(4);
    const drawn = await t.db
      .selectFrom('lending_pool_draws')
      .select(sql<string>`sum(quantity)`.as('n'))
      .where('symbol', '=', 'INFY')
      .executeTakeFirstOrThrow();
    expect(Number(drawn.n)).toBe(8);
    await setParameter(t, 'lending_value_min', '1000000');
  });
});
