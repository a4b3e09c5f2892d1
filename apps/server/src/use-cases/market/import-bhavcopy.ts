import { isTradingDay, istDayStartMs, type ParameterValues } from '@nivesh/core';
import {
  type BhavcopyParseResult,
  type BhavRow,
  type BhavRowError,
  bucketStartMs,
  type Candle,
  type CandlePeriod,
  nextBucketStartMs,
  readBhavcopyFile,
  rollUp,
} from '@nivesh/market';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { MarketCalendar } from '../../market/market-calendar.js';
import {
  type DayBucket,
  deleteSimulatedCandles,
  insertCandlesOfNewInstruments,
  isSuperuser,
  rollUpStoredDays,
  skipTriggersUntilCommit,
  upsertCandles,
} from '../../repositories/candle.repository.js';
import { type DailyDelivery, upsertDailyDeliveries } from '../../repositories/daily-delivery.repository.js';
import {
  type CatalogueIdentity,
  findCatalogueIdentities,
  insertListedEquities,
  type ListedEquity,
  refreshMarketStatistics,
  updateEquityIdentities,
} from '../../repositories/instrument.repository.js';
import { readParameters } from '../../repositories/parameter.repository.js';
import {
  insertQuotesOfNewInstruments,
  type QuoteRecord,
  upsertImportedQuotes,
} from '../../repositories/quote.repository.js';

/**
 * Importing NSE's daily files (docs/adr/0023-nse-instrument-master-and-price-provenance.md,
 * docs/adr/0036-nse-import-in-batches.md): each bhavcopy is read whole (pure, in @nivesh/market);
 * then a batch of files, oldest day first, is written in one transaction of a few statements over
 * whole columns, never row by row:
 *
 * 1. the catalogue is read once, and each file in turn is settled against it in memory: equities
 *    it lists that are not listed here are to be created (the instrument master), with the tick,
 *    band and tradable switch of the import parameters, and an ISIN that differs from the
 *    catalogue's (as the files before it leave it) is reported and its rows passed over, unless
 *    the caller accepts ISIN changes (ISINs change on face-value splits: never silently); then
 *    the batch's new equities are created, and its identity changes written, in one statement each;
 * 2. the simulated candles of every symbol priced that was listed before are dropped, so its chart
 *    starts at its first real day; the files' days are written as `imported` daily candles (a
 *    later file's row for the same day wins, as it would imported after), and the weeks and months
 *    holding them rolled up again from their days, once for the batch: in memory, from the batch's
 *    days, for the equities the batch created (they have no other day stored), and in the
 *    database, from every stored day, for the others;
 * 3. each symbol's quote becomes its newest real close (`simulated: false`), whatever simulated
 *    quote it had; an older file never moves a newer real quote back;
 * 4. the full bhavcopy's delivery figures are stored.
 *
 * A file with a bad row writes nothing and answers every bad row with its line number; the other
 * files of its batch are imported. Writing a batch at once rather than file by file rolls each
 * week and month up once instead of once per day it holds, and writes each quote once (ADR 0036).
 */

export interface BhavcopyImportOptions {
  /** Apply the file's ISIN where it differs from the catalogue's (`--accept-isin-changes`). */
  acceptIsinChanges?: boolean;
}

export interface IsinDifference {
  symbol: string;
  catalogueIsin: string;
  fileIsin: string;
  /** Whether the catalogue now holds the file's ISIN (only with acceptIsinChanges). */
  applied: boolean;
}

/** Why rows were passed over, with how many: `series SM`, `ISIN differs`, … */
export type SkippedRows = Record<string, number>;

/** What importing one file of a batch did, or why it was refused. */
export interface BhavcopyFileReport {
  imported: boolean;
  format: string;
  tradeDates: string[];
  /** Data lines read from the file (the header and blank lines left out). */
  rowsRead: number;
  instrumentsCreated: number;
  /** Daily candles written. */
  candles: number;
  /** Days of delivery figures stored (full bhavcopy only). */
  deliveries: number;
  skipped: SkippedRows;
  isinDifferences: IsinDifference[];
  errors: BhavRowError[];
}

