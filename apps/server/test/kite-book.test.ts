import { KiteConnect } from 'kiteconnect';
import { describe, expect, it } from 'vitest';
import { createInvestor } from './fixtures.js';
import { startTestApp, TRADING_MONDAY_10_00_IST } from './harness.js';
import {
  createApiApp,
  liftKiteRateLimits,
  listen,
  rejectionOf,
  setPrice,
  signedInClient,
} from './kite-fixtures.js';
import { balancesOf, sweep } from './trading-helpers.js';

const t = await startTestApp();
const { origin, root } = await listen(t);
await liftKiteRateLimits(t);

const rich = () => createInvestor(t, { cashPaise: 50_00_000_00n });
const paise = (rupees: number) => BigInt(Math.round(rupees * 100));

describe('basket margins are summed in paise', () => {
  it('adds every order margin and charge component exactly, and makes rupees once', async () => {
    const investor = await rich();
    const app = await createApiApp(t, investor);
    await setPrice(t, 'RELIANCE', 143_010n);
    await setPrice(t, 'INFY', 150_005n);
    const { kc } = await signedInClient(origin, root, app, investor);
    const order = (tradingsymbol: string, quantity: number, price: number) => ({
      exchange: 'NSE' as const,
      tradingsymbol,
      transaction_type: 'BUY' as const,
      variety: 'regular' as const,
      product: 'CNC' as const,
      order_type: 'LIMIT' as const,
      quantity,
      price,
      trigger_price: 0,
    });
    const orders = [order('RELIANCE', 7, 1430.1), order('INFY', 3, 1500.05), order('RELIANCE', 1, 1430.15)];
    const basket = await kc.orderBasketMargins(orders);
    const single = await kc.orderMargins(orders);
    const sumPaise = (pick: (margin: (typeof single)[number]) => number) =>
      single.reduce((total, margin) => total + paise(pick(margin)), 0n);
    expect(paise(basket.initial.total)).toBe(sumPaise((m) => m.total));
    expect(paise(basket.initial.var)).toBe(sumPaise((m) => m.var));
    // Every component is the sum of the orders' components, not the first order's.
    for (const pick of [
      (m: (typeof single)[number]) => m.charges.total,
      (m: (typeof single)[number]) => m.charges.brokerage,
      (m: (typeof single)[number]) => m.charges.transaction_tax,
      (m: (typeof single)[number]) => m.charges.stamp_duty,
      (m: (typeof single)[number]) => m.charges.exchange_turnover_charge,
      (m: (typeof single)[number]) => m.charges.gst.total,
    ])
      expect(paise(pick(basket.initial as never))).toBe(sumPaise(pick));
    expect(basket.initial.total).toBe(Number((7 * 1430.1 + 3 * 1500.05 + 1430.15).toFixed(2)));
    expect(basket.orders).toEqual(single);
  });
});

describe('after-market orders (variety amo)', () => {
  it('waits while the market is closed, can be modified or cancelled, and is placed at the next open', async () => {
    const investor = await rich();
    const app = await createApiApp(t, investor);
    await setPrice(t, 'INFY', 150_000n);
    let { kc } = await signedInClient(origin, root, app, investor);
    const order = {
      exchange: 'NSE' as const,
      tradingsymbol: 'INFY',
      transaction_type: 'BUY' as const,
      quantity: 3,
      product: 'CNC' as const,
      order_type: 'LIMIT' as const,
      price: 1490,
    };
    // During the session an AMO is refused: a regular order is the one to place.
    expect(await rejectionOf(kc.placeOrder('amo', order))).toMatchObject({ error_type: 'InputException' });

    t.clock.set(TRADING_MONDAY_10_00_IST + 6 * 3_600_000); // 16:00 IST, after the close
    const { order_id: amoId } = await kc.placeOrder('amo', order);
    const { order_id: cancelledId } = await kc.placeOrder('amo', {
      ...order,
      order_type: 'MARKET',
      price: 0,
    });
    expect(await kc.getOrders()).toEqual([
      expect.objectContaining({ order_id: amoId, variety: 'amo', status: 'AMO REQ RECEIVED', price: 1490 }),
      expect.objectContaining({ order_id: cancelledId, variety: 'amo', status: 'AMO REQ RECEIVED' }),
    ]);
    await kc.modifyOrder('amo', amoId, { price: 1495.5, quantity: 4 });
    await kc.cancelOrder('amo', cancelledId);
    expect(await rejectionOf(kc.cancelOrder('amo', cancelledId))).toMatchObject({
      error_type: 'OrderException',
    });
    const waiting = await kc.getOrderHistory(amoId);
    expect(waiting.at(-1)).toMatchObject({ status: 'AMO REQ RECEIVED', price: 1495.5, quantity: 4 });
    // Nothing is placed, and nothing held, before the open.
    await sweep(t);
    expect((await balancesOf(t, investor.id)).order_hold ?? 0n).toBe(0n);

    // The next session's open by the NSE calendar (a holiday is skipped), a minute in.
    const { release_at } = await t.db
      .selectFrom('after_market_orders')
      .select('release_at')
      .where('user_id', '=', investor.id)
      .executeTakeFirstOrThrow();
    expect(release_at.getTime()).toBeGreaterThan(TRADING_MONDAY_10_00_IST + 17 * 3_600_000);
    t.clock.set(release_at.getTime() + 60_000);
    await setPrice(t, 'INFY', 150_000n);
    await sweep(t);
    // Kite's access tokens end at 06:00 IST the next day: the strategy signs in again in the morning.
    ({ kc } = await signedInClient(origin, root, app, investor));
    const book = await kc.getOrders();
    const placed = book.find((entry) => entry.variety === 'regular' && entry.tradingsymbol === 'INFY')!;
    expect(placed).toMatchObject({ status: 'OPEN', quantity: 4, price: 1495.5, transaction_type: 'BUY' });
    // Yesterday's cancelled AMO has left the day's book; its history still tells it.
    expect(book.find((entry) => entry.order_id === cancelledId)).toBeUndefined();
    expect((await kc.getOrderHistory(cancelledId)).at(-1)).toMatchObject({ status: 'CANCELLED' });
    // The AMO's id now names the order it became.
    expect((await kc.getOrderHistory(amoId)).at(-1)).toMatchObject({
      order_id: placed.order_id,
      status: 'OPEN',
    });
    expect(await rejectionOf(kc.modifyOrder('amo', cancelledId, { price: 1480 }))).toMatchObject({
      error_type: 'OrderException',
    });
    const kinds = await t.db
      .selectFrom('messages')
      .select('kind')
      .where('user_id', '=', investor.id)
      .where('kind', 'like', 'AMO_%')
      .execute();
    expect(kinds.map((row) => row.kind)).toEqual(['AMO_RELEASED']);
    await kc.cancelOrder('regular', placed.order_id);
    t.clock.set(TRADING_MONDAY_10_00_IST);
  });
});

