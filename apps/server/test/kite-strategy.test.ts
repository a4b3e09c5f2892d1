import { KiteConnect, KiteTicker } from 'kiteconnect';
import { describe, expect, it } from 'vitest';
import { createInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';
import {
  createApiApp,
  KITE_CLIENT_TIMEOUT_MS,
  liftKiteRateLimits,
  listen,
  requestTokenFor,
  setPrice,
} from './kite-fixtures.js';
import { settle } from './trading-helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: the client's order updates are loosely typed.
type OrderUpdate = any;

/** What a strategy is given: its client (not yet signed in), its credentials and the market it trades in. */
export interface StrategyWorld {
  kc: InstanceType<typeof KiteConnect>;
  requestToken: string;
  apiSecret: string;
  /** The ticker's `root` (ws://…/kite/ws). */
  tickerRoot: string;
  /** The simulated market: moves a symbol's price (in rupees) and waits until the server acted on it. */
  movePrice: (symbol: string, rupees: number) => Promise<void>;
}

/** What the strategy saw, for the test (or the paper-mode run) to check. */
export interface StrategyRun {
  userId: string;
  infyToken: number;
  lastPrice: number;
  limitOrderId: string;
  limitStates: string[];
  marketOrderId: string;
  marketFillPrice: number;
  netPositions: Array<{ tradingsymbol: string; product: string; quantity: number }>;
  holdings: Array<{ tradingsymbol: string; quantity: number }>;
  gttId: number;
  gttStatus: string;
  gttOrderId: string;
  orderUpdates: OrderUpdate[];
}

const tick = (rupees: number) => Math.round(rupees * 20) / 20;

/**
 * A strategy written as a Kite user writes it, with nothing but the official client: sign in, find
 * the instrument, read the quote, work a LIMIT order (place, modify, cancel), buy at MARKET, read
 * positions and holdings, protect the holding with a GTT OCO (stop-loss and target), and watch the
 * ticker's order updates while the market moves to the target. It takes the client, so the same
 * strategy runs against the real book here and against a paper account elsewhere.
 */
export async function runKiteStrategy(world: StrategyWorld): Promise<StrategyRun> {
  const { kc } = world;
  const session = await kc.generateSession(world.requestToken, world.apiSecret);
  const instruments = await kc.getInstruments('NSE');
  const infy = instruments.find((row) => row.tradingsymbol === 'INFY' && row.segment === 'NSE');
  if (!infy) throw new Error('INFY is not in the instrument dump');
  const lastPrice = (await kc.getQuote(['NSE:INFY']))['NSE:INFY']!.last_price;

  const ticker = new KiteTicker({
    api_key: session.api_key,
    access_token: session.access_token,
    root: world.tickerRoot,
  } as ConstructorParameters<typeof KiteTicker>[0]);
  ticker.autoReconnect(false, 0, 5);
  const orderUpdates: OrderUpdate[] = [];
  ticker.on('order_update', (order: OrderUpdate) => orderUpdates.push(order));
  await new Promise<void>((resolve) => {
    ticker.on('connect', () => resolve());
    ticker.connect();
  });
  ticker.subscribe([Number(infy.instrument_token)]);

  try {
    const { order_id: limitOrderId } = await kc.placeOrder('regular', {
      exchange: 'NSE',
      tradingsymbol: 'INFY',
      transaction_type: 'BUY',
      quantity: 5,
      product: 'CNC',
      order_type: 'LIMIT',
      price: tick(lastPrice * 0.98),
    });
    await kc.modifyOrder('regular', limitOrderId, { price: tick(lastPrice * 0.97) });
    await kc.cancelOrder('regular', limitOrderId);
    const limitStates = (await kc.getOrderHistory(limitOrderId)).map((state) => state.status);

    const { order_id: marketOrderId } = await kc.placeOrder('regular', {
      exchange: 'NSE',
      tradingsymbol: 'INFY',
      transaction_type: 'BUY',
      quantity: 10,
      product: 'CNC',
      order_type: 'MARKET',
    });
    const marketFillPrice = (await kc.getOrderHistory(marketOrderId)).at(-1)!.average_price;
    const positions = await kc.getPositions();
    const holdings = await kc.getHoldings();

    const sell = (price: number) => ({
      transaction_type: 'SELL' as const,
      quantity: 10,
      product: 'CNC' as const,
      order_type: 'LIMIT' as const,
      price,
    });
    const stopLoss = tick(marketFillPrice * 0.95);
    const target = tick(marketFillPrice * 1.05);
    const { trigger_id: gttId } = await kc.placeGTT({
      trigger_type: kc.GTT_TYPE_OCO,
      exchange: 'NSE',
      tradingsymbol: 'INFY',
      trigger_values: [stopLoss, target],
      last_price: lastPrice,
      orders: [sell(tick(stopLoss * 0.995)), sell(target)],
    });
    // The market moves past the target: the GTT sells the holding and drops the stop-loss.
    await world.movePrice('INFY', tick(target * 1.002));
    let gtt = await kc.getGTT(gttId);
    for (let attempt = 0; attempt < 400 && gtt.status === 'active'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      gtt = await kc.getGTT(gttId);
    }
    const result = gtt.orders[1]?.result as { order_result?: { order_id?: string } } | null;
    const gttOrderId = result?.order_result?.order_id ?? '';
    for (let attempt = 0; attempt < 800; attempt++) {
      if (orderUpdates.some((update) => update.transaction_type === 'SELL')) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return {
      userId: session.user_id,
      infyToken: Number(infy.instrument_token),
      lastPrice,
      limitOrderId,
      limitStates,
      marketOrderId,
      marketFillPrice,
      netPositions: positions.net.map(({ tradingsymbol, product, quantity }) => ({
        tradingsymbol,
        product,
        quantity,
      })),
      holdings: holdings.map(({ tradingsymbol, quantity }) => ({ tradingsymbol, quantity })),
      gttId,
      gttStatus: gtt.status,
      gttOrderId,
      orderUpdates,
    };
  } finally {
    ticker.disconnect();
  }
}

const t = await startTestApp();
const { origin, root } = await listen(t);
await liftKiteRateLimits(t);

describe('a Kite strategy in the real book', () => {
  it('runs unchanged against Nivesh with the official client, and its GTT OCO fires on a move', async () => {
    const investor = await createInvestor(t, { cashPaise: 50_00_000_00n });
    const app = await createApiApp(t, investor);
    await setPrice(t, 'INFY', 150_000n);
    const run = await runKiteStrategy({
      kc: new KiteConnect({ api_key: app.apiKey, root, timeout: KITE_CLIENT_TIMEOUT_MS }),
      requestToken: await requestTokenFor(origin, app, investor),
      apiSecret: app.apiSecret,
      tickerRoot: `${origin.replace('http', 'ws')}/kite/ws`,
      movePrice: async (symbol, rupees) => {
        await setPrice(t, symbol, BigInt(Math.round(rupees * 100)), 150_000n);
        await settle(t);
      },
    });
    expect(run.infyToken & 0xff).toBe(1);
    expect(run.lastPrice).toBe(1500);
    expect(run.limitStates).toEqual(['OPEN', 'MODIFIED', 'CANCELLED']);
    expect(run.marketFillPrice).toBe(1500);
    expect(run.netPositions).toEqual([{ tradingsymbol: 'INFY', product: 'CNC', quantity: 10 }]);
    expect(run.holdings).toEqual([{ tradingsymbol: 'INFY', quantity: 10 }]);
    expect(run.gttStatus).toBe('triggered');
    expect(run.gttOrderId).not.toBe('');
    // The ticker told the strategy of its orders as they changed, the GTT's sale among them.
    expect(run.orderUpdates).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ order_id: run.marketOrderId, status: 'COMPLETE', transaction_type: 'BUY' }),
        expect.objectContaining({ transaction_type: 'SELL', status: 'COMPLETE', quantity: 10 }),
      ]),
    );
    // The holding is sold, nothing is left.
    const positions = await t.db
      .selectFrom('positions')
      .select(['state'])
      .where('user_id', '=', investor.id)
      .where('state', '=', 'holding')
      .execute();
    expect(positions).toEqual([]);
  });
});