/** What the batch did as a whole, beside each file's report. */
export interface BhavcopyBatchFigures {
  /** Quotes that now hold a file's close. */
  quotes: number;
  /** Weekly and monthly candles rolled up again from the daily ones of the imported days. */
  rolledUp: number;
  /** Simulated candles dropped because their symbols now have real prices. */
  simulatedDropped: number;
}

export interface BhavcopyBatchReport extends BhavcopyBatchFigures {
  /** One report a file, in the order given. */
  files: BhavcopyFileReport[];
}

/** Importing one file: its report with the batch figures (a batch of one). */
export type BhavcopyImportReport = BhavcopyFileReport & BhavcopyBatchFigures;

/**
 * Most files written in one transaction: about a month of trading days, so that a year's back-fill
 * holds no transaction (and the candle rows it locks) for long, while a month's weeks and months
 * are rolled up once (ADR 0036).
 */
export const BHAVCOPY_FILES_PER_TRANSACTION = 25;

/** A file read and checked, not yet written: several are read first, then imported in date order. */
export type ReadBhavcopy = BhavcopyParseResult & { entryName: string | undefined };

// NSE's normal session closes at 15:30 IST; an imported close is dated at that minute.
const CLOSE_MINUTE_IST = 15 * 60 + 30;

/**
 * Reads a bhavcopy against the platform's NSE calendar (a file dated on a closed day is refused).
 * Throws BhavcopyFileError for a file that cannot be imported at all.
 */
export async function readBhavcopyForImport(db: Db, bytes: Uint8Array): Promise<ReadBhavcopy> {
  const calendar = await new MarketCalendar().reload(db);
  return readBhavcopyFile(bytes, { isTradingDay: (date) => isTradingDay(calendar, date) });
}

/** Reads and imports one file (see the module comment). */
export async function importBhavcopy(
  db: Db,
  bytes: Uint8Array,
  options: BhavcopyImportOptions = {},
): Promise<BhavcopyImportReport> {
  return importReadBhavcopy(db, await readBhavcopyForImport(db, bytes), options);
}

/** Imports a file read by readBhavcopyForImport, in one transaction. */
export async function importReadBhavcopy(
  db: Db,
  parsed: ReadBhavcopy,
  options: BhavcopyImportOptions = {},
): Promise<BhavcopyImportReport> {
  const { files, ...figures } = await importReadBhavcopies(db, [parsed], options);
  return { ...files[0]!, ...figures };
}

/**
 * Imports files read by readBhavcopyForImport, oldest day first, in one transaction (see the
 * module comment): at most BHAVCOPY_FILES_PER_TRANSACTION of them. A file with bad rows is
 * reported and passed over; the others are written.
 */
