import { apportionByQuantity, mtfFundedPaise, mtfInterestForDayPaise } from '@nivesh/core';
import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { reconcileLedger } from '../src/use-cases/ledger/reconcile-ledger.js';
import { createInvestor, createStaff, type TestInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';
import {
  balancesOf,
  expectRefusedWithoutWrites,
  publishPrice,
  setParameter,
  sweep,
  tick,
} from './trading-helpers.js';

/**
 * Partial sells and products (docs/adr/0019-partial-sells.md): trade/close with a quantity splits a
 * holding exactly, trade/sell sells a symbol's holdings oldest first, and every refusal changes
 * nothing. Amounts are checked by their relations (the two parts sum to the original, the part sold
 * gets the floor of its share), so the tests hold whatever the fee and charge rates are.
 */

// Long sessions: the MTF tests move the clock by days.
const t = await startTestApp({ sessionIdleMinutes: 30 * 24 * 60, sessionAbsoluteHours: 30 * 24 });
const CASH = 100_000_000n; // ₹10,00,000.00
const MINUTE = 60_000;

// RELIANCE at ₹1,000.05 against a ₹1,000.00 close: margins and charges that do not divide evenly.
publishPrice(t, 'RELIANCE', 100_005n, { previousClosePaise: 100_000n });
publishPrice(t, 'TCS', 300_000n, { previousClosePaise: 300_000n });

const paise = (rupees: string | null): bigint => {
  const [whole, fraction = ''] = rupees!.replace('-', '').split('.');
  const value = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
  return rupees!.startsWith('-') ? -value : value;
};

async function buy(investor: TestInvestor, body: Record<string, unknown>) {
  const reply = await t.call(
    'trade/open',
    { symbol: 'RELIANCE', side: 'long', orderType: 'market', quantity: 10, ...body },
    investor.headers,
  );
  expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
  return reply.body.data;
}

const detail = async (investor: TestInvestor, id: string) =>
  (await t.call('trade/positionDetail', { id }, investor.headers)).body.data;

const entryKeys = async (positionId: string) =>
  (
    await t.db
      .selectFrom('journal_entries')
      .select('entry_key')
      .where('reference_id', '=', positionId)
      .where('reference_type', '=', 'position')
      .orderBy('id')
      .execute()
  ).map((row) => row.entry_key);

describe('a partial close', () => {
  it('splits the holding exactly: the remainder keeps the id, the part sold closes with its own entry', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
    const opened = await buy(investor, { quantity: 7, leverage: 2 });
    expect(opened).toMatchObject({ product: 'MTF', splitFrom: null, status: 'holding' });
    const margin = paise(opened.originalMargin);
    const openFee = paise(opened.openFee);
    const cashBefore = (await balancesOf(t, investor.id)).cash!;

    const reply = await t.call('trade/close', { id: opened.id, quantity: 3 }, investor.headers);
    expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
    const sold = reply.body.data;
    expect(sold).toMatchObject({ status: 'closed', quantity: 3, splitFrom: opened.id, product: 'MTF' });
    expect(sold.id).not.toBe(opened.id);

    // The part sold gets the floor of its share; the remainder keeps the rest, to the paisa.
    const remainder = await detail(investor, opened.id);
    expect(remainder).toMatchObject({ status: 'holding', quantity: 4, splitFrom: null });
    expect(paise(sold.originalMargin)).toBe(apportionByQuantity(margin, 3, 7).partPaise);
    expect(paise(sold.originalMargin) + paise(remainder.originalMargin)).toBe(margin);
    expect(paise(sold.openFee)).toBe(apportionByQuantity(openFee, 3, 7).partPaise);
    expect(paise(sold.openFee) + paise(remainder.openFee)).toBe(openFee);
    // Per-share terms stay: entry price, stop-out level, lock.
    expect(remainder.confirmPrice).toBe(opened.confirmPrice);
    expect(remainder.stopOutPrice).toBe(opened.stopOutPrice);
    expect(remainder.lockTime).toBe(opened.lockTime);
    expect(sold.confirmPrice).toBe(opened.confirmPrice);

    // Money: the margin account holds the remainder's margin; cash got the part sold's payout.
    const balances = await balancesOf(t, investor.id);
    expect(balances.margin).toBe(paise(remainder.originalMargin));
    expect(balances.cash).toBe(
      cashBefore + paise(sold.netProfitLoss) + paise(sold.originalMargin) + paise(sold.openFee),
    );
    // The opening happened once and stays with the original id; the part sold has its own close.
    expect(await entryKeys(opened.id)).toEqual([`order:${opened.id}:open`]);
    expect(await entryKeys(sold.id)).toEqual([`position:${sold.id}:close`]);

    // The remainder closes whole later; the two closes together sold all 7 shares.
    const rest = await t.call('trade/close', { id: opened.id }, investor.headers);
    expect(rest.body.data).toMatchObject({ status: 'closed', quantity: 4 });
    expect((await balancesOf(t, investor.id)).margin).toBe(0n);
    expect((await reconcileLedger(t.db, t.clock.now())).problems).toEqual([]);
  });

  it('a quantity equal to the holding closes it whole, without a split', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
    const opened = await buy(investor, { quantity: 5, product: 'CNC' });
    const reply = await t.call('trade/close', { id: opened.id, quantity: 5 }, investor.headers);
    expect(reply.body.data).toMatchObject({ id: opened.id, status: 'closed', quantity: 5, splitFrom: null });
  });

  it('refuses zero, a fraction, more than the holding, a pending order, and changes nothing', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
    const opened = await buy(investor, { quantity: 10, product: 'CNC' });
    const close = (body: Record<string, unknown>) => () =>
      t.call('trade/close', { id: opened.id, ...body }, investor.headers);
    await expectRefusedWithoutWrites(t, close({ quantity: 0 }), 'SELL_QUANTITY_NOT_POSITIVE');
    await expectRefusedWithoutWrites(t, close({ quantity: -3 }), 'SELL_QUANTITY_NOT_POSITIVE');
    const fraction = await expectRefusedWithoutWrites(t, close({ quantity: 2.5 }), 'QUANTITY_NOT_WHOLE');
    expect(fraction.msg).toContain('whole');
    const above = await expectRefusedWithoutWrites(t, close({ quantity: 11 }), 'QUANTITY_ABOVE_HOLDING');
    expect(above.params).toEqual({ held: 10 });
    expect(await detail(investor, opened.id)).toMatchObject({ status: 'holding', quantity: 10 });

    const pending = await buy(investor, {
      quantity: 10,
      orderType: 'limit',
      price: '950.00',
      product: 'CNC',
    });
    expect(pending.status).toBe('pending');
    await expectRefusedWithoutWrites(
      t,
      () => t.call('trade/close', { id: pending.id, quantity: 5 }, investor.headers),
      'REPEATED_OPERATION',
    );
  });

  it('a remainder keeps its stop-out level and is stopped out there by the engine', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
    publishPrice(t, 'RELIANCE', 100_005n);
    const opened = await buy(investor, { quantity: 10, product: 'MTF', leverage: 5 });
    const part = await t.call('trade/close', { id: opened.id, quantity: 3 }, investor.headers);
    expect(part.body.status, JSON.stringify(part.body)).toBe(1);
    const remainder = await detail(investor, opened.id);
    expect(remainder).toMatchObject({ status: 'holding', quantity: 7, stopOutPrice: opened.stopOutPrice });
    // A rupee beyond the level: the remainder's own margin decides exactly (stopOutReached).
    await tick(t, 'RELIANCE', paise(opened.stopOutPrice) - 100n);
    expect(await detail(investor, opened.id)).toMatchObject({
      status: 'closed',
      closeReason: 'stop_out',
      quantity: 7,
    });
    expect((await balancesOf(t, investor.id)).margin).toBe(0n);
    await tick(t, 'RELIANCE', 100_005n);
  });

  it('a short closes in part the same way, its P&L the other way round', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
    publishPrice(t, 'RELIANCE', 100_005n);
    const opened = await buy(investor, { side: 'short', quantity: 10, product: 'CNC' });
    publishPrice(t, 'RELIANCE', 99_005n);
    const part = await t.call('trade/close', { id: opened.id, quantity: 4 }, investor.headers);
    expect(part.body.data).toMatchObject({
      status: 'closed',
      quantity: 4,
      side: 'short',
      profitLoss: '40.00',
    });
    const remainder = await detail(investor, opened.id);
    expect(paise(part.body.data.originalMargin) + paise(remainder.originalMargin)).toBe(
      paise(opened.originalMargin),
    );
    expect(remainder).toMatchObject({ status: 'holding', quantity: 6, side: 'short' });
    publishPrice(t, 'RELIANCE', 100_005n);
  });

  it('refuses a locked holding with the time left', async () => {
    await setParameter(t, 'position_lock_minutes', 15);
    const investor = await createInvestor(t, { cashPaise: CASH });
    const opened = await buy(investor, { quantity: 10, product: 'CNC' });
    await setParameter(t, 'position_lock_minutes', 0);
    const refused = await expectRefusedWithoutWrites(
      t,
      () => t.call('trade/close', { id: opened.id, quantity: 4 }, investor.headers),
      'LOCKED_MINUTES',
    );
    expect(refused.params).toEqual({ minutes: 15, remaining: '00:15:00' });
  });
});