describe('the same Kite strategy against a paper app (docs/adr/0026-paper-trading.md)', () => {
  it('runs unchanged in the paper book, and leaves the real account untouched', async () => {
    const investor = await createInvestor(t, { cashPaise: 1_00_000_00n });
    const created = await t.call(
      'apiApps/create',
      { name: 'Paper strategy', redirectUrl: 'https://algo.example/callback', book: 'paper' },
      investor.headers,
    );
    expect(created.body.status, JSON.stringify(created.body)).toBe(1);
    const app = {
      id: created.body.data.app.id as string,
      apiKey: created.body.data.app.apiKey as string,
      apiSecret: created.body.data.apiSecret as string,
    };
    await setPrice(t, 'INFY', 150_000n);
    const run = await runKiteStrategy({
      kc: new KiteConnect({ api_key: app.apiKey, root, timeout: KITE_CLIENT_TIMEOUT_MS }),
      requestToken: await requestTokenFor(origin, app, investor),
      apiSecret: app.apiSecret,
      tickerRoot: `${origin.replace('http', 'ws')}/kite/ws`,
      movePrice: async (symbol, rupees) => {
        await setPrice(t, symbol, BigInt(Math.round(rupees * 100)), 150_000n);
        await settle(t);
      },
    });
    expect(run.limitStates).toEqual(['OPEN', 'MODIFIED', 'CANCELLED']);
    expect(run.netPositions).toEqual([{ tradingsymbol: 'INFY', product: 'CNC', quantity: 10 }]);
    expect(run.holdings).toEqual([{ tradingsymbol: 'INFY', quantity: 10 }]);
    expect(run.gttStatus).toBe('triggered');
    expect(run.orderUpdates).toEqual(
      expect.arrayContaining([expect.objectContaining({ transaction_type: 'SELL', status: 'COMPLETE' })]),
    );
    // Every order was the paper account's: the investor's own book has none.
    const realOrders = await t.db
      .selectFrom('positions')
      .select('id')
      .where('user_id', '=', investor.id)
      .execute();
    expect(realOrders).toEqual([]);
  });
});