export async function importReadBhavcopies(
  db: Db,
  parsedFiles: readonly ReadBhavcopy[],
  options: BhavcopyImportOptions = {},
): Promise<BhavcopyBatchReport> {
  if (parsedFiles.length > BHAVCOPY_FILES_PER_TRANSACTION) {
    throw new RangeError(`at most ${BHAVCOPY_FILES_PER_TRANSACTION} files a transaction`);
  }
  const batch: BhavcopyBatchReport = {
    files: parsedFiles.map(fileReportOf),
    quotes: 0,
    rolledUp: 0,
    simulatedDropped: 0,
  };
  const toImport = batch.files.filter((report) => report.errors.length === 0);
  if (toImport.length === 0) return batch;

  await inTransaction(db, async (trx) => {
    const parameters = await readParameters(trx);
    const toSettle = parsedFiles.map((parsed, index) =>
      batch.files[index]!.errors.length > 0 ? [] : pricedRows(parsed.rows, batch.files[index]!.skipped),
    );
    // The catalogue is read once for the batch and settled in memory, file by file, so that a later
    // file sees the instruments an earlier one created and the identities it changed (ADR 0036).
    const catalogue = await findCatalogueIdentities(trx);
    const settlement: Settlement = { catalogue, created: new Map(), identities: new Map() };
    const rows: BhavRow[] = [];
    for (const [index, report] of batch.files.entries()) {
      if (report.errors.length > 0) continue;
      const priced = settleInstruments(toSettle[index]!, options, { parameters, report, settlement });
      report.candles = priced.length;
      report.deliveries = priced.filter(
        (row) => row.deliveredQuantity !== null && row.deliveryBps !== null,
      ).length;
      rows.push(...priced);
    }
    const created = new Set(
      await insertListedEquities(
        trx,
        [...settlement.created.values()].map((creation) => creation.equity),
      ),
    );
    for (const symbol of created) settlement.created.get(symbol)!.report.instrumentsCreated += 1;
    await updateEquityIdentities(trx, [...settlement.identities.values()]);
    // Every symbol written below is listed now (checked or created above), so a superuser skips
    // the per-row foreign-key checks of candles, quotes and deliveries, as the back-fill does.
    if (await isSuperuser(trx)) await skipTriggersUntilCommit(trx);
    const days = lastRowByDay(rows);
    // An equity created by this batch has no candle stored yet (candles reference instruments):
    // it has no simulated candle to drop, and its weeks and months are rolled up from the batch's
    // days alone, in memory, and written with them. Those of the equities listed before are rolled
    // up from every day stored in them, in the database (ADR 0036).
    const dayStartsMs = new Map<string, number>();
    const daily = days.map((row) => dailyCandleOf(row, dayStartsMs));
    const listedDaily = daily.filter((day) => !created.has(day.symbol));
    batch.simulatedDropped = await deleteSimulatedCandles(trx, [
      ...new Set(listedDaily.map((day) => day.symbol)),
    ]);
    const createdDaily = daily.filter((day) => created.has(day.symbol));
    const createdRolledUp = ROLLED_UP_PERIODS.flatMap((period) => rollUp(createdDaily, period));
    // Those of the created equities conflict with nothing, so they are written without the
    // conflict checks, by COPY on PGlite (ADR 0036).
    await insertCandlesOfNewInstruments(trx, [...createdDaily, ...createdRolledUp]);
    await upsertCandles(trx, listedDaily);
    const quotes = newestRowBySymbol(days).map(quoteOf);
    const createdQuotes = quotes.filter((quote) => created.has(quote.symbol));
    await insertQuotesOfNewInstruments(trx, createdQuotes);
    batch.quotes =
      createdQuotes.length +
      (await upsertImportedQuotes(
        trx,
        quotes.filter((quote) => !created.has(quote.symbol)),
      ));
    await upsertDailyDeliveries(trx, days.flatMap(deliveryOf));
    batch.rolledUp = createdRolledUp.length + (await rollUpImportedDays(trx, listedDaily));
  });
  await refreshMarketStatistics(db);
  for (const report of toImport) report.imported = true;
  return batch;
}

/** A file's report before it is written: what reading it found. */
function fileReportOf(parsed: ReadBhavcopy): BhavcopyFileReport {
  const report: BhavcopyFileReport = {
    imported: false,
    format: parsed.format,
    tradeDates: [...new Set(parsed.rows.map((row) => row.tradeDate))].sort(),
    rowsRead: parsed.rows.length + parsed.skipped.length + new Set(parsed.errors.map((e) => e.line)).size,
    instrumentsCreated: 0,
    candles: 0,
    deliveries: 0,
    skipped: {},
    isinDifferences: [],
    errors: parsed.errors,
  };
  for (const row of parsed.skipped) countSkipped(report.skipped, row.reason);
  return report;
}

/**
 * One row a symbol and day: the last given, as if each file were imported after the one before
 * (two files of the same day, such as its UDiFF and full bhavcopy, in one batch).
 */