describe('selling a symbol oldest first (trade/sell)', () => {
  it('closes whole lots oldest first and part of the last, in one transaction', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
    const lots = [];
    for (const quantity of [10, 20, 30]) {
      lots.push(await buy(investor, { quantity, product: 'CNC' }));
      t.clock.advance(MINUTE);
      publishPrice(t, 'RELIANCE', 100_005n);
    }
    // A MIS-free, MTF holding of the same symbol is another product: the sale leaves it alone.
    const mtf = await buy(investor, { quantity: 5, product: 'MTF' });
    publishPrice(t, 'RELIANCE', 101_000n);

    const reply = await t.call(
      'trade/sell',
      { symbol: 'reliance', product: 'CNC', quantity: 35 },
      investor.headers,
    );
    expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
    const sale = reply.body.data;
    expect(sale).toMatchObject({ symbol: 'RELIANCE', product: 'CNC', quantity: 35, remainingQuantity: 25 });
    expect(
      sale.lots.map((lot: { positionId: string; splitFrom: string | null; quantity: number }) => [
        lot.splitFrom ?? lot.positionId,
        lot.quantity,
      ]),
    ).toEqual([
      [lots[0].id, 10],
      [lots[1].id, 20],
      [lots[2].id, 5],
    ]);
    expect(sale.lots[0]).toMatchObject({ positionId: lots[0].id, splitFrom: null, exitPrice: '1010.00' });
    expect(sale.lots[2].positionId).not.toBe(lots[2].id);
    expect(await detail(investor, lots[2].id)).toMatchObject({ status: 'holding', quantity: 25 });
    expect(await detail(investor, mtf.id)).toMatchObject({ status: 'holding', quantity: 5 });
    expect(await detail(investor, lots[0].id)).toMatchObject({ status: 'closed', quantity: 10 });
    // P&L of each lot: ₹9.95 a share from ₹1,000.05 to ₹1,010.00.
    expect(sale.lots.map((lot: { profitLoss: string }) => lot.profitLoss)).toEqual([
      '99.50',
      '199.00',
      '49.75',
    ]);
    const margins = await t.db
      .selectFrom('positions')
      .select((eb) => eb.fn.sum<string>('margin_paise').as('sum'))
      .where('user_id', '=', investor.id)
      .where('state', '=', 'holding')
      .executeTakeFirstOrThrow();
    expect((await balancesOf(t, investor.id)).margin).toBe(BigInt(margins.sum));
  });

  it('refuses a sale above the holdings, of nothing held, zero or a fraction, and changes nothing', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
    await buy(investor, { quantity: 10, product: 'CNC' });
    await buy(investor, { quantity: 5, product: 'CNC' });
    const sell = (body: Record<string, unknown>) => () =>
      t.call('trade/sell', { symbol: 'RELIANCE', product: 'CNC', ...body }, investor.headers);
    const above = await expectRefusedWithoutWrites(t, sell({ quantity: 16 }), 'QUANTITY_ABOVE_HOLDING');
    expect(above.params).toEqual({ held: 15 });
    const none = await expectRefusedWithoutWrites(
      t,
      sell({ quantity: 1, product: 'MIS' }),
      'QUANTITY_ABOVE_HOLDING',
    );
    expect(none.params).toEqual({ held: 0 });
    await expectRefusedWithoutWrites(t, sell({ quantity: 0 }), 'SELL_QUANTITY_NOT_POSITIVE');
    await expectRefusedWithoutWrites(t, sell({ quantity: 2.5 }), 'QUANTITY_NOT_WHOLE');
    const badProduct = await sell({ quantity: 1, product: 'BTST' })();
    expect(badProduct.body).toMatchObject({ status: 0, code: 'VALIDATION_FAILED' });
  });

  it('refuses the whole sale when a lot it needs is locked; the lots before it can be sold alone', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
    const first = await buy(investor, { quantity: 10, product: 'CNC' });
    t.clock.advance(MINUTE);
    publishPrice(t, 'RELIANCE', 100_005n);
    await setParameter(t, 'position_lock_minutes', 30);
    await buy(investor, { quantity: 10, product: 'CNC' });
    await setParameter(t, 'position_lock_minutes', 0);
    const sell = (quantity: number) => () =>
      t.call('trade/sell', { symbol: 'RELIANCE', product: 'CNC', quantity }, investor.headers);
    await expectRefusedWithoutWrites(t, sell(15), 'LOCKED_MINUTES');
    expect(await detail(investor, first.id)).toMatchObject({ status: 'holding', quantity: 10 });
    const reply = await sell(4)();
    expect(reply.body.data).toMatchObject({ remainingQuantity: 16 });
    expect(await detail(investor, first.id)).toMatchObject({ status: 'holding', quantity: 6 });
  });

  it('refuses selling a lent holding, in part or by symbol', async () => {
    const compliance = await createStaff(t, ['compliance']);
    const enable = await t.call(
      '/api/console/lending/setInstrumentLending',
      { symbol: 'TCS', enabled: true, reason: 'lending test' },
      compliance.headers,
    );
    expect(enable.body.status, JSON.stringify(enable.body)).toBe(1);
    const investor = await createInvestor(t, { cashPaise: CASH });
    publishPrice(t, 'TCS', 300_000n);
    const opened = await buy(investor, { symbol: 'TCS', quantity: 10, product: 'CNC' });
    const lent = await t.call('lending/lend', { positionId: opened.id, termDays: 7 }, investor.headers);
    expect(lent.body.status, JSON.stringify(lent.body)).toBe(1);
    await expectRefusedWithoutWrites(
      t,
      () => t.call('trade/close', { id: opened.id, quantity: 4 }, investor.headers),
      'POSITION_LENT',
    );
    await expectRefusedWithoutWrites(
      t,
      () => t.call('trade/sell', { symbol: 'TCS', product: 'CNC', quantity: 4 }, investor.headers),
      'POSITION_LENT',
    );
  });
});

