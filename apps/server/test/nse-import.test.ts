import { readFileSync } from 'node:fs';
import { istDayStartMs } from '@nivesh/core';
import { BhavcopyFileError } from '@nivesh/market';
import { describe, expect, it } from 'vitest';
import { MarketListSnapshots } from '../src/market/market-list-snapshots.js';
import {
  listSegmentPricesPage,
  type MarketSortKey,
  searchInstrumentPrices,
} from '../src/repositories/instrument.repository.js';
import {
  importBhavcopy,
  importReadBhavcopies,
  readBhavcopyForImport,
  rollUpImportedDays,
} from '../src/use-cases/market/import-bhavcopy.js';
import { startTestApp } from './harness.js';

/**
 * NSE's real files (packages/market/fixtures/nse) imported into a database that the simulator had
 * filled first: the instrument master, real prices over simulated ones, provenance, delivery
 * figures (docs/adr/0023-nse-instrument-master-and-price-provenance.md).
 */
const t = await startTestApp();
const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../../packages/market/fixtures/nse/${name}`, import.meta.url)));
const UDIFF_DAYS = ['20250618', '20250619', '20250620'].map(
  (day) => `BhavCopy_NSE_CM_0_0_0_${day}_F_0000.csv.zip`,
);
const day = (date: string) => istDayStartMs(date);
/** RELIANCE's week of Monday 2025-06-16 rolled up from the three real days (sources.md's values). */
const RELIANCE_WEEK_OF_16_JUNE_2025 = {
  time: day('2025-06-16'),
  open: 1430,
  high: 1471,
  low: 1425.7,
  close: 1466.2,
  volume: 6_681_735 + 10_007_230 + 29_010_635,
  source: 'imported',
};

async function countRows(): Promise<{ instruments: bigint; candles: bigint; quotes: bigint }> {
  const [instruments, candles, quotes] = await Promise.all(
    (['instruments', 'candles', 'quotes'] as const).map((table) =>
      t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<bigint>().as('count'))
        .executeTakeFirstOrThrow(),
    ),
  );
  return {
    instruments: BigInt(instruments!.count),
    candles: BigInt(candles!.count),
    quotes: BigInt(quotes!.count),
  };
}

describe('NSE files as the source of truth', () => {
  it('starts from simulated prices, as a first start with the simulator leaves them', async () => {
    const simulated = (period: '1d' | '1w' | '1m', date: string, closePaise: bigint) => ({
      symbol: 'RELIANCE',
      period,
      bucket_start_ms: BigInt(day(date)),
      open_paise: closePaise,
      high_paise: closePaise,
      low_paise: closePaise,
      close_paise: closePaise,
      volume: 100n,
    });
    await t.db
      .insertInto('candles')
      .values([
        simulated('1d', '2025-06-17', 68_100n),
        simulated('1d', '2025-06-23', 71_110n),
        simulated('1w', '2025-06-16', 68_100n),
        simulated('1m', '2025-06-17', 68_100n),
      ])
      .execute();
    await t.db
      .insertInto('quotes')
      .values({
        symbol: 'RELIANCE',
        price_paise: 149_425n,
        previous_close_paise: 149_000n,
        open_paise: 149_000n,
        high_paise: 150_000n,
        low_paise: 148_000n,
        tick_at_ms: BigInt(t.clock.now()),
        simulated: true,
        source: 'simulated',
      })
      .execute();
    expect((await t.call('market/quote', { symbol: 'RELIANCE' })).body.data).toMatchObject({
      price: '1494.25',
      simulated: true,
      source: 'simulated',
    });
  });

  it('refuses a file with a bad row and changes nothing', async () => {
    const before = await countRows();
    const header =
      'SYMBOL, SERIES, DATE1, PREV_CLOSE, OPEN_PRICE, HIGH_PRICE, LOW_PRICE, LAST_PRICE, CLOSE_PRICE, AVG_PRICE, TTL_TRD_QNTY, TURNOVER_LACS, NO_OF_TRADES, DELIV_QTY, DELIV_PER';
    const file = [
      header,
      'NEWCO, EQ, 01-Aug-2025, 100.00, 100.00, 101.00, 99.00, 100.50, 100.50, 100.20, 1000, 1.00, 10, 500, 50.00',
      'RELIANCE, EQ, 01-Aug-2025, 1390.20, 1386.90, 1380.00, 1384.30, 1394.10, 1393.70, 1397.47, 10321171, 144234.89, 208431, 7159472, 69.37',
    ].join('\r\n');
    const report = await importBhavcopy(t.db, new TextEncoder().encode(`\uFEFF${file}`));
    expect(report.imported).toBe(false);
    expect(report.errors).toEqual([{ line: 3, message: 'high is below the open, close, last or low' }]);
    expect(await countRows()).toEqual(before);
  });

  it('refuses a file dated on a day NSE did not trade, and changes nothing', async () => {
    const before = await countRows();
    const text = new TextDecoder().decode(fixture('sec_bhavdata_full_01082025.csv'));
    const saturday = new TextEncoder().encode(text.replaceAll('01-Aug-2025', '02-Aug-2025'));
    await expect(importBhavcopy(t.db, saturday)).rejects.toThrow(
      new BhavcopyFileError('BHAVCOPY_NOT_TRADING_DAY', "2025-08-02 is not a trading day on NSE's calendar"),
    );
    expect(await countRows()).toEqual(before);
  });

  it('imports the three UDiFF days: the whole universe, real candles, real quotes', async () => {
    const before = await countRows();
    const reports = [];
    for (const name of UDIFF_DAYS) reports.push(await importBhavcopy(t.db, fixture(name)));
    expect(reports.map((report) => report.imported)).toEqual([true, true, true]);
    expect(reports.map((report) => report.tradeDates)).toEqual([
      ['2025-06-18'],
      ['2025-06-19'],
      ['2025-06-20'],
    ]);
    const [first] = reports;
    // Every EQ and BE row of the first day but those of equities listed already is a new instrument.
    expect(first!.instrumentsCreated).toBeGreaterThan(2_250);
    expect(first!.simulatedDropped).toBe(4);
    expect((await countRows()).instruments - before.instruments).toBe(
      BigInt(reports.reduce((sum, report) => sum + report.instrumentsCreated, 0)),
    );
    // KOTAKBANK's catalogue ISIN is the one after its 2026 split; the 2025 file has the old one.
    expect(first!.isinDifferences).toContainEqual({
      symbol: 'KOTAKBANK',
      catalogueIsin: 'INE237A01036',
      fileIsin: 'INE237A01028',
      applied: false,
    });
    expect(first!.skipped['ISIN differs from the catalogue']).toBe(1);

    const created = await t.db
      .selectFrom('instruments')
      .select(['name', 'isin', 'series', 'segment', 'kind', 'tradable'])
      .where('symbol', '=', 'TATAMOTORS')
      .executeTakeFirstOrThrow();
    expect(created).toEqual({
      name: 'TATA MOTORS LIMITED',
      isin: 'INE155A01022',
      series: 'EQ',
      segment: 'listed',
      kind: 'equity',
      tradable: true,
    });
  });

  it('stores RELIANCE’s 18 June candle exactly as NSE wrote it', async () => {
    const candle = await t.db
      .selectFrom('candles')
      .selectAll()
      .where('symbol', '=', 'RELIANCE')
      .where('period', '=', '1d')
      .where('bucket_start_ms', '=', BigInt(day('2025-06-18')))
      .executeTakeFirstOrThrow();
    expect(candle).toMatchObject({
      open_paise: 143_000n,
      high_paise: 144_280n,
      low_paise: 142_570n,
      close_paise: 143_010n,
      volume: 6_681_735n,
      source: 'imported',
    });
  });

  it('makes the newest real close the quote, over the newer simulated one', async () => {
    const quote = await t.call('market/quote', { symbol: 'RELIANCE' });
    expect(quote.body.data).toMatchObject({
      price: '1466.20',
      previousClose: '1433.30',
      open: '1431.00',
      high: '1471.00',
      low: '1428.10',
      volume: 29_010_635,
      simulated: false,
      source: 'imported',
      time: day('2025-06-20') + (15 * 60 + 30) * 60_000,
    });
    const last = await t.call('market/lastPrices', { symbols: ['RELIANCE', 'HDFCBANK'] });
    expect(last.body.data).toEqual([
      expect.objectContaining({ symbol: 'RELIANCE', price: '1466.20', source: 'imported', simulated: false }),
      expect.objectContaining({ symbol: 'HDFCBANK', source: 'imported' }),
    ]);
  });

  it('charts only real days, with weeks rolled up from them', async () => {
    const daily = await t.call('market/candles', { symbol: 'RELIANCE', period: '1d' });
    const candles = daily.body.data.candles as { time: number; close: number; source: string }[];
    expect(candles.map((candle) => candle.time)).toEqual(['2025-06-18', '2025-06-19', '2025-06-20'].map(day));
    expect(candles.map((candle) => candle.close)).toEqual([1430.1, 1433.3, 1466.2]);
    expect(new Set(candles.map((candle) => candle.source))).toEqual(new Set(['imported']));
    const minutes = await t.call('market/candles', { symbol: 'RELIANCE', period: '1m' });
    expect(minutes.body.data.candles).toEqual([]);

    const weekly = await t.call('market/candles', { symbol: 'RELIANCE', period: '1w' });
    expect(weekly.body.data.candles).toEqual([RELIANCE_WEEK_OF_16_JUNE_2025]);
  });

  it('imports the full bhavcopy and shows RELIANCE’s delivery percentage', async () => {
    const report = await importBhavcopy(t.db, fixture('sec_bhavdata_full_01082025.csv'));
    expect(report).toMatchObject({ imported: true, format: 'full', tradeDates: ['2025-08-01'] });
    expect(report.deliveries).toBeGreaterThan(1_900);
    const quote = await t.call('market/quote', { symbol: 'RELIANCE' });
    expect(quote.body.data).toMatchObject({
      price: '1393.70',
      source: 'imported',
      delivery: {
        date: '2025-08-01',
        deliveredQuantity: 7_159_472,
        tradedQuantity: 10_321_171,
        percent: '69.37',
      },
    });
  });

  it('applies a differing ISIN only when told to', async () => {
    const report = await importBhavcopy(t.db, fixture(UDIFF_DAYS[2]!), { acceptIsinChanges: true });
    expect(report.isinDifferences).toEqual([
      { symbol: 'KOTAKBANK', catalogueIsin: 'INE237A01036', fileIsin: 'INE237A01028', applied: true },
    ]);
    const kotak = await t.db
      .selectFrom('instruments')
      .select('isin')
      .where('symbol', '=', 'KOTAKBANK')
      .executeTakeFirstOrThrow();
    expect(kotak.isin).toBe('INE237A01028');
    // An older file does not move the newer real quote of 1 August back.
    expect((await t.call('market/quote', { symbol: 'RELIANCE' })).body.data).toMatchObject({
      price: '1393.70',
    });
  });

  it('searches and lists the whole universe', async () => {
    const found = await t.call('market/search', { q: 'TATAMO' });
    expect(found.body.data.map((result: { symbol: string }) => result.symbol)).toContain('TATAMOTORS');
    // More than 20 symbols start with A: the answer is the first 20 of them, by symbol.
    const symbolsOfA = (await t.call('market/search', { q: 'a' })).body.data.map(
      (result: { symbol: string }) => result.symbol,
    );
    expect(symbolsOfA).toHaveLength(20);
    expect(symbolsOfA.every((symbol: string) => symbol.startsWith('A'))).toBe(true);
    expect(symbolsOfA).toEqual([...symbolsOfA].sort());
    // RELIANCE's symbol matches first, then the names holding "reliance" (RPOWER: Reliance Power).
    const reliance = (await t.call('market/search', { q: 'reliance' })).body.data.map(
      (result: { symbol: string }) => result.symbol,
    );
    expect(reliance[0]).toBe('RELIANCE');
    expect(reliance.length).toBeGreaterThan(1);
    const listed = await t.call('market/list', { segment: 'listed', pageSize: 5 });
    expect(listed.body.data.total).toBeGreaterThan(2_300);
  });

  it('pages a list snapshot in memory exactly as SQL pages it, and reads it again once it is too old', async () => {
    // Instruments without a quote sort last in either direction.
    const listed = await t.db
      .selectFrom('instruments')
      .selectAll()
      .where('symbol', '=', 'RELIANCE')
      .executeTakeFirstOrThrow();
    for (const symbol of ['AAUNQUOTED', 'ZZUNQUOTED']) {
      await t.db
        .insertInto('instruments')
        .values({ ...listed, symbol, isin: null })
        .execute();
    }
    let nowMs = 0;
    const snapshots = new MarketListSnapshots(1_000, () => nowMs);
    const keys: MarketSortKey[] = ['changeRate', 'price', 'volume', 'turnover', 'symbol'];
    for (const sortKey of keys) {
      for (const isDescending of [false, true]) {
        for (const offset of [0, 40, 2_340]) {
          const input = { segment: 'listed' as const, sortKey, isDescending, limit: 20, offset };
          expect(await snapshots.page(t.db, input)).toEqual(await listSegmentPricesPage(t.db, input));
        }
      }
    }

    // A quote stored after the snapshot was read is listed once the snapshot is 1 s old, not before.
    const everything = {
      segment: 'listed' as const,
      sortKey: 'symbol' as const,
      isDescending: false,
      limit: 5_000,
      offset: 0,
    };
    const listedPrice = async () =>
      (await snapshots.page(t.db, everything)).rows.find((row) => row.symbol === 'AAUNQUOTED')!.pricePaise;
    await t.db
      .insertInto('quotes')
      .values({
        symbol: 'AAUNQUOTED',
        price_paise: 100_000n,
        previous_close_paise: 99_000n,
        open_paise: 99_000n,
        high_paise: 100_000n,
        low_paise: 99_000n,
        tick_at_ms: BigInt(t.clock.now()),
        simulated: false,
        source: 'imported',
      })
      .execute();
    nowMs = 999;
    expect(await listedPrice()).toBeNull();
    nowMs = 1_000;
    expect(await listedPrice()).toBe(100_000n);
    await t.db.deleteFrom('quotes').where('symbol', '=', 'AAUNQUOTED').execute();
    await t.db.deleteFrom('instruments').where('symbol', 'in', ['AAUNQUOTED', 'ZZUNQUOTED']).execute();
  });

  it('searches a snapshot in memory exactly as SQL searches, and reads it again once it is too old', async () => {
    // Names with LIKE's wildcards and mixed case, and a symbol that sorts apart from its name.
    const listed = await t.db
      .selectFrom('instruments')
      .selectAll()
      .where('symbol', '=', 'RELIANCE')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('instruments')
      .values([
        { ...listed, symbol: 'ZZPCT', name: 'Hundred% Growth_Fund Ltd', isin: null },
        { ...listed, symbol: 'AAMIXED', name: 'rEliAnCe Look-Alike Ltd', isin: null },
      ])
      .execute();
    let nowMs = 0;
    const snapshots = new MarketListSnapshots(1_000, () => nowMs);
    const queries = [
      'RELI', // symbol prefixes, then names holding it
      'reli',
      'ReLiAnCe',
      'power', // names only
      'A', // more symbol matches than the limit
      'LTD', // more name matches than the limit
      'e',
      'bank',
      '%', // a wildcard matches itself
      '_f',
      'd% g',
      'M&M',
      '-ALIKE',
      'ZZZZ NOTHING', // nothing found
      'Ölfeld', // not ASCII: searched in the database
    ];
    for (const text of queries) {
      for (const limit of [1, 5, 20, 100]) {
        expect(await snapshots.search(t.db, text, limit)).toEqual(
          await searchInstrumentPrices(t.db, text, limit),
        );
      }
    }
    expect(await snapshots.search(t.db, 'ZZZZ NOTHING', 20)).toEqual([]);
    // Symbols first (RELIABLE, RELIANCE, …), then a name in another case (AAMIXED sorts first).
    const found = (await snapshots.search(t.db, 'reli', 20)).map((row) => row.symbol);
    expect(found.slice(0, 2)).toEqual(['RELIABLE', 'RELIANCE']);
    expect(found.indexOf('AAMIXED')).toBeGreaterThan(found.indexOf('RELIANCE'));

    // An instrument listed after the snapshot was read is found once the snapshot is 1 s old.
    await t.db
      .insertInto('instruments')
      .values({ ...listed, symbol: 'ZZLATECOMER', name: 'Latecomer Ltd', isin: null })
      .execute();
    nowMs = 999;
    expect(await snapshots.search(t.db, 'latecomer', 20)).toEqual([]);
    nowMs = 1_000;
    expect((await snapshots.search(t.db, 'latecomer', 20)).map((row) => row.symbol)).toEqual(['ZZLATECOMER']);
    await t.db.deleteFrom('instruments').where('symbol', 'in', ['ZZPCT', 'AAMIXED', 'ZZLATECOMER']).execute();
  });
});

describe('an install without the simulator (NIVESH_FEED=none)', () => {
  it('shows only real prices', async () => {
    const none = await startTestApp({ feed: 'none' });
    await none.db
      .insertInto('quotes')
      .values({
        symbol: 'TCS',
        price_paise: 300_000n,
        previous_close_paise: 299_000n,
        open_paise: 299_000n,
        high_paise: 301_000n,
        low_paise: 298_000n,
        tick_at_ms: BigInt(none.clock.now()),
        simulated: true,
        source: 'simulated',
      })
      .execute();
    const before = (await none.call('market/quote', { symbol: 'TCS' })).body.data;
    expect(before.price).toBeUndefined();
    await importBhavcopy(none.db, fixture(UDIFF_DAYS[0]!));
    expect((await none.call('market/quote', { symbol: 'TCS' })).body.data).toMatchObject({
      price: '3451.40',
      source: 'imported',
    });
  });
});

describe('a command’s files written as one batch (ADR 0036)', () => {
  it('gives the same days, week and quote as importing them one by one, and passes over a refused file', async () => {
    const batch = await startTestApp({ feed: 'none' });
    const badDay = new TextEncoder().encode(
      [
        'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN,',
        'RELIANCE,EQ,1400,1390,1380,1385,1385,1395,1000,1400000,19-JUN-2025,10,INE002A01018,',
      ].join('\n'),
    );
    const read = [];
    for (const bytes of [fixture(UDIFF_DAYS[0]!), badDay, fixture(UDIFF_DAYS[1]!), fixture(UDIFF_DAYS[2]!)]) {
      read.push(await readBhavcopyForImport(batch.db, bytes));
    }
    const report = await importReadBhavcopies(batch.db, read);
    expect(report.files.map((file) => file.imported)).toEqual([true, false, true, true]);
    expect(report.files[1]!.errors).toEqual([
      { line: 2, message: 'high is below the open, close, last or low' },
    ]);
    expect(report.files.map((file) => file.candles)).toEqual([2_324, 0, 2_326, 2_327]);
    expect(report.quotes).toBeGreaterThan(2_300);

    const daily = await batch.call('market/candles', { symbol: 'RELIANCE', period: '1d' });
    expect(daily.body.data.candles.map((candle: { close: number }) => candle.close)).toEqual([
      1430.1, 1433.3, 1466.2,
    ]);
    const weekly = await batch.call('market/candles', { symbol: 'RELIANCE', period: '1w' });
    expect(weekly.body.data.candles).toEqual([RELIANCE_WEEK_OF_16_JUNE_2025]);
    expect((await batch.call('market/quote', { symbol: 'RELIANCE' })).body.data).toMatchObject({
      price: '1466.20',
      previousClose: '1433.30',
      simulated: false,
      source: 'imported',
    });

    // The weeks and months of the equities the batch created were rolled up in memory; rolling
    // them up again from the stored days, in the database, finds nothing to change.
    const createdDays = await batch.db
      .selectFrom('candles')
      .innerJoin('instruments', 'instruments.symbol', 'candles.symbol')
      .select(['candles.symbol', 'candles.bucket_start_ms'])
      .where('candles.period', '=', '1d')
      .where('instruments.series', 'is not', null)
      .execute();
    expect(createdDays.length).toBeGreaterThan(6_500);
    const rolled = await batch.db
      .selectFrom('candles')
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .where('period', 'in', ['1w', '1M'])
      .executeTakeFirstOrThrow();
    expect(Number(rolled.count)).toBeGreaterThan(4_500);
    const days = createdDays.map((row) => ({
      symbol: row.symbol,
      period: '1d' as const,
      startMs: Number(row.bucket_start_ms),
      openPaise: 0n,
      highPaise: 0n,
      lowPaise: 0n,
      closePaise: 0n,
      volume: 0,
    }));
    expect(await rollUpImportedDays(batch.db, days)).toBe(0);
  });

  it('settles each file of a batch against the instruments and ISINs the files before it left', async () => {
    const batch = await startTestApp({ feed: 'none' });
    const legacyDay = (date: string, isin: string) =>
      new TextEncoder().encode(
        [
          'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN,',
          `NEWCO,EQ,100,110,95,105,105,100,1000,105000,${date},10,${isin},`,
        ].join('\n'),
      );
    const read = [];
    for (const bytes of [
      legacyDay('19-JUN-2025', 'INE000N01011'),
      legacyDay('20-JUN-2025', 'INE000N01029'),
    ]) {
      read.push(await readBhavcopyForImport(batch.db, bytes));
    }
    const report = await importReadBhavcopies(batch.db, read);
    expect(report.files.map((file) => file.instrumentsCreated)).toEqual([1, 0]);
    expect(report.files[1]!.isinDifferences).toEqual([
      { symbol: 'NEWCO', catalogueIsin: 'INE000N01011', fileIsin: 'INE000N01029', applied: false },
    ]);
    expect(report.files[1]!.skipped).toEqual({ 'ISIN differs from the catalogue': 1 });
    expect(report.files.map((file) => file.candles)).toEqual([1, 0]);
    const newco = await batch.db
      .selectFrom('instruments')
      .select(['isin', 'series'])
      .where('symbol', '=', 'NEWCO')
      .executeTakeFirstOrThrow();
    expect(newco).toEqual({ isin: 'INE000N01011', series: 'EQ' });
    const weekly = await batch.call('market/candles', { symbol: 'NEWCO', period: '1w' });
    expect(weekly.body.data.candles).toEqual([
      {
        time: day('2025-06-16'),
        open: 100,
        high: 110,
        low: 95,
        close: 105,
        volume: 1000,
        source: 'imported',
      },
    ]);
  });
});