function lastRowByDay(rows: readonly BhavRow[]): BhavRow[] {
  const byDay = new Map<string, BhavRow>();
  for (const row of rows) byDay.set(`${row.symbol}|${row.tradeDate}`, row);
  return byDay.size === rows.length ? [...rows] : [...byDay.values()];
}

function countSkipped(skipped: SkippedRows, reason: string, count = 1): void {
  if (count > 0) skipped[reason] = (skipped[reason] ?? 0) + count;
}

/** A symbol normally trades in one series a day; if a file lists it in both EQ and BE, EQ is the price. */
function pricedRows(rows: readonly BhavRow[], skipped: SkippedRows): BhavRow[] {
  const hasEq = new Set(
    rows.filter((row) => row.series === 'EQ').map((row) => `${row.symbol}:${row.tradeDate}`),
  );
  const priced = rows.filter((row) => row.series === 'EQ' || !hasEq.has(`${row.symbol}:${row.tradeDate}`));
  countSkipped(skipped, 'BE beside an EQ row', rows.length - priced.length);
  return priced;
}

/**
 * What settling a batch's files against the catalogue found: the catalogue as the files so far
 * leave it, the equities to create (each with the report of the file that lists it first) and
 * the identities to change (the last file's wins).
 */
interface Settlement {
  catalogue: Map<string, CatalogueIdentity>;
  created: Map<string, { equity: ListedEquity; report: BhavcopyFileReport }>;
  identities: Map<string, { symbol: string; isin: string | null; series: string }>;
}

/**
 * Settles one file's rows against the catalogue as the batch's earlier files leave it: the
 * equities it lists that are not listed are to be created, the ISIN of those that are is checked;
 * answers the rows to price: those of equities, less those whose ISIN differs (unless accepted).
 * The catalogue is then updated as writing the file would update it.
 */
function settleInstruments(
  rows: readonly BhavRow[],
  options: BhavcopyImportOptions,
  {
    parameters,
    report,
    settlement,
  }: { parameters: ParameterValues; report: BhavcopyFileReport; settlement: Settlement },
): BhavRow[] {
  const { catalogue } = settlement;
  const created = new Map<string, ListedEquity>();
  const identities = new Map<string, { symbol: string; isin: string | null; series: string }>();
  const priced: BhavRow[] = [];
  for (const row of rows) {
    const instrument = catalogue.get(row.symbol);
    if (!instrument) {
      created.set(row.symbol, {
        symbol: row.symbol,
        name: row.name ?? row.symbol,
        isin: row.isin,
        series: row.series,
        tickPaise: parameters.imported_tick_paise,
        priceBandBps: row.series === 'BE' ? parameters.imported_band_be_bps : parameters.imported_band_eq_bps,
        tradable: parameters.imported_instruments_tradable,
      });
      priced.push(row);
      continue;
    }
    if (instrument.kind !== 'equity') {
      countSkipped(report.skipped, `not an equity here (${instrument.kind})`);
      continue;
    }
    const differs = row.isin !== null && instrument.isin !== null && row.isin !== instrument.isin;
    if (differs && !report.isinDifferences.some((difference) => difference.symbol === row.symbol)) {
      report.isinDifferences.push({
        symbol: row.symbol,
        catalogueIsin: instrument.isin!,
        fileIsin: row.isin!,
        applied: options.acceptIsinChanges === true,
      });
    }
    if (differs && !options.acceptIsinChanges) {
      countSkipped(report.skipped, 'ISIN differs from the catalogue');
      continue;
    }
    const isinChanges = row.isin !== null && row.isin !== instrument.isin;
    if (isinChanges || row.series !== instrument.series) {
      identities.set(row.symbol, { symbol: row.symbol, isin: row.isin, series: row.series });
    }
    priced.push(row);
  }
  for (const equity of created.values()) {
    settlement.created.set(equity.symbol, { equity, report });
    catalogue.set(equity.symbol, { kind: 'equity', isin: equity.isin, series: equity.series });
  }
  for (const identity of identities.values()) {
    // As updateEquityIdentities writes it, a file without an ISIN keeps the one before it: the
    // catalogue's, or the one an earlier file of the batch changed it to.
    const earlierIsin = settlement.identities.get(identity.symbol)?.isin ?? null;
    settlement.identities.set(identity.symbol, { ...identity, isin: identity.isin ?? earlierIsin });
    const isin = identity.isin ?? catalogue.get(identity.symbol)!.isin;
    catalogue.set(identity.symbol, { kind: 'equity', isin, series: identity.series });
  }
  return priced;
}

