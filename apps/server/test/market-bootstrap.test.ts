import {
  type Candle,
  type CandleAlignment,
  type CandlePeriod,
  computeIndexLevel,
  computeStartingDivisor,
  constituentShares,
  type FeedClock,
  findInstrument,
  type IndexDefinition,
  rollUp,
} from '@nivesh/market';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import type { TickBatch } from '../src/market/market-bus.js';
import { type RunningMarket, type StartMarketInput, startMarket } from '../src/market/start-market.js';
import { seedReferenceData } from '../src/seed/reference-data.js';
import { openTestDatabase, startTestApp, type TestApp, TRADING_MONDAY_10_00_IST } from './harness.js';

/** A feed clock the test beats by hand: time from the app's manual clock, no timers. */
class ManualFeedClock implements FeedClock {
  private run: (() => void) | undefined;
  constructor(private readonly clock: { now(): number }) {}
  now(): number {
    return this.clock.now();
  }
  repeat(_intervalMs: number, run: () => void): () => void {
    this.run = run;
    return () => {
      this.run = undefined;
    };
  }
  beat(): void {
    if (!this.run) throw new Error('the feed is not running');
    this.run();
  }
}

const STOCKS = ['RELIANCE', 'HDFCBANK', 'ICICIBANK'];
const BANKS = ['HDFCBANK', 'ICICIBANK'];
const SYMBOLS = [...STOCKS, 'NIFTY50', 'NIFTYBANK', 'BTCINR'];
const INSTRUMENTS = SYMBOLS.map((symbol) => findInstrument(symbol)!);
/** Small indices over the three stocks, computed like the real ones. */
const TEST_INDICES: IndexDefinition[] = [
  { symbol: 'NIFTY50', name: 'NIFTY 50', exchange: 'NSE', constituents: STOCKS, baseLevel: 25_000 },
  { symbol: 'NIFTYBANK', name: 'NIFTY BANK', exchange: 'NSE', constituents: BANKS, baseLevel: 55_000 },
];
/** 120 days of days, 3 NSE trading days (Thu 19, Fri 20, Mon 23 Nov 2026) and 2 crypto days of minutes. */
const HISTORY = { nseDays: 120, alwaysDays: 120, nseMinuteDays: 3, alwaysMinuteDays: 2 };
const MINUTE_MS = 60_000;
/** Saturday 2026-11-28 10:00 IST. */
const SATURDAY_10_00_IST = Date.UTC(2026, 10, 28, 4, 30);

async function readCandles(db: Db, symbol: string, period: CandlePeriod): Promise<Candle[]> {
  const rows = await db
    .selectFrom('candles')
    .selectAll()
    .where('symbol', '=', symbol)
    .where('period', '=', period)
    .orderBy('bucket_start_ms')
    .execute();
  return rows.map((row) => ({
    symbol: row.symbol,
    period: row.period,
    startMs: Number(row.bucket_start_ms),
    openPaise: row.open_paise,
    highPaise: row.high_paise,
    lowPaise: row.low_paise,
    closePaise: row.close_paise,
    volume: Number(row.volume),
  }));
}

async function readQuote(db: Db, symbol: string) {
  return db.selectFrom('quotes').selectAll().where('symbol', '=', symbol).executeTakeFirstOrThrow();
}

async function countsByPeriod(db: Db, symbol: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('candles')
    .select(['period', (eb) => eb.fn.countAll<string>().as('count')])
    .where('symbol', '=', symbol)
    .groupBy('period')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.period, Number(row.count)]));
}

function indexLevelOf(definition: IndexDefinition, prices: Map<string, bigint>): bigint {
  return computeIndexLevel(prices, constituentShares(definition), computeStartingDivisor(definition));
}

