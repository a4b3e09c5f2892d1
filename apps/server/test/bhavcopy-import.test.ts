import { istDayStartMs } from '@nivesh/core';
import { describe, expect, it } from 'vitest';
import { importBhavcopy } from '../src/use-cases/market/import-bhavcopy.js';
import { startTestApp } from './harness.js';

const t = await startTestApp();
const header =
  'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN,';
const encode = (text: string) => new TextEncoder().encode(text);

describe('importing an NSE bhavcopy', () => {
  it('refuses a file with a bad row, names its line, and writes nothing', async () => {
    const file = [
      header,
      'RELIANCE,EQ,1400,1420.5,1390,1410.25,1410,1395.5,1000000,1410250000,20-NOV-2026,50000,INE002A01018,',
      'TCS,EQ,3100,3050,3120,3110,3110,3090,200000,622000000,20-NOV-2026,9000,INE467B01029,',
    ].join('\n');
    const report = await importBhavcopy(t.db, encode(file));
    expect(report.imported).toBe(false);
    expect([...new Set(report.errors.map((error) => error.line))]).toEqual([3]);
    const candles = await t.db.selectFrom('candles').select('symbol').where('period', '=', '1d').execute();
    expect(candles).toEqual([]);
  });

  it('writes real daily candles and quotes, listing the equities not listed yet', async () => {
    const file = [
      header,
      'RELIANCE,EQ,1400,1420.5,1390,1410.25,1410,1395.5,1000000,1410250000,20-NOV-2026,50000,INE002A01018,',
      'TCS,EQ,3100,3125,3080,3110,3110,3090,200000,622000000,20-NOV-2026,9000,INE467B01029,',
      '20MICRONS,EQ,31,32.3,30.75,31.75,31.8,29.5,204437,6486718.85,20-NOV-2026,1636,INE144J01027,',
      'RELIANCE,BE,1,1,1,1,1,1,1,1,20-NOV-2026,1,INE002A01018,',
    ].join('\n');
    const report = await importBhavcopy(t.db, encode(file));
    expect(report).toMatchObject({
      imported: true,
      format: 'legacy',
      tradeDates: ['2026-11-20'],
      candles: 3,
      quotes: 3,
      instrumentsCreated: 1,
      skipped: { 'BE beside an EQ row': 1 },
    });
    const created = await t.db
      .selectFrom('instruments')
      .select(['name', 'isin', 'series', 'segment', 'tradable', 'tick_paise', 'price_band_bps'])
      .where('symbol', '=', '20MICRONS')
      .executeTakeFirstOrThrow();
    // The legacy file has no name column: the symbol stands for it until staff rename it.
    expect(created).toEqual({
      name: '20MICRONS',
      isin: 'INE144J01027',
      series: 'EQ',
      segment: 'listed',
      tradable: true,
      tick_paise: 1n,
      price_band_bps: 2_000,
    });
    const reliance = await t.db
      .selectFrom('quotes')
      .selectAll()
      .where('symbol', '=', 'RELIANCE')
      .executeTakeFirstOrThrow();
    expect(reliance).toMatchObject({
      price_paise: 141_025n,
      previous_close_paise: 139_550n,
      simulated: false,
      source: 'imported',
      volume: 1_000_000n,
    });
    const quote = await t.call('market/quote', { symbol: 'RELIANCE' });
    expect(quote.body.data).toMatchObject({
      price: '1410.25',
      previousClose: '1395.50',
      simulated: false,
      source: 'imported',
    });
    const candle = await t.db
      .selectFrom('candles')
      .selectAll()
      .where('symbol', '=', 'TCS')
      .where('period', '=', '1d')
      .executeTakeFirstOrThrow();
    expect(candle).toMatchObject({
      open_paise: 310_000n,
      high_paise: 312_500n,
      low_paise: 308_000n,
      close_paise: 311_000n,
    });
  });

  it('does not let an older file overwrite a newer quote', async () => {
    const older = [
      header,
      'RELIANCE,EQ,1300,1310,1290,1305,1305,1299,500000,652500000,19-NOV-2026,40000,INE002A01018,',
    ].join('\n');
    const report = await importBhavcopy(t.db, encode(older));
    expect(report).toMatchObject({ imported: true, candles: 1, quotes: 0 });
    const reliance = await t.db
      .selectFrom('quotes')
      .select('price_paise')
      .where('symbol', '=', 'RELIANCE')
      .executeTakeFirstOrThrow();
    expect(reliance.price_paise).toBe(141_025n);
  });

  it('rolls the week and the month of the imported day up again from the daily candles', async () => {
    const day = (date: string) => istDayStartMs(date);
    const daily = (date: string, open: bigint, high: bigint, low: bigint, close: bigint, volume: bigint) => ({
      symbol: 'INFY',
      period: '1d' as const,
      bucket_start_ms: BigInt(day(date)),
      open_paise: open,
      high_paise: high,
      low_paise: low,
      close_paise: close,
      volume,
      source: 'imported' as const,
    });
    // Stored before the import (from earlier files): Monday to Thursday of the week of 2026-11-09,
    // a day of the week before, and stale weekly and monthly candles that disagree with them.
    await t.db
      .insertInto('candles')
      .values([
        daily('2026-11-03', 150_000n, 152_000n, 149_000n, 151_000n, 1_000n),
        daily('2026-11-09', 151_000n, 153_000n, 150_500n, 152_000n, 2_000n),
        daily('2026-11-10', 152_000n, 158_000n, 151_000n, 157_000n, 3_000n),
        daily('2026-11-11', 157_000n, 157_500n, 149_500n, 150_000n, 4_000n),
        daily('2026-11-12', 150_000n, 151_000n, 149_900n, 150_500n, 5_000n),
        { ...daily('2026-11-09', 1n, 1n, 1n, 1n, 1n), period: '1w' as const },
        { ...daily('2026-11-01', 1n, 1n, 1n, 1n, 1n), period: '1M' as const },
      ])
      .execute();
    const file = [
      header,
      'INFY,EQ,1505,1600,1490,1590.50,1590,1505,6000,9543000,13-NOV-2026,500,INE009A01021,',
    ].join('\n');
    const report = await importBhavcopy(t.db, encode(file));
    expect(report).toMatchObject({ imported: true, candles: 1, rolledUp: 2 });
    // The same file again changes no week or month, so none is written.
    expect(await importBhavcopy(t.db, encode(file))).toMatchObject({
      imported: true,
      candles: 1,
      rolledUp: 0,
    });

    const stored = async (period: '1w' | '1M', start: string) =>
      t.db
        .selectFrom('candles')
        .select(['open_paise', 'high_paise', 'low_paise', 'close_paise', 'volume'])
        .where('symbol', '=', 'INFY')
        .where('period', '=', period)
        .where('bucket_start_ms', '=', BigInt(day(start)))
        .executeTakeFirstOrThrow();
    // The week of Monday 2026-11-09: Monday's open, the week's extremes, Friday's (imported) close.
    expect(await stored('1w', '2026-11-09')).toEqual({
      open_paise: 151_000n,
      high_paise: 160_000n,
      low_paise: 149_000n,
      close_paise: 159_050n,
      volume: 2_000n + 3_000n + 4_000n + 5_000n + 6_000n,
    });
    // November so far: from the 3rd's open, every day's volume.
    expect(await stored('1M', '2026-11-01')).toEqual({
      open_paise: 150_000n,
      high_paise: 160_000n,
      low_paise: 149_000n,
      close_paise: 159_050n,
      volume: 21_000n,
    });
  });
});