describe('products on orders', () => {
  it('answers the product of every order, from the product or the older fields', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
    expect(await buy(investor, { product: 'CNC' })).toMatchObject({
      product: 'CNC',
      leverage: 1,
      intraday: false,
    });
    expect(await buy(investor, { leverage: 1 })).toMatchObject({ product: 'CNC' });
    expect(await buy(investor, { leverage: 2 })).toMatchObject({ product: 'MTF', leverage: 2 });
    const mtf = await buy(investor, { product: 'MTF' });
    expect(mtf.product).toBe('MTF');
    expect(mtf.leverage).toBeGreaterThan(1);
  });

  it('refuses a product that contradicts the leverage or intraday sent, and MIS without day trading', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
    const open = (body: Record<string, unknown>) => () =>
      t.call(
        'trade/open',
        { symbol: 'RELIANCE', side: 'long', orderType: 'market', quantity: 10, ...body },
        investor.headers,
      );
    const conflict = await expectRefusedWithoutWrites(
      t,
      open({ product: 'CNC', leverage: 2 }),
      'PRODUCT_CONFLICT',
    );
    expect(conflict.params).toEqual({ product: 'CNC' });
    await expectRefusedWithoutWrites(t, open({ product: 'MTF', leverage: 1 }), 'PRODUCT_CONFLICT');
    await expectRefusedWithoutWrites(t, open({ product: 'MIS', intraday: false }), 'PRODUCT_CONFLICT');
    await expectRefusedWithoutWrites(t, open({ product: 'MIS' }), 'MARGIN_TRADING_NOT_ENABLED');
  });
});