describe('the simulated market on a first start, live, and after a restart', () => {
  let t: TestApp;
  let feedClock: ManualFeedClock;
  let market: RunningMarket;
  const batches: TickBatch[] = [];

  const start = (overrides: Partial<StartMarketInput> = {}) =>
    startMarket({
      db: t.db,
      config: t.config,
      clock: t.clock,
      log: t.app.log,
      instruments: INSTRUMENTS,
      indices: TEST_INDICES,
      history: HISTORY,
      feedClock,
      ...overrides,
    });

  beforeAll(async () => {
    t = await startTestApp({ feed: 'simulator' });
    feedClock = new ManualFeedClock(t.clock);
    market = await start();
    market.bus.onTicks((batch) => batches.push(batch));
  });
  afterAll(async () => {
    await market?.stop();
  });

  it('back-fills every period for each symbol, up to the last whole minute before now', async () => {
    expect(market.description).toMatch(/^simulator \(seed nivesh, 6 symbols, every price simulated/);
    expect(market.backfill?.symbols).toBe(6);
    // 10:00 IST: Thursday and Friday whole (375 minutes each) and today 09:15 to 09:59 (45).
    for (const symbol of [...STOCKS, 'NIFTY50', 'NIFTYBANK']) {
      expect(await countsByPeriod(t.db, symbol)).toMatchObject({
        '1m': 2 * 375 + 45,
        '5m': 2 * 75 + 9,
        '15m': 2 * 25 + 3,
        '30m': 2 * 13 + 2, // 09:15, 09:45, …, 15:15 (a short last one); today 09:15 and 09:45
        '1d': 120,
      });
    }
    // Crypto: Sunday whole (1,440 minutes) and today 00:00 to 09:59 IST (600).
    expect(await countsByPeriod(t.db, 'BTCINR')).toMatchObject({
      '1m': 1440 + 600,
      '5m': 288 + 120,
      '15m': 96 + 40,
      '30m': 48 + 20,
      '1d': 120,
    });
    const reliance1m = await readCandles(t.db, 'RELIANCE', '1m');
    expect(reliance1m.at(-1)!.startMs).toBe(TRADING_MONDAY_10_00_IST - MINUTE_MS);
  });

  it('stores coarser periods rolled up from the finer ones, so the periods agree', async () => {
    const cases: [string, CandleAlignment][] = [
      ['RELIANCE', 'nse-session'],
      ['NIFTY50', 'nse-session'],
      ['BTCINR', 'clock'],
    ];
    for (const [symbol, alignment] of cases) {
      const minutes = await readCandles(t.db, symbol, '1m');
      const days = await readCandles(t.db, symbol, '1d');
      for (const period of ['5m', '15m', '30m'] as const) {
        expect(await readCandles(t.db, symbol, period)).toEqual(rollUp(minutes, period, alignment));
      }
      // The days that have minutes are their minutes rolled up (today's so far included).
      const minuteDays = rollUp(minutes, '1d', alignment);
      expect(days.slice(-minuteDays.length)).toEqual(minuteDays);
      expect(await readCandles(t.db, symbol, '1w')).toEqual(rollUp(days, '1w'));
      expect(await readCandles(t.db, symbol, '1M')).toEqual(rollUp(days, '1M'));
    }
  });

  it('seeds quotes that continue the history: the last daily close is the price', async () => {
    for (const symbol of SYMBOLS) {
      const days = await readCandles(t.db, symbol, '1d');
      const quote = await readQuote(t.db, symbol);
      expect(quote.price_paise).toBe(days.at(-1)!.closePaise);
      expect(quote.previous_close_paise).toBe(days.at(-2)!.closePaise);
      expect(quote.open_paise).toBe(days.at(-1)!.openPaise);
      expect(quote.simulated).toBe(true);
      expect(Number(quote.tick_at_ms)).toBe(TRADING_MONDAY_10_00_IST);
    }
    // Each index is exactly its constituents' level, as the live simulator will compute it.
    const prices = new Map<string, bigint>();
    for (const symbol of STOCKS) prices.set(symbol, (await readQuote(t.db, symbol)).price_paise);
    for (const definition of TEST_INDICES) {
      expect((await readQuote(t.db, definition.symbol)).price_paise).toBe(indexLevelOf(definition, prices));
    }
  });

  it('serves the indices (labelled simulated) and 100-point klines from the stored candles', async () => {
    const zhishu = await t.call('parameter/zhishu', { type: 'inr' });
    expect(zhishu.body.status).toBe(1);
    expect(zhishu.body.data.map((row: { symbol: string }) => row.symbol)).toEqual(['NIFTY50', 'NIFTYBANK']);
    for (const row of zhishu.body.data) {
      expect(row.simulated).toBe(true);
      const quote = await readQuote(t.db, row.symbol);
      expect(row.price).toBe((Number(quote.price_paise) / 100).toFixed(2));
    }
    for (const klineType of [1, 5, 'D']) {
      const kline = await t.call('trade/kline', { symbol: 'RELIANCE', kline_type: klineType });
      expect(kline.body.status).toBe(1);
      expect(kline.body.data).toHaveLength(100);
    }
    const btc = await t.call('trade/kline', { symbol: 'BTCINR', kline_type: 1 });
    expect(btc.body.data).toHaveLength(100);
    const btcQuote = await readQuote(t.db, 'BTCINR');
    expect(btc.body.data.at(-1).close).toBe(Number(btcQuote.price_paise) / 100);
  });

  it('moves quotes and the current candles on each beat of the feed, and publishes each batch', async () => {
    const dayBefore = (await readCandles(t.db, 'RELIANCE', '1d')).at(-1)!;
    const volumeBefore = (await readQuote(t.db, 'RELIANCE')).volume;
    const btcPrices = new Set<bigint>();
    for (let second = 1; second <= 5; second++) {
      t.clock.set(TRADING_MONDAY_10_00_IST + second * 1000);
      feedClock.beat();
      await market.flush();
      btcPrices.add((await readQuote(t.db, 'BTCINR')).price_paise);
    }
    expect(batches).toHaveLength(5);
    expect(batches.every((batch) => batch.ticks.length === SYMBOLS.length)).toBe(true);
    expect(btcPrices.size).toBeGreaterThan(1);

    const nowMs = t.clock.now();
    const quote = await readQuote(t.db, 'RELIANCE');
    expect(Number(quote.tick_at_ms)).toBe(nowMs);
    expect(quote.simulated).toBe(true);
    expect(quote.volume).toBeGreaterThan(volumeBefore);
    expect(batches.at(-1)!.quotes.find((live) => live.symbol === 'RELIANCE')!.pricePaise).toBe(
      quote.price_paise,
    );

    // The 10:00 minute opened; today's daily candle went on from the back-filled one.
    const minute = (await readCandles(t.db, 'RELIANCE', '1m')).at(-1)!;
    expect(minute.startMs).toBe(TRADING_MONDAY_10_00_IST);
    expect(minute.closePaise).toBe(quote.price_paise);
    const day = (await readCandles(t.db, 'RELIANCE', '1d')).at(-1)!;
    expect(day.startMs).toBe(dayBefore.startMs);
    expect(day.openPaise).toBe(dayBefore.openPaise);
    expect(day.closePaise).toBe(quote.price_paise);
    expect(day.volume).toBeGreaterThan(dayBefore.volume);
    const thirtyMinutes = (await readCandles(t.db, 'RELIANCE', '30m')).at(-1)!;
    expect(thirtyMinutes.startMs).toBe(TRADING_MONDAY_10_00_IST - 15 * MINUTE_MS); // 09:45
    expect(thirtyMinutes.closePaise).toBe(quote.price_paise);

    // The indices follow their constituents tick by tick.
    const prices = new Map<string, bigint>();
    for (const symbol of STOCKS) prices.set(symbol, (await readQuote(t.db, symbol)).price_paise);
    for (const definition of TEST_INDICES) {
      const indexQuote = await readQuote(t.db, definition.symbol);
      expect(indexQuote.price_paise).toBe(indexLevelOf(definition, prices));
      expect(Number(indexQuote.tick_at_ms)).toBe(nowMs);
    }
  });

  it('keeps NSE instruments still outside the session while crypto moves', async () => {
    const before = new Map<string, bigint>();
    for (const symbol of SYMBOLS) before.set(symbol, (await readQuote(t.db, symbol)).tick_at_ms);
    t.clock.set(SATURDAY_10_00_IST);
    feedClock.beat();
    await market.flush();
    for (const symbol of [...STOCKS, 'NIFTY50', 'NIFTYBANK']) {
      expect((await readQuote(t.db, symbol)).tick_at_ms).toBe(before.get(symbol));
    }
    const btc = await readQuote(t.db, 'BTCINR');
    expect(Number(btc.tick_at_ms)).toBe(SATURDAY_10_00_IST);
    // A new IST day: yesterday's last price is the previous close, and the session starts afresh.
    expect(btc.open_paise).toBe(btc.price_paise);
    expect(batches.at(-1)!.ticks.map((tick) => tick.symbol)).toEqual(['BTCINR']);
  });

  it('does not back-fill again on a restart, and goes on with the stored candles', async () => {
    const minuteBefore = (await readCandles(t.db, 'BTCINR', '1m')).at(-1)!;
    const minuteCount = (await countsByPeriod(t.db, 'BTCINR'))['1m'];
    await market.stop();
    market = await start();
    market.bus.onTicks((batch) => batches.push(batch));
    expect(market.backfill).toBeUndefined();
    expect(market.description).not.toContain('history made');

    t.clock.set(SATURDAY_10_00_IST + 2000); // the same minute
    feedClock.beat();
    await market.flush();
    const minute = (await readCandles(t.db, 'BTCINR', '1m')).at(-1)!;
    expect((await countsByPeriod(t.db, 'BTCINR'))['1m']).toBe(minuteCount);
    expect(minute.startMs).toBe(minuteBefore.startMs);
    expect(minute.openPaise).toBe(minuteBefore.openPaise);
    expect(minute.closePaise).toBe((await readQuote(t.db, 'BTCINR')).price_paise);
  });

  it('opens NSE instruments at any hour with the demo session switch, and says so', async () => {
    await market.stop();
    market = await start({ config: { ...t.config, demoSession: true } });
    expect(market.description).toContain('DEMO SESSION ON');
    const before = await readQuote(t.db, 'RELIANCE');
    t.clock.set(SATURDAY_10_00_IST + 3000);
    feedClock.beat();
    await market.flush();
    const after = await readQuote(t.db, 'RELIANCE');
    expect(Number(after.tick_at_ms)).toBe(SATURDAY_10_00_IST + 3000);
    // Saturday is a new session for RELIANCE, whose last price (Monday's) is its previous close.
    expect(after.previous_close_paise).toBe(before.price_paise);
    const nifty = await readQuote(t.db, 'NIFTY50');
    expect(Number(nifty.tick_at_ms)).toBe(SATURDAY_10_00_IST + 3000);
  });

  it('starts nothing with NIVESH_FEED=none', async () => {
    const none = await start({ config: { ...t.config, feed: 'none' } });
    expect(none.description).toMatch(/^none/);
    expect(none.backfill).toBeUndefined();
    await none.stop();
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the back-fill on PGlite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ feed: 'simulator' });
  });

  it('stores with COPY exactly what the INSERT path stores', async () => {
    const handle = await openTestDatabase();
    try {
      await seedReferenceData(handle.db);
      expect(handle.pglite).toBeDefined();
      const common = {
        config: t.config,
        clock: t.clock,
        log: t.app.log,
        instruments: INSTRUMENTS,
        indices: TEST_INDICES,
        history: { ...HISTORY, nseDays: 30, alwaysDays: 30 },
        feedClock: new ManualFeedClock(t.clock),
      };
      const viaInsert = await startMarket({ ...common, db: t.db });
      const viaCopy = await startMarket({ ...common, db: handle.db, pglite: handle.pglite });
      await viaInsert.stop();
      await viaCopy.stop();
      expect(viaCopy.backfill?.rows).toBe(viaInsert.backfill?.rows);
      for (const symbol of ['RELIANCE', 'NIFTY50', 'BTCINR']) {
        for (const period of ['1m', '30m', '1d', '1M'] as const) {
          expect(await readCandles(handle.db, symbol, period)).toEqual(
            await readCandles(t.db, symbol, period),
          );
        }
        expect(await readQuote(handle.db, symbol)).toEqual(await readQuote(t.db, symbol));
      }
    } finally {
      await handle.close();
    }
  });
});
