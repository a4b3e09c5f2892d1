import { afterAll, describe, expect, it } from 'vitest';
import { copiesFromBlob, csvField } from '../src/db/pglite-dialect.js';
import { inTransaction } from '../src/db/transaction.js';
import { insertCandlesOfNewInstruments } from '../src/repositories/candle.repository.js';
import { insertListedEquities, type ListedEquity } from '../src/repositories/instrument.repository.js';
import { insertQuotesOfNewInstruments, readQuotes } from '../src/repositories/quote.repository.js';
import { openTestDatabase } from './harness.js';

/**
 * The bulk writes of an NSE import for instruments listed in the same transaction (docs/adr/0036):
 * by COPY on PGlite, by plain INSERT on PostgreSQL; either way the rows read back exactly as given,
 * names with commas, quotes and edge spaces included.
 */
const database = await openTestDatabase();
const db = database.db;
afterAll(() => database.close());

const equity = (symbol: string, name: string, isin: string | null): ListedEquity => ({
  symbol,
  name,
  isin,
  series: 'EQ',
  tickPaise: 5n,
  priceBandBps: 2_000,
  tradable: true,
});

describe('bulk loading new instruments', () => {
  it('quotes a CSV field only when it must', () => {
    expect(csvField(null)).toBe('');
    expect(csvField('')).toBe('""');
    expect(csvField('RELIANCE')).toBe('RELIANCE');
    expect(csvField('Tata Motors, Ltd')).toBe('"Tata Motors, Ltd"');
    expect(csvField('The "Best" Co')).toBe('"The ""Best"" Co"');
    expect(csvField(' padded ')).toBe('" padded "');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(12n)).toBe('12');
    expect(csvField(false)).toBe('false');
  });

  it('copies on PGlite and inserts on PostgreSQL', () => {
    expect(copiesFromBlob(db)).toBe(database.driver === 'pglite');
  });

  it('writes the instruments, candles and quotes as given, in the caller transaction', async () => {
    const equities = [
      equity('BULKA', 'Alpha, Beta & "Gamma" Ltd', 'INE000A01011'),
      equity('BULK-B', ' Edge Spaces ', null),
      equity('BULK&C', '', 'INE000C01013'),
    ];
    const dayMs = Date.UTC(2025, 5, 18) - 330 * 60_000;
    await inTransaction(db, async (trx) => {
      expect(copiesFromBlob(trx)).toBe(database.driver === 'pglite');
      expect(await insertListedEquities(trx, equities)).toEqual(['BULKA', 'BULK-B', 'BULK&C']);
      await insertCandlesOfNewInstruments(
        trx,
        equities.map((listed, index) => ({
          symbol: listed.symbol,
          period: '1d' as const,
          startMs: dayMs,
          openPaise: 100_00n + BigInt(index),
          highPaise: 110_00n,
          lowPaise: 95_00n,
          closePaise: 105_00n,
          volume: 1_000 + index,
          source: 'imported' as const,
        })),
      );
      await insertQuotesOfNewInstruments(
        trx,
        equities.map((listed) => ({
          symbol: listed.symbol,
          pricePaise: 105_00n,
          previousClosePaise: 100_00n,
          openPaise: 100_00n,
          highPaise: 110_00n,
          lowPaise: 95_00n,
          volume: 1_000n,
          turnoverPaise: 10_500_00n,
          tickAtMs: dayMs + 930 * 60_000,
          simulated: false,
          source: 'imported' as const,
        })),
      );
    });
    const rows = await db
      .selectFrom('instruments')
      .select(['symbol', 'name', 'isin', 'series', 'kind', 'segment', 'tick_paise', 'leverages', 'tradable'])
      .where('symbol', 'in', ['BULKA', 'BULK-B', 'BULK&C'])
      .orderBy('symbol')
      .execute();
    // Listed on the fixed terms of every NSE equity the import creates.
    const listed = (symbol: string, name: string, isin: string | null) => ({
      symbol,
      name,
      isin,
      series: 'EQ',
      kind: 'equity',
      segment: 'listed',
      tick_paise: 5n,
      leverages: [1],
      tradable: true,
    });
    expect(rows).toEqual([
      listed('BULK&C', '', 'INE000C01013'),
      listed('BULK-B', ' Edge Spaces ', null),
      listed('BULKA', 'Alpha, Beta & "Gamma" Ltd', 'INE000A01011'),
    ]);
    const candles = await db
      .selectFrom('candles')
      .select(['period', 'bucket_start_ms', 'open_paise', 'close_paise', 'volume', 'source'])
      .where('symbol', '=', 'BULK-B')
      .execute();
    expect(candles).toEqual([
      {
        period: '1d',
        bucket_start_ms: BigInt(dayMs),
        open_paise: 100_01n,
        close_paise: 105_00n,
        volume: 1_001n,
        source: 'imported',
      },
    ]);
    const quote = (await readQuotes(db, ['BULK&C'])).get('BULK&C');
    expect(quote).toEqual(
      expect.objectContaining({ pricePaise: 105_00n, simulated: false, source: 'imported' }),
    );
  });

  it('writes nothing when the transaction fails after the copy', async () => {
    await expect(
      inTransaction(db, async (trx) => {
        await insertListedEquities(trx, [equity('BULKGONE', 'Gone Ltd', null)]);
        throw new Error('a later step failed');
      }),
    ).rejects.toThrow('a later step failed');
    expect(
      await db.selectFrom('instruments').select('symbol').where('symbol', '=', 'BULKGONE').execute(),
    ).toEqual([]);
  });
});