describe('any sequence of buys, partial and whole sells', () => {
  const leverage = fc.constantFrom(1, 2);
  const command = fc.oneof(
    fc.record({ kind: fc.constant('buy' as const), leverage, quantity: fc.integer({ min: 1, max: 20 }) }),
    fc.record({ kind: fc.constant('close' as const), pick: fc.nat() }),
    fc.record({
      kind: fc.constant('partial' as const),
      pick: fc.nat(),
      quantity: fc.integer({ min: 1, max: 25 }),
    }),
    fc.record({
      kind: fc.constant('sell' as const),
      product: fc.constantFrom('CNC' as const, 'MTF' as const),
      quantity: fc.integer({ min: 1, max: 30 }),
    }),
    // Inside the ±10% band around ₹1,000.00, on 5 paise steps.
    fc.record({
      kind: fc.constant('tick' as const),
      price: fc.integer({ min: 18_200, max: 21_800 }).map((steps) => BigInt(steps * 5)),
    }),
  );
  let splitsSeen = 0;
  let soldSeen = 0;
  const LEGAL = new Set(['FUNDS_INSUFFICIENT', 'REPEATED_OPERATION', 'QUANTITY_ABOVE_HOLDING']);

  it('keeps the ledger balanced, the shares bought less sold, and margin, charges and P&L to the paisa', {
    timeout: 240_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 4, maxLength: 15 }), async (commands) => {
        const cashStart = 20_000_000n;
        const investor = await createInvestor(t, { cashPaise: cashStart });
        await tick(t, 'RELIANCE', 100_000n);
        const opened = new Map<string, { marginPaise: bigint; openFeePaise: bigint }>();
        const ids: string[] = [];
        let bought = 0;
        let sold = 0;
        for (const step of commands) {
          if (step.kind === 'tick') {
            await tick(t, 'RELIANCE', step.price);
            continue;
          }
          let reply: Awaited<ReturnType<typeof t.call>>;
          if (step.kind === 'buy') {
            reply = await t.call(
              'trade/open',
              {
                symbol: 'RELIANCE',
                side: 'long',
                orderType: 'market',
                quantity: step.quantity,
                leverage: step.leverage,
              },
              investor.headers,
            );
            if (reply.body.status === 1) {
              const data = reply.body.data;
              ids.push(data.id);
              bought += data.quantity;
              opened.set(data.id, {
                marginPaise: paise(data.originalMargin),
                openFeePaise: paise(data.openFee),
              });
            }
          } else if (step.kind === 'sell') {
            reply = await t.call(
              'trade/sell',
              { symbol: 'RELIANCE', product: step.product, quantity: step.quantity },
              investor.headers,
            );
            if (reply.body.status === 1) sold += reply.body.data.quantity;
          } else {
            // Any of the investor's orders, closed or not (a closed one is refused "do not repeat");
            // a partial close sells part of what it holds now, or more than it holds (refused).
            if (ids.length === 0) continue;
            const id = ids[step.pick % ids.length]!;
            const held = Number(
              (
                await t.db
                  .selectFrom('positions')
                  .select('quantity')
                  .where('id', '=', BigInt(id))
                  .executeTakeFirstOrThrow()
              ).quantity,
            );
            const asked = step.kind === 'partial' ? step.quantity : 0;
            const quantity = asked > 20 || held < 2 ? asked : 1 + (asked % (held - 1));
            reply = await t.call(
              'trade/close',
              step.kind === 'partial' ? { id, quantity } : { id },
              investor.headers,
            );
            if (reply.body.status === 1) sold += reply.body.data.quantity;
          }
          if (reply.body.status !== 1) expect(LEGAL, JSON.stringify(reply.body)).toContain(reply.body.code);
        }
        await t.app.tradingEngine!.idle();

        const rows = await t.db
          .selectFrom('positions')
          .selectAll()
          .where('user_id', '=', investor.id)
          .execute();
        const holding = rows.filter((row) => row.state === 'holding');
        const closed = rows.filter((row) => row.state === 'closed');
        splitsSeen += rows.filter((row) => row.split_from_id !== null).length;
        soldSeen += sold;
        // Shares: what is still held is what was bought less what was sold.
        expect(holding.reduce((sum, row) => sum + Number(row.quantity), 0)).toBe(bought - sold);
        expect(closed.reduce((sum, row) => sum + Number(row.quantity), 0)).toBe(sold);
        // Margin and opening charges: the parts of each order sum to what it paid at opening.
        for (const [id, paid] of opened) {
          const family = rows.filter((row) => String(row.id) === id || String(row.split_from_id) === id);
          expect(family.reduce((sum, row) => sum + row.margin_paise!, 0n)).toBe(paid.marginPaise);
          expect(family.reduce((sum, row) => sum + row.open_fee_paise!, 0n)).toBe(paid.openFeePaise);
        }
        // P&L of each closed part is its own shares' move, exactly.
        for (const row of closed) {
          expect(row.pnl_paise).toBe((row.exit_price_paise! - row.entry_price_paise!) * row.quantity);
        }
        // Money: cash is what was deposited, less every opening, plus every payout; margin what is held.
        const balances = await balancesOf(t, investor.id);
        const paidAtOpening = [...opened.values()].reduce(
          (sum, p) => sum + p.marginPaise + p.openFeePaise,
          0n,
        );
        const payouts = closed.reduce((sum, row) => sum + row.payout_paise!, 0n);
        expect(balances.cash).toBe(cashStart - paidAtOpening + payouts);
        expect(balances.margin ?? 0n).toBe(holding.reduce((sum, row) => sum + row.margin_paise!, 0n));
        expect((await reconcileLedger(t.db, t.clock.now())).problems).toEqual([]);
      }),
      { numRuns: 8 },
    );
    // The runs did split holdings and sell shares, not only refuse.
    expect(splitsSeen).toBeGreaterThan(0);
    expect(soldSeen).toBeGreaterThan(0);
  });
});

