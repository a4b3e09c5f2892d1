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

  it('writes real daily candles and quotes for listed instruments and passes over the rest', async () => {
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
      candles: 2,
      quotes: 2,
      unknownSymbols: 1,
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
      volume: 1_000_000n,
    });
    const quote = await t.call('market/quote', { symbol: 'RELIANCE' });
    expect(quote.body.data).toMatchObject({ price: '1410.25', previousClose: '1395.50', simulated: false });
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
});