/** A row's daily candle; `dayStartsMs` keeps each trade date's start, computed once a batch. */
function dailyCandleOf(row: BhavRow, dayStartsMs: Map<string, number>): Candle {
  let startMs = dayStartsMs.get(row.tradeDate);
  if (startMs === undefined) {
    startMs = istDayStartMs(row.tradeDate);
    dayStartsMs.set(row.tradeDate, startMs);
  }
  return {
    symbol: row.symbol,
    period: '1d',
    startMs,
    openPaise: row.openPaise,
    highPaise: row.highPaise,
    lowPaise: row.lowPaise,
    closePaise: row.closePaise,
    volume: Number(row.volume),
    source: 'imported',
  };
}

/** Each symbol's newest day in the file (a file normally holds one day). */
function newestRowBySymbol(rows: readonly BhavRow[]): BhavRow[] {
  const newest = new Map<string, BhavRow>();
  for (const row of rows) {
    const held = newest.get(row.symbol);
    if (!held || held.tradeDate < row.tradeDate) newest.set(row.symbol, row);
  }
  return [...newest.values()];
}

function quoteOf(row: BhavRow): QuoteRecord {
  return {
    symbol: row.symbol,
    pricePaise: row.closePaise,
    previousClosePaise: row.previousClosePaise,
    openPaise: row.openPaise,
    highPaise: row.highPaise,
    lowPaise: row.lowPaise,
    volume: row.volume,
    turnoverPaise: row.turnoverPaise,
    tickAtMs: istDayStartMs(row.tradeDate) + CLOSE_MINUTE_IST * 60_000,
    simulated: false,
    source: 'imported',
  };
}

function deliveryOf(row: BhavRow): DailyDelivery[] {
  if (row.deliveredQuantity === null || row.deliveryBps === null) return [];
  return [
    {
      symbol: row.symbol,
      tradeDate: row.tradeDate,
      tradedQuantity: row.volume,
      deliveredQuantity: row.deliveredQuantity,
      deliveryBps: row.deliveryBps,
    },
  ];
}

const ROLLED_UP_PERIODS: readonly CandlePeriod[] = ['1w', '1M'];

/**
 * Rebuilds, from the stored daily candles, every weekly and monthly candle that holds one of the
 * given days, in one statement (rollUpStoredDays): only the weeks and months touched are read, and
 * only the candles that change are written. Answers how many it wrote. A rolled candle is
 * `imported` when all its days are (combinedSource).
 *
 * Example: importing Friday 2026-11-20 rebuilds the week of Monday 2026-11-16 and November 2026
 * from every daily candle stored in them.
 */
export async function rollUpImportedDays(db: Db, days: readonly Candle[]): Promise<number> {
  const buckets: DayBucket[] = [];
  for (const dayStartMs of new Set(days.map((day) => day.startMs))) {
    for (const period of ROLLED_UP_PERIODS) {
      const startMs = bucketStartMs(period, dayStartMs);
      buckets.push({ dayStartMs, period, startMs, beforeMs: nextBucketStartMs(period, startMs) });
    }
  }
  return rollUpStoredDays(
    db,
    { symbols: days.map((day) => day.symbol), dayStartsMs: days.map((day) => day.startMs) },
    buckets,
  );
}
