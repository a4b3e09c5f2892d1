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
import { settle, sweep } from './trading-helpers.js';

const t = await startTestApp();
const { origin, root } = await listen(t);
await liftKiteRateLimits(t);

const rich = () => createInvestor(t, { cashPaise: 50_00_000_00n });

async function signedIn() {
  const investor = await rich();
  const app = await createApiApp(t, investor);
  const { kc } = await signedInClient(origin, root, app, investor);
  return { investor, kc };
}

const messageKinds = async (userId: bigint) =>
  (
    await t.db
      .selectFrom('messages')
      .select('kind')
      .where('user_id', '=', userId)
      .where('kind', 'like', 'GTT_%')
      .orderBy('id')
      .execute()
  ).map((row) => row.kind);

/** Moves the price on the bus and in the stored quotes, and waits for the engine. */
async function movePrice(symbol: string, pricePaise: bigint) {
  await setPrice(t, symbol, pricePaise, 150_000n);
  await settle(t);
}

describe('GTT through the official client', () => {
  it('a single GTT to buy waits, then places its LIMIT order when the price falls to its trigger', async () => {
    const { investor, kc } = await signedIn();
    await setPrice(t, 'INFY', 150_000n);
    const { trigger_id } = await kc.placeGTT({
      trigger_type: kc.GTT_TYPE_SINGLE,
      tradingsymbol: 'INFY',
      exchange: 'NSE',
      trigger_values: [1450],
      last_price: 1500,
      orders: [{ transaction_type: 'BUY', quantity: 4, product: 'CNC', order_type: 'LIMIT', price: 1452.5 }],
    });
    expect(typeof trigger_id).toBe('number');
    const listed = await kc.getGTTs();
    expect(listed).toEqual([
      expect.objectContaining({
        id: trigger_id,
        type: 'single',
        status: 'active',
        condition: expect.objectContaining({
          tradingsymbol: 'INFY',
          trigger_values: [1450],
          last_price: 1500,
        }),
        orders: [
          expect.objectContaining({
            transaction_type: 'BUY',
            quantity: 4,
            price: 1452.5,
            order_type: 'LIMIT',
            result: null,
          }),
        ],
      }),
    ]);
    const one = await kc.getGTT(trigger_id);
    expect(one.expires_at).toMatch(/^2027-11-2\d \d{2}:\d{2}:\d{2}$/);

    await movePrice('INFY', 146_000n); // above the trigger: nothing
    expect((await kc.getGTT(trigger_id)).status).toBe('active');
    await movePrice('INFY', 145_000n); // at the trigger: fires
    const fired = await kc.getGTT(trigger_id);
    expect(fired.status).toBe('triggered');
    const result = fired.orders[0]!.result as { order_result: { status: string; order_id: string } };
    expect(result.order_result.status).toBe('success');
    // The limit at 1452.50 is marketable at 1450.00: it filled at the feed price, the limit or better.
    const orders = await kc.getOrders();
    expect(orders).toEqual([
      expect.objectContaining({
        order_id: result.order_result.order_id,
        transaction_type: 'BUY',
        status: 'COMPLETE',
        quantity: 4,
        average_price: 1450,
      }),
    ]);
    expect(await messageKinds(investor.id)).toEqual(['GTT_CREATED', 'GTT_TRIGGERED']);
    // A fired GTT neither changes nor goes away.
    expect(await rejectionOf(kc.deleteGTT(trigger_id))).toMatchObject({ error_type: 'OrderException' });
  });

  it('an OCO on a holding sells at the target and the stop-loss leg is gone with it', async () => {
    const { investor, kc } = await signedIn();
    await setPrice(t, 'TCS', 300_000n);
    await kc.placeOrder('regular', {
      exchange: 'NSE',
      tradingsymbol: 'TCS',
      transaction_type: 'BUY',
      quantity: 10,
      product: 'CNC',
      order_type: 'MARKET',
    });
    const leg = (price: number) => ({
      transaction_type: 'SELL' as const,
      quantity: 10,
      product: 'CNC' as const,
      order_type: 'LIMIT' as const,
      price,
    });
    const { trigger_id } = await kc.placeGTT({
      trigger_type: kc.GTT_TYPE_OCO,
      tradingsymbol: 'TCS',
      exchange: 'NSE',
      trigger_values: [2900, 3200],
      last_price: 3000,
      orders: [leg(2895), leg(3200)],
    });
    // Modify: a higher target.
    await kc.modifyGTT(trigger_id, {
      trigger_type: kc.GTT_TYPE_OCO,
      tradingsymbol: 'TCS',
      exchange: 'NSE',
      trigger_values: [2900, 3100],
      last_price: 3000,
      orders: [leg(2895), leg(3100)],
    });
    expect((await kc.getGTT(trigger_id)).condition.trigger_values).toEqual([2900, 3100]);

    await setPrice(t, 'TCS', 310_500n, 300_000n);
    await settle(t);
    const fired = await kc.getGTT(trigger_id);
    expect(fired.status).toBe('triggered');
    expect(fired.orders[0]!.result).toBeNull();
    expect(fired.orders[1]!.result).toMatchObject({ order_result: { status: 'success' } });
    expect(await kc.getHoldings()).toEqual([]);
    const sale = (await kc.getOrders()).find((order) => order.transaction_type === 'SELL')!;
    expect(sale).toMatchObject({ status: 'COMPLETE', quantity: 10, average_price: 3105 });

    // The stop-loss leg went with it: a fall below it sells nothing more.
    await setPrice(t, 'TCS', 280_000n, 300_000n);
    await settle(t);
    expect((await kc.getGTT(trigger_id)).status).toBe('triggered');
    expect((await kc.getOrders()).filter((order) => order.transaction_type === 'SELL')).toHaveLength(1);
    expect(await messageKinds(investor.id)).toEqual(['GTT_CREATED', 'GTT_CREATED', 'GTT_TRIGGERED']);
    await setPrice(t, 'TCS', 300_000n);
  });

  it('refuses an unknown symbol, a trigger on the wrong side, more than a year and an OCO without a holding', async () => {
    const { investor, kc } = await signedIn();
    await setPrice(t, 'INFY', 150_000n);
    const base = {
      tradingsymbol: 'INFY',
      exchange: 'NSE' as const,
      last_price: 1500,
    };
    const buy = {
      transaction_type: 'BUY' as const,
      quantity: 1,
      product: 'CNC' as const,
      order_type: 'LIMIT' as const,
      price: 1400,
    };
    const sell = { ...buy, transaction_type: 'SELL' as const };
    expect(
      await rejectionOf(
        kc.placeGTT({
          ...base,
          tradingsymbol: 'NOSUCH',
          trigger_type: 'single',
          trigger_values: [1400],
          orders: [buy],
        }),
      ),
    ).toMatchObject({ error_type: 'InputException' });
    expect(
      await rejectionOf(
        kc.placeGTT({ ...base, trigger_type: 'single', trigger_values: [1500], orders: [buy] }),
      ),
    ).toMatchObject({ error_type: 'InputException', message: expect.stringContaining('1500.00') });
    expect(
      await rejectionOf(
        kc.placeGTT({ ...base, trigger_type: 'two-leg', trigger_values: [1550, 1600], orders: [sell, sell] }),
      ),
    ).toMatchObject({ error_type: 'InputException' });
    expect(
      await rejectionOf(
        kc.placeGTT({ ...base, trigger_type: 'two-leg', trigger_values: [1400, 1600], orders: [sell, sell] }),
      ),
    ).toMatchObject({ error_type: 'HoldingException' });
    expect(await rejectionOf(kc.getGTT(999_999))).toMatchObject({ error_type: 'InputException' });
    // More than a year: the form's expires_at, past 365 days from now.
    const response = await fetch(`${root}/gtt/triggers`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `token ${(kc as unknown as { api_key: string }).api_key}:${(kc as unknown as { access_token: string }).access_token}`,
        'x-kite-version': '3',
      },
      body: new URLSearchParams({
        type: 'single',
        condition: JSON.stringify({ ...base, trigger_values: [1400] }),
        orders: JSON.stringify([{ ...buy, exchange: 'NSE', tradingsymbol: 'INFY' }]),
        expires_at: '2027-11-30 10:00:00',
      }).toString(),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 'error', error_type: 'InputException' });
    expect(
      await t.db.selectFrom('gtt_triggers').selectAll().where('user_id', '=', investor.id).execute(),
    ).toEqual([]);
  });

  it('the app places, lists and deletes a GTT; an expired one is told to the investor', async () => {
    const investor = await rich();
    await setPrice(t, 'INFY', 150_000n);
    const created = await t.call(
      'gtt/create',
      {
        symbol: 'INFY',
        type: 'single',
        triggers: ['1600.00'],
        orders: [{ transactionType: 'BUY', product: 'CNC', quantity: 2, price: '1601.00' }],
      },
      investor.headers,
    );
    expect(created.body.status, JSON.stringify(created.body)).toBe(1);
    expect(created.body.data).toMatchObject({
      status: 'active',
      triggers: ['1600.00'],
      lastPrice: '1500.00',
    });
    const listed = await t.call('gtt/list', {}, investor.headers);
    expect(listed.body.data.items).toHaveLength(1);
    const deleted = await t.call('gtt/delete', { id: created.body.data.id }, investor.headers);
    expect(deleted.body.data.status).toBe('cancelled');
    const again = await t.call('gtt/delete', { id: created.body.data.id }, investor.headers);
    expect(again.body.code).toBe('GTT_NOT_ACTIVE');

    const soon = await t.call(
      'gtt/create',
      {
        symbol: 'INFY',
        type: 'single',
        triggers: ['1600.00'],
        orders: [{ transactionType: 'BUY', product: 'CNC', quantity: 2, price: '1601.00' }],
        expiresAt: t.clock.now() + 3_600_000,
      },
      investor.headers,
    );
    expect(soon.body.status).toBe(1);
    t.clock.advance(3_700_000);
    await sweep(t);
    const after = await t.call('gtt/list', {}, investor.headers);
    expect(after.body.data.items[0]).toMatchObject({ id: soon.body.data.id, status: 'expired' });
    expect(await messageKinds(investor.id)).toEqual([
      'GTT_CREATED',
      'GTT_CANCELLED',
      'GTT_CREATED',
      'GTT_EXPIRED',
    ]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'gtt')
      .where('target_id', 'in', [created.body.data.id, soon.body.data.id])
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual([
      'user.gtt.created',
      'user.gtt.deleted',
      'user.gtt.created',
      'engine.gtt.expired',
    ]);
    t.clock.set(TRADING_MONDAY_10_00_IST);
  });
});
