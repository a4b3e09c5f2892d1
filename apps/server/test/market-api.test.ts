import { istMidnightMs, istTimeMs } from '@nivesh/market';
import { describe, expect, it } from 'vitest';
import { startTestApp } from './harness.js';

const t = await startTestApp();
await t.db
  .insertInto('invitation_codes')
  .values({ code: 'MARKET01', owner_user_id: null, note: null })
  .execute();

const DAY_MS = 24 * 60 * 60 * 1000;
const TODAY_MIDNIGHT_MS = istMidnightMs('2026-11-23');

async function investor() {
  const phone = `97${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const reply = await t.call('user/register', {
    account: phone,
    password: 'Market1234',
    confirmPassword: 'Market1234',
    inviteCode: 'MARKET01',
    agree: true,
  });
  return { token: reply.body.data.token as string, account: phone };
}

async function setQuote(
  symbol: string,
  pricePaise: bigint,
  previousClosePaise: bigint,
  extra: { volume?: bigint; turnoverPaise?: bigint } = {},
) {
  const row = {
    symbol,
    price_paise: pricePaise,
    previous_close_paise: previousClosePaise,
    open_paise: previousClosePaise,
    high_paise: pricePaise > previousClosePaise ? pricePaise : previousClosePaise,
    low_paise: pricePaise < previousClosePaise ? pricePaise : previousClosePaise,
    volume: extra.volume ?? 1_000n,
    turnover_paise: extra.turnoverPaise ?? 1_000n * pricePaise,
    tick_at_ms: BigInt(t.clock.now()),
    simulated: true,
  };
  await t.db
    .insertInto('quotes')
    .values(row)
    .onConflict((conflict) => conflict.column('symbol').doUpdateSet(row))
    .execute();
}

interface CandleInput {
  startMs: number;
  closePaise: bigint;
  highPaise?: bigint;
  lowPaise?: bigint;
  volume?: bigint;
}

async function insertCandles(symbol: string, period: '1m' | '5m' | '1d', candles: CandleInput[]) {
  await t.db
    .insertInto('candles')
    .values(
      candles.map((candle) => ({
        symbol,
        period,
        bucket_start_ms: BigInt(candle.startMs),
        open_paise: candle.closePaise,
        high_paise: candle.highPaise ?? candle.closePaise,
        low_paise: candle.lowPaise ?? candle.closePaise,
        close_paise: candle.closePaise,
        volume: candle.volume ?? 100n,
      })),
    )
    .execute();
}

// TCS: 400 days of daily candles, a spike 300 days ago (inside 52 weeks) and a higher one 380 days ago.
await insertCandles(
  'TCS',
  '1d',
  Array.from({ length: 400 }, (_, index) => {
    const daysAgo = index + 1;
    const highPaise = daysAgo === 300 ? 450_000n : daysAgo === 380 ? 990_000n : 360_000n;
    const lowPaise = daysAgo === 200 ? 280_000n : 340_000n;
    return { startMs: TODAY_MIDNIGHT_MS - daysAgo * DAY_MS, closePaise: 350_000n, highPaise, lowPaise };
  }),
);
// TCS minute candles: five on Friday, ten this Monday morning, and three 5-minute candles.
const FRIDAY_09_15 = istTimeMs('2026-11-20', 9, 15);
const MONDAY_09_15 = istTimeMs('2026-11-23', 9, 15);
await insertCandles(
  'TCS',
  '1m',
  [
    ...Array.from({ length: 5 }, (_, index) => FRIDAY_09_15 + index * 60_000),
    ...Array.from({ length: 10 }, (_, index) => MONDAY_09_15 + index * 60_000),
  ].map((startMs, index) => ({ startMs, closePaise: 350_000n + BigInt(index) * 5n })),
);
await insertCandles(
  'TCS',
  '5m',
  [0, 1, 2].map((index) => ({ startMs: MONDAY_09_15 + index * 300_000, closePaise: 351_000n })),
);

describe('quote', () => {
  it('gives the stock’s fields, a market cap from shares outstanding, and leaves unknowable ones out', async () => {
    await setQuote('TCS', 352_050n, 350_000n, { volume: 12_345n, turnoverPaise: 4_346_057_250n });
    const reply = await t.call('market/quote', { symbol: 'tcs' });
    expect(reply.http).toBe(200);
    const data = reply.body.data;
    const instrument = await t.db
      .selectFrom('instruments')
      .select(['shares_outstanding', 'sector'])
      .where('symbol', '=', 'TCS')
      .executeTakeFirstOrThrow();
    expect(data).toMatchObject({
      symbol: 'TCS',
      code: 'TCS',
      exchange: 'NSE',
      segment: 'listed',
      industry: instrument.sector,
      price: '3520.50',
      change: '20.50',
      changeRate: 0.59,
      open: '3500.00',
      previousClose: '3500.00',
      high: '3520.50',
      low: '3500.00',
      volume: 12_345,
      turnover: '43460572.50',
      tickSize: '0.05',
      lotSize: 1,
      leverages: [1, 2, 5],
      shortable: true,
      tradable: true,
      simulated: true,
      time: t.clock.now(),
    });
    const shares = instrument.shares_outstanding!;
    expect(data.shareCount).toBe(Number(shares));
    expect(data.marketCap).toBe(
      `${(352_050n * shares) / 100n}.${String((352_050n * shares) % 100n).padStart(2, '0')}`,
    );
    for (const unknowable of [
      'foreignOwnership',
      'shortSelling',
      'investorTrend',
      'assets',
      'debt',
      'sales',
    ]) {
      expect(data).not.toHaveProperty(unknowable);
    }
  });

  it('takes the 52-week high and low from the daily candles of the last 52 weeks only', async () => {
    const data = (await t.call('market/quote', { symbol: 'TCS' })).body.data;
    expect(data.week52High).toBe('4500.00');
    expect(data.week52Low).toBe('2800.00');
  });

  it('rounds the price band inward to the tick', async () => {
    // Previous close 1,001.05 ± 10%: 900.945 rounds up to 900.95, 1,101.155 down to 1,101.15.
    await setQuote('INFY', 100_500n, 100_105n);
    const data = (await t.call('market/quote', { symbol: 'INFY' })).body.data;
    expect(data.priceBand).toEqual({ lower: '900.95', upper: '1101.15' });
  });

  it('refuses an unknown symbol with its code', async () => {
    const reply = await t.call('market/quote', { symbol: 'NOSUCH' });
    expect(reply.body).toMatchObject({
      status: 0,
      code: 'INSTRUMENT_NOT_FOUND',
      params: { symbol: 'NOSUCH' },
    });
  });
});

describe('last prices and depth', () => {
  it('gives the last price of every known symbol asked for and omits unknown ones', async () => {
    await setQuote('RELIANCE', 130_000n, 131_300n);
    await setQuote('TCS', 352_050n, 350_000n);
    const reply = await t.call('market/lastPrices', { symbols: ['reliance', 'NOSUCH', 'TCS'] });
    expect(reply.body.data).toEqual([
      {
        symbol: 'RELIANCE',
        price: '1300.00',
        change: '-13.00',
        changeRate: -0.99,
        time: t.clock.now(),
        simulated: true,
        source: 'simulated',
      },
      expect.objectContaining({ symbol: 'TCS', price: '3520.50' }),
    ]);
    const tooMany = await t.call('market/lastPrices', { symbols: Array.from({ length: 201 }, () => 'TCS') });
    expect(tooMany.http).toBe(400);
  });

  it('shows five simulated levels a side, one tick apart, the same for the same quote', async () => {
    await setQuote('TCS', 352_050n, 350_000n);
    const first = (await t.call('market/depth', { symbol: 'TCS' })).body.data;
    expect(first.simulated).toBe(true);
    expect(first.bids.map((level: { price: string }) => level.price)).toEqual([
      '3520.45',
      '3520.40',
      '3520.35',
      '3520.30',
      '3520.25',
    ]);
    expect(first.asks.map((level: { price: string }) => level.price)).toEqual([
      '3520.55',
      '3520.60',
      '3520.65',
      '3520.70',
      '3520.75',
    ]);
    for (const level of [...first.bids, ...first.asks]) expect(level.quantity).toBeGreaterThan(0);
    const again = (await t.call('market/depth', { symbol: 'TCS' })).body.data;
    expect(again).toEqual(first);
  });
});

describe('candles', () => {
  it('reads each period oldest first, with a limit and a before cursor', async () => {
    const minutes = (await t.call('market/candles', { symbol: 'TCS', period: '1m' })).body.data;
    expect(minutes).toMatchObject({ symbol: 'TCS', period: '1m', adjustment: 'none' });
    expect(minutes.candles).toHaveLength(15);
    expect(minutes.candles[0]).toEqual({
      time: FRIDAY_09_15,
      open: 3500,
      high: 3500,
      low: 3500,
      close: 3500,
      volume: 100,
      source: 'simulated',
    });
    const lastThree = (await t.call('market/candles', { symbol: 'TCS', period: '1m', limit: 3 })).body.data
      .candles;
    expect(lastThree.map((candle: { time: number }) => candle.time)).toEqual([
      MONDAY_09_15 + 7 * 60_000,
      MONDAY_09_15 + 8 * 60_000,
      MONDAY_09_15 + 9 * 60_000,
    ]);
    const earlier = (await t.call('market/candles', { symbol: 'TCS', period: '1m', before: MONDAY_09_15 }))
      .body.data.candles;
    expect(earlier).toHaveLength(5);
    expect(earlier.at(-1).time).toBe(FRIDAY_09_15 + 4 * 60_000);
    const fives = (await t.call('market/candles', { symbol: 'TCS', period: '5m' })).body.data.candles;
    expect(fives).toHaveLength(3);
    const days = (await t.call('market/candles', { symbol: 'TCS', period: '1d' })).body.data.candles;
    expect(days).toHaveLength(300);
    expect(days.at(-1).time).toBe(TODAY_MIDNIGHT_MS - DAY_MS);
  });

  it('gives the time share of the latest trading day', async () => {
    const data = (await t.call('market/candles', { symbol: 'TCS', period: 'timeshare' })).body.data;
    expect(data.candles).toHaveLength(10);
    expect(data.candles[0].time).toBe(MONDAY_09_15);
  });

  it('selects the daily candles of a range', async () => {
    const data = (await t.call('market/candles', { symbol: 'TCS', period: '1m', range: '1M' })).body.data;
    expect(data.period).toBe('1d');
    expect(data.candles).toHaveLength(31);
    const year = (await t.call('market/candles', { symbol: 'TCS', period: '1d', range: '1Y' })).body.data;
    expect(year.candles).toHaveLength(366);
  });

  it('adjusts prices and volumes for a 1:5 split, backward and forward', async () => {
    const exDateMs = istMidnightMs('2026-11-19');
    await insertCandles('ITC', '1d', [
      { startMs: istMidnightMs('2026-11-16'), closePaise: 250_000n, volume: 1_000n },
      { startMs: istMidnightMs('2026-11-17'), closePaise: 250_005n, volume: 1_000n },
      { startMs: istMidnightMs('2026-11-18'), closePaise: 250_000n, volume: 1_000n },
      { startMs: exDateMs, closePaise: 50_100n, volume: 5_000n },
      { startMs: istMidnightMs('2026-11-20'), closePaise: 50_000n, volume: 5_000n },
    ]);
    await t.db
      .insertInto('corporate_actions')
      .values({ symbol: 'ITC', kind: 'split', ex_date_ms: BigInt(exDateMs), ratio_from: 1, ratio_to: 5 })
      .execute();
    const closes = async (adjustment?: string) => {
      const reply = await t.call('market/candles', {
        symbol: 'ITC',
        period: '1d',
        ...(adjustment ? { adjustment } : {}),
      });
      return reply.body.data.candles.map((candle: { close: number; volume: number }) => [
        candle.close,
        candle.volume,
      ]);
    };
    expect(await closes()).toEqual([
      [2500, 1000],
      [2500.05, 1000],
      [2500, 1000],
      [501, 5000],
      [500, 5000],
    ]);
    expect(await closes('backward')).toEqual([
      [500, 5000],
      [500.01, 5000],
      [500, 5000],
      [501, 5000],
      [500, 5000],
    ]);
    expect(await closes('forward')).toEqual([
      [2500, 1000],
      [2500.05, 1000],
      [2500, 1000],
      [2505, 1000],
      [2500, 1000],
    ]);
  });

  it('refuses an unknown symbol, period or adjustment with its code, and a limit over 1,000', async () => {
    const unknownSymbol = await t.call('market/candles', { symbol: 'NOSUCH', period: '1d' });
    expect(unknownSymbol.body).toMatchObject({ status: 0, code: 'INSTRUMENT_NOT_FOUND' });
    const unknownPeriod = await t.call('market/candles', { symbol: 'TCS', period: '2h' });
    expect(unknownPeriod.body).toMatchObject({ status: 0, code: 'PERIOD_UNKNOWN', params: { period: '2h' } });
    const unknownAdjustment = await t.call('market/candles', {
      symbol: 'TCS',
      period: '1d',
      adjustment: 'sideways',
    });
    expect(unknownAdjustment.body).toMatchObject({
      status: 0,
      code: 'ADJUSTMENT_UNKNOWN',
      params: { adjustment: 'sideways' },
    });
    // Up to a whole day of minutes (1,440: a round-the-clock time share) may be asked for.
    const wholeDay = await t.call('market/candles', { symbol: 'TCS', period: '1m', limit: 1440 });
    expect(wholeDay.body.status).toBe(1);
    const tooMany = await t.call('market/candles', { symbol: 'TCS', period: '1d', limit: 1441 });
    expect(tooMany.http).toBe(400);
  });
});

describe('market lists', () => {
  it('sorts a tab by change rate, highest first, and pages it', async () => {
    await setQuote('DEMOAGRO', 8_700n, 8_450n); // +2.96%
    await setQuote('DEMOTEX', 13_000n, 13_200n); // −1.52%
    await setQuote('DEMOLOGI', 6_000n, 5_725n); // +4.80%
    await setQuote('DEMOSOLAR', 21_840n, 21_840n); // 0%
    const first = (
      await t.call('market/list', { segment: 'otc', sort: 'changeRate', order: 'desc', pageSize: 3 })
    ).body.data;
    expect(first.total).toBe(4);
    expect(first.items.map((item: { symbol: string }) => item.symbol)).toEqual([
      'DEMOLOGI',
      'DEMOAGRO',
      'DEMOSOLAR',
    ]);
    expect(first.items[0]).toMatchObject({
      price: '60.00',
      change: '2.75',
      changeRate: 4.8,
      volume: 1000,
      simulated: true,
    });
    const second = (
      await t.call('market/list', { segment: 'otc', sort: 'changeRate', order: 'desc', pageSize: 3, page: 2 })
    ).body.data;
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(second.items.map((item: { symbol: string }) => item.symbol)).toEqual(['DEMOTEX']);
    const ascending = (await t.call('market/list', { segment: 'otc', sort: 'price', order: 'asc' })).body
      .data;
    expect(ascending.items[0].symbol).toBe('DEMOLOGI');
  });

  it('gives an empty page for an empty tab and refuses a page size over 100', async () => {
    const empty = (await t.call('market/list', { segment: 'auction' })).body.data;
    expect(empty).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
    expect((await t.call('market/list', { segment: 'otc', pageSize: 101 })).http).toBe(400);
  });
});

describe('search and search history', () => {
  it('finds instruments by symbol prefix first, then by a part of the name', async () => {
    const byPrefix = (await t.call('market/search', { q: 'tc' })).body.data;
    expect(byPrefix[0].symbol).toBe('TCS');
    const byName = (await t.call('market/search', { q: 'solar syst' })).body.data;
    expect(byName.map((row: { symbol: string }) => row.symbol)).toEqual(['DEMOSOLAR']);
    const wildcard = (await t.call('market/search', { q: '%' })).body.data;
    expect(wildcard).toEqual([]);
    expect((await t.call('market/search', { q: '' })).http).toBe(400);
  });

  it('keeps each investor’s own history, newest first, and clears it', async () => {
    const first = await investor();
    const second = await investor();
    await t.call('favorite/addSearchHistory', { symbol: 'TCS' }, first);
    t.clock.advance(1_000);
    await t.call('favorite/addSearchHistory', { symbol: 'infy' }, first);
    t.clock.advance(1_000);
    await t.call('favorite/addSearchHistory', { symbol: 'TCS' }, first);
    await t.call('favorite/addSearchHistory', { symbol: 'ITC' }, second);
    const mine = (await t.call('favorite/searchHistory', {}, first)).body.data;
    expect(mine.map((row: { symbol: string }) => row.symbol)).toEqual(['TCS', 'INFY']);
    const theirs = (await t.call('favorite/searchHistory', {}, second)).body.data;
    expect(theirs.map((row: { symbol: string }) => row.symbol)).toEqual(['ITC']);
    const unknown = await t.call('favorite/addSearchHistory', { symbol: 'NOSUCH' }, first);
    expect(unknown.body.code).toBe('INSTRUMENT_NOT_FOUND');
    expect((await t.call('favorite/clearSearchHistory', {}, first)).body.status).toBe(1);
    expect((await t.call('favorite/searchHistory', {}, first)).body.data).toEqual([]);
    expect((await t.call('favorite/searchHistory', {}, second)).body.data).toHaveLength(1);
    expect((await t.call('favorite/searchHistory', {})).http).toBe(401);
  });

  it('keeps at most 50 searched symbols an investor, forgetting the oldest', async () => {
    const headers = await investor();
    const symbols = (
      await t.db.selectFrom('instruments').select('symbol').orderBy('symbol').limit(52).execute()
    ).map((row) => row.symbol);
    for (const symbol of symbols) {
      await t.call('favorite/addSearchHistory', { symbol }, headers);
      t.clock.advance(1_000);
    }
    const count = await t.db
      .selectFrom('search_history')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .innerJoin('users', 'users.id', 'search_history.user_id')
      .where('users.phone', '=', headers.account)
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(50);
    const shown = (await t.call('favorite/searchHistory', {}, headers)).body.data;
    expect(shown).toHaveLength(20);
    expect(shown[0].symbol).toBe(symbols.at(-1));
  });
});
