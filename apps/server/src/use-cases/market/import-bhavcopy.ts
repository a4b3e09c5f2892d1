import { istDayStartMs } from '@nivesh/core';
import {
  type BhavRowError,
  bucketStartMs,
  type Candle,
  type CandlePeriod,
  nextBucketStartMs,
  readBhavcopyFile,
  rollUp,
} from '@nivesh/market';
import type { Db } from '../../db/database.js';
import { listCandles, upsertCandles } from '../../repositories/candle.repository.js';
import { listSymbolsOfKind } from '../../repositories/instrument.repository.js';
import { upsertQuoteUnlessNewer } from '../../repositories/quote.repository.js';

export interface BhavcopyImportReport {
  imported: boolean;
  format: string;
  tradeDates: string[];
  /** Rows written: one daily candle and, where newer than the stored one, the quote. */
  candles: number;
  /** Weekly and monthly candles rolled up again from the daily ones of the imported days. */
  rolledUp: number;
  quotes: number;
  /** Rows for instruments this platform does not list, passed over. */
  unknownSymbols: number;
  /** Rows of other series (BE, SM, …) or segments, passed over by the parser. */
  skipped: number;
  errors: BhavRowError[];
}

// NSE's normal session closes at 15:30 IST; an imported close is dated at that minute.
const CLOSE_MINUTE_IST = 15 * 60 + 30;

/**
 * Imports an NSE daily bhavcopy (legacy CM or UDiFF, zipped or not) into daily candles and quotes:
 * real closes and previous closes replace the simulator's plausible levels. All or nothing: a file
 * with any bad row writes nothing and answers every bad row with its line number. Rows for
 * instruments that are not listed here are counted and passed over. The weekly and monthly candles
 * that hold an imported day are then rolled up again from the stored daily candles, in the same
 * transaction, so 1w and 1M agree with 1d.
 */
export async function importBhavcopy(db: Db, bytes: Uint8Array): Promise<BhavcopyImportReport> {
  const parsed = readBhavcopyFile(bytes);
  const report: BhavcopyImportReport = {
    imported: false,
    format: parsed.format,
    tradeDates: [...new Set(parsed.rows.map((row) => row.tradeDate))].sort(),
    candles: 0,
    rolledUp: 0,
    quotes: 0,
    unknownSymbols: 0,
    skipped: parsed.skipped.length,
    errors: parsed.errors,
  };
  if (parsed.errors.length > 0) return report;

  const listed = await listSymbolsOfKind(db, 'equity');
  // A symbol normally trades in one series a day; if a file lists it in both EQ and BE, EQ is the price.
  const hasEq = new Set(
    parsed.rows.filter((row) => row.series === 'EQ').map((row) => `${row.symbol}:${row.tradeDate}`),
  );
  const priced = parsed.rows.filter(
    (row) => row.series === 'EQ' || !hasEq.has(`${row.symbol}:${row.tradeDate}`),
  );
  report.skipped += parsed.rows.length - priced.length;
  const rows = priced.filter((row) => listed.has(row.symbol));
  report.unknownSymbols = priced.length - rows.length;
  await db.transaction().execute(async (trx) => {
    for (const row of rows) {
      const dayStartMs = istDayStartMs(row.tradeDate);
      await upsertCandles(trx, [
        {
          symbol: row.symbol,
          period: '1d',
          startMs: dayStartMs,
          openPaise: row.openPaise,
          highPaise: row.highPaise,
          lowPaise: row.lowPaise,
          closePaise: row.closePaise,
          volume: Number(row.volume),
        },
      ]);
      report.candles += 1;
      const written = await upsertQuoteUnlessNewer(trx, {
        symbol: row.symbol,
        pricePaise: row.closePaise,
        previousClosePaise: row.previousClosePaise,
        openPaise: row.openPaise,
        highPaise: row.highPaise,
        lowPaise: row.lowPaise,
        volume: row.volume,
        turnoverPaise: row.turnoverPaise,
        tickAtMs: dayStartMs + CLOSE_MINUTE_IST * 60_000,
        simulated: false,
      });
      if (written) report.quotes += 1;
    }
    report.rolledUp = await rollUpImportedDays(
      trx,
      rows.map((row) => ({ symbol: row.symbol, dayStartMs: istDayStartMs(row.tradeDate) })),
    );
  });
  report.imported = true;
  return report;
}

const ROLLED_UP_PERIODS: readonly CandlePeriod[] = ['1w', '1M'];

/**
 * Rebuilds, from the stored daily candles, every weekly and monthly candle that holds one of the
 * given days: one read and one upsert per bucket and symbol. Answers how many it wrote.
 *
 * Example: importing Friday 2026-11-20 rebuilds the week of Monday 2026-11-16 and November 2026
 * from every daily candle stored in them.
 */
export async function rollUpImportedDays(
  db: Db,
  days: ReadonlyArray<{ symbol: string; dayStartMs: number }>,
): Promise<number> {
  const buckets = new Map<string, { symbol: string; period: CandlePeriod; startMs: number }>();
  for (const { symbol, dayStartMs } of days) {
    for (const period of ROLLED_UP_PERIODS) {
      const startMs = bucketStartMs(period, dayStartMs);
      buckets.set(`${symbol}|${period}|${startMs}`, { symbol, period, startMs });
    }
  }
  const rolled: Candle[] = [];
  for (const { symbol, period, startMs } of buckets.values()) {
    const candles = await listCandles(db, symbol, {
      period: '1d',
      fromMs: startMs,
      beforeMs: nextBucketStartMs(period, startMs),
    });
    rolled.push(...rollUp(candles, period));
  }
  await upsertCandles(db, rolled);
  return rolled.length;
}