// Last: these move the clock forward by days.
describe('MTF interest, posted daily by the sweep', () => {
  const DAY = 86_400_000;
  const interestRows = async (positionId: string) =>
    t.db
      .selectFrom('mtf_interest_charges')
      .selectAll()
      .where('position_id', '=', BigInt(positionId))
      .orderBy('ist_date')
      .execute();
  /** What an entry posted to the house's interest account. */
  const housePostingOf = async (entryKey: string) => {
    const row = await sql<{ amount: string | null }>`
      SELECT sum(p.amount_minor) AS amount FROM postings p
        JOIN ledger_accounts a ON a.id = p.account_id JOIN journal_entries j ON j.id = p.entry_id
       WHERE a.purpose = 'house_interest' AND j.entry_key = ${entryKey}`.execute(t.db);
    return BigInt(row.rows[0]?.amount ?? 0);
  };

  it('charges the funded part each night held, once, on the remainder after a partial sell', async () => {
    const investor = await createInvestor(t, { cashPaise: CASH });
    publishPrice(t, 'RELIANCE', 100_005n);
    const mtf = await buy(investor, { quantity: 10, product: 'MTF', leverage: 2 });
    const cnc = await buy(investor, { quantity: 10, product: 'CNC' });
    const sameDay = await buy(investor, { quantity: 10, product: 'MTF', leverage: 2 });
    expect((await t.call('trade/close', { id: sameDay.id }, investor.headers)).body.status).toBe(1);

    // The same day: nothing is due until the day has ended.
    await sweep(t);
    expect(await interestRows(mtf.id)).toEqual([]);

    // Tuesday 2026-11-24 (an NSE holiday): Monday night is charged; a second sweep charges nothing more.
    t.clock.advance(DAY);
    const cashBefore = (await balancesOf(t, investor.id)).cash!;
    await sweep(t);
    await sweep(t);
    const funded = mtfFundedPaise(100_005n, 10, paise(mtf.originalMargin));
    const interest = mtfInterestForDayPaise(funded, 4);
    expect(interest).toBeGreaterThan(0n);
    const rows = await interestRows(mtf.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      ist_date: '2026-11-23',
      funded_paise: funded,
      interest_bps_per_day: 4,
      interest_paise: interest,
      charged_paise: interest,
      waived_paise: 0n,
    });
    expect((await balancesOf(t, investor.id)).cash).toBe(cashBefore - interest);
    expect(await housePostingOf(`position:${mtf.id}:mtf-interest:2026-11-23`)).toBe(interest);
    // Delivery without leverage and an MTF bought and sold the same day pay no interest.
    expect(await interestRows(cnc.id)).toEqual([]);
    expect(await interestRows(sameDay.id)).toEqual([]);

    // Wednesday: Tuesday night is charged on all 10; then 4 are sold, and Wednesday night the
    // remainder of 6 pays on its own funded part.
    t.clock.advance(DAY);
    await sweep(t);
    publishPrice(t, 'RELIANCE', 100_005n);
    const part = await t.call('trade/close', { id: mtf.id, quantity: 4 }, investor.headers);
    expect(part.body.status, JSON.stringify(part.body)).toBe(1);
    const remainder = await detail(investor, mtf.id);
    t.clock.advance(DAY);
    await sweep(t);
    const next = await interestRows(mtf.id);
    expect(next.map((row) => row.ist_date)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
    expect(next[1]!.funded_paise).toBe(funded);
    const remainderFunded = mtfFundedPaise(100_005n, 6, paise(remainder.originalMargin));
    expect(next[2]!.funded_paise).toBe(remainderFunded);
    expect(next[2]!.interest_paise).toBe(mtfInterestForDayPaise(remainderFunded, 4));
    expect(await interestRows(part.body.data.id)).toEqual([]);
    expect((await reconcileLedger(t.db, t.clock.now())).problems).toEqual([]);
  });

  it('waives what cash cannot cover, never a debt', async () => {
    const investor = await createInvestor(t, { cashPaise: 600_000n });
    publishPrice(t, 'RELIANCE', 100_005n);
    // 10 shares at ₹1,000.05 with leverage 2: about ₹5,000 of the ₹6,000 goes to margin and charges.
    const mtf = await buy(investor, { quantity: 10, product: 'MTF', leverage: 2 });
    const cash = (await balancesOf(t, investor.id)).cash!;
    // A rate of 100% a day: the day's interest is the whole funded part, far above the cash left.
    await setParameter(t, 'mtf_interest_bps_per_day', 10_000);
    t.clock.advance(DAY);
    await sweep(t);
    await setParameter(t, 'mtf_interest_bps_per_day', 4);
    const [row] = await interestRows(mtf.id);
    expect(row!.charged_paise + row!.waived_paise).toBe(row!.interest_paise);
    expect(row!.charged_paise).toBe(cash);
    expect(row!.waived_paise).toBeGreaterThan(0n);
    expect((await balancesOf(t, investor.id)).cash).toBe(0n);
  });
});

// The journal holds one close entry per closed row and no other for a split.
it('every closed row has exactly one close entry', async () => {
  const rows = await sql<{ n: string }>`
    SELECT count(*) AS n FROM positions p
     WHERE p.state = 'closed'
       AND (SELECT count(*) FROM journal_entries j WHERE j.entry_key = 'position:' || p.id || ':close') <> 1`.execute(
    t.db,
  );
  expect(Number(rows.rows[0]!.n)).toBe(0);
});