describe('the Kite transport answers in its own envelope', () => {
  it('an unknown route under /kite is a 404 GeneralException', async () => {
    for (const [method, url] of [
      ['GET', '/no/such/route'],
      ['POST', '/orders/regular/1/extra'],
      ['DELETE', '/gtt'],
    ] as const) {
      const response = await fetch(`${root}${url}`, { method });
      expect(response.status, url).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toEqual({
        status: 'error',
        message: expect.any(String),
        error_type: 'GeneralException',
        data: null,
      });
    }
    const kc = new KiteConnect({ api_key: 'k', root: `${root}/nothing-here` });
    expect(await rejectionOf(kc.getProfile())).toMatchObject({ error_type: 'GeneralException' });
  });
});

describe('converting a position (convertPosition)', () => {
  it('moves an intraday long to delivery and back, the margin change in one balanced entry each way', async () => {
    const investor = await rich();
    await t.db
      .updateTable('users')
      .set({ day_trading_status: 'approved' })
      .where('id', '=', investor.id)
      .execute();
    const app = await createApiApp(t, investor);
    await setPrice(t, 'INFY', 150_000n);
    const { kc } = await signedInClient(origin, root, app, investor);
    await kc.placeOrder('regular', {
      exchange: 'NSE',
      tradingsymbol: 'INFY',
      transaction_type: 'BUY',
      quantity: 10,
      product: 'MIS',
      order_type: 'MARKET',
    });
    const before = await balancesOf(t, investor.id);
    const convert = (quantity: number, from: 'MIS' | 'CNC' | 'MTF', to: 'MIS' | 'CNC' | 'MTF') =>
      kc.convertPosition({
        exchange: 'NSE',
        tradingsymbol: 'INFY',
        transaction_type: 'BUY',
        position_type: 'day',
        quantity,
        // The client's types name no MTF; the server refuses it in Kite's envelope.
        old_product: from as 'CNC',
        new_product: to as 'CNC',
      });
    // Refusals first, each in Kite's envelope, and none writes.
    expect(await rejectionOf(convert(4, 'MIS', 'CNC'))).toMatchObject({
      error_type: 'InputException',
      message: expect.stringContaining('10'),
    });
    expect(await rejectionOf(convert(10, 'MIS', 'MTF'))).toMatchObject({ error_type: 'InputException' });
    expect(await rejectionOf(convert(10, 'CNC', 'MIS'))).toMatchObject({ error_type: 'InputException' });
    expect(await balancesOf(t, investor.id)).toEqual(before);

    expect(await convert(10, 'MIS', 'CNC')).toBe(true);
    const delivery = await balancesOf(t, investor.id);
    // The full value (₹15,000.00) is now margin: the cash paid the rest of it.
    expect(delivery.margin).toBe(1_500_000n);
    expect(delivery.cash! + delivery.margin!).toBe(before.cash! + before.margin!);
    expect((await kc.getPositions()).net).toEqual([
      expect.objectContaining({ product: 'CNC', quantity: 10 }),
    ]);

    expect(await convert(10, 'CNC', 'MIS')).toBe(true);
    expect(await balancesOf(t, investor.id)).toEqual(before);
    const { id: positionId } = await t.db
      .selectFrom('positions')
      .select('id')
      .where('user_id', '=', investor.id)
      .executeTakeFirstOrThrow();
    const entries = await t.db
      .selectFrom('journal_entries')
      .select(['kind', 'entry_key'])
      .where('entry_key', 'like', `position:${positionId}:convert:%`)
      .execute();
    expect(entries.map((entry) => entry.kind)).toEqual(['trade_margin_convert', 'trade_margin_convert']);
  });

  it('refuses a short as delivery and an investor without a position', async () => {
    const investor = await rich();
    const app = await createApiApp(t, investor);
    await setPrice(t, 'INFY', 150_000n);
    const { kc } = await signedInClient(origin, root, app, investor);
    const refusal = await rejectionOf(
      kc.convertPosition({
        exchange: 'NSE',
        tradingsymbol: 'INFY',
        transaction_type: 'SELL',
        position_type: 'day',
        quantity: 1,
        old_product: 'MIS',
        new_product: 'CNC',
      }),
    );
    expect(refusal).toMatchObject({ error_type: 'InputException' });
  });
});
