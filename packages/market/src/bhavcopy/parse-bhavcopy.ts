import { isIsoDate } from '../candles/ist-time.js';
import { BhavcopyFileError } from './bhavcopy-file-error.js';
import { splitCsvLine } from './csv-line.js';
import { parseHundredths, parseRupeesToPaise, parseWholeNumber } from './rupees.js';

/**
 * `legacy`: `cmDDMMMYYYYbhav.csv`; `udiff`: `BhavCopy_NSE_CM_…csv`; `full`: the full bhavcopy with
 * security deliverable data, `sec_bhavdata_full_DDMMYYYY.csv` (no ISIN, no name, turnover in lakhs).
 */
export type BhavcopyFormat = 'legacy' | 'udiff' | 'full';

/** One equity's day from an NSE cash-market bhavcopy, in paise and whole shares. */
export interface BhavRow {
  /** Line in the file, 1-based (the header is line 1). */
  line: number;
  symbol: string;
  /** Null in old legacy files that predate the ISIN column. */
  isin: string | null;
  series: string;
  /** `YYYY-MM-DD`. */
  tradeDate: string;
  openPaise: bigint;
  highPaise: bigint;
  lowPaise: bigint;
  closePaise: bigint;
  lastPaise: bigint;
  previousClosePaise: bigint;
  /** Shares traded. */
  volume: bigint;
  turnoverPaise: bigint;
  /** The company's name as NSE writes it (UDiFF only), e.g. `RELIANCE INDUSTRIES LTD`. */
  name: string | null;
  /** Shares delivered (full bhavcopy only; null where NSE writes `-`, as for BE rows). */
  deliveredQuantity: bigint | null;
  /** Delivered ÷ traded in basis points (69.37% is 6937), as NSE states it; null with the quantity. */
  deliveryBps: number | null;
}

export interface BhavRowError {
  line: number;
  message: string;
}

/** A well-formed row left out on purpose: another series or segment. Not an error. */
export interface SkippedBhavRow {
  line: number;
  symbol: string;
  series: string;
  reason: string;
}

export interface BhavcopyParseResult {
  format: BhavcopyFormat;
  rows: BhavRow[];
  errors: BhavRowError[];
  skipped: SkippedBhavRow[];
}

export interface ParseBhavcopyOptions {
  /** Series kept as equities; `EQ` (normal) and `BE` (trade-for-trade) by default. */
  series?: readonly string[];
  /**
   * Whether NSE traded on a `YYYY-MM-DD` date (the platform's calendar); when given, a file dated
   * on any other day is refused whole.
   */
  isTradingDay?: (date: string) => boolean;
}

type Field =
  | 'symbol'
  | 'series'
  | 'tradeDate'
  | 'open'
  | 'high'
  | 'low'
  | 'close'
  | 'last'
  | 'previousClose'
  | 'volume'
  | 'turnover';

const REQUIRED_FIELDS: readonly Field[] = [
  'symbol',
  'series',
  'tradeDate',
  'open',
  'high',
  'low',
  'close',
  'last',
  'previousClose',
  'volume',
  'turnover',
];

type OptionalColumn = 'isin' | 'segment' | 'source' | 'name' | 'deliveredQuantity' | 'deliveryPercent';

/** Header names by format, upper-cased (the legacy file is upper case, UDiFF camel case). */
const COLUMNS: Record<BhavcopyFormat, Record<Field | OptionalColumn, string>> = {
  legacy: {
    symbol: 'SYMBOL',
    series: 'SERIES',
    tradeDate: 'TIMESTAMP',
    open: 'OPEN',
    high: 'HIGH',
    low: 'LOW',
    close: 'CLOSE',
    last: 'LAST',
    previousClose: 'PREVCLOSE',
    volume: 'TOTTRDQTY',
    turnover: 'TOTTRDVAL',
    isin: 'ISIN',
    segment: '',
    source: '',
    name: '',
    deliveredQuantity: '',
    deliveryPercent: '',
  },
  udiff: {
    symbol: 'TCKRSYMB',
    series: 'SCTYSRS',
    tradeDate: 'TRADDT',
    open: 'OPNPRIC',
    high: 'HGHPRIC',
    low: 'LWPRIC',
    close: 'CLSPRIC',
    last: 'LASTPRIC',
    previousClose: 'PRVSCLSGPRIC',
    volume: 'TTLTRADGVOL',
    turnover: 'TTLTRFVAL',
    isin: 'ISIN',
    segment: 'SGMT',
    source: 'SRC',
    name: 'FININSTRMNM',
    deliveredQuantity: '',
    deliveryPercent: '',
  },
  full: {
    symbol: 'SYMBOL',
    series: 'SERIES',
    tradeDate: 'DATE1',
    open: 'OPEN_PRICE',
    high: 'HIGH_PRICE',
    low: 'LOW_PRICE',
    close: 'CLOSE_PRICE',
    last: 'LAST_PRICE',
    previousClose: 'PREV_CLOSE',
    volume: 'TTL_TRD_QNTY',
    turnover: 'TURNOVER_LACS',
    isin: '',
    segment: '',
    source: '',
    name: '',
    deliveredQuantity: 'DELIV_QTY',
    deliveryPercent: 'DELIV_PER',
  },
};

/** Paise in one lakh of rupees (the full bhavcopy states turnover in lakhs, 2 decimals). */
const PAISE_PER_HUNDREDTH_LAKH = 100_000n;

const OPTIONAL_COLUMNS: readonly OptionalColumn[] = [
  'isin',
  'segment',
  'source',
  'name',
  'deliveredQuantity',
  'deliveryPercent',
];

/** A line of nothing but spaces and commas (a spreadsheet's empty row) is passed over. */
const BLANK_LINE = /^[\s,]*$/;

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

interface ColumnIndexes {
  format: BhavcopyFormat;
  fields: Record<Field, number>;
  optional: Record<OptionalColumn, number | undefined>;
  /** The most fields a row must have to reach every required column. */
  width: number;
}

/**
 * Parses an NSE cash-market bhavcopy, legacy (`cmDDMMMYYYYbhav.csv`) or UDiFF
 * (`BhavCopy_NSE_CM_…csv`), told apart by the header. Keeps equity series, lists other series as
 * skipped, and lists every bad row with its line, so that the importer can refuse the whole file
 * rather than import half of it. Example: the legacy row
 * `20MICRONS,EQ,31,32.3,30.75,31.75,31.8,29.5,204437,6486718.85,08-JUN-2020,1636,INE144J01027,`
 * reads as open 3100n, high 3230n, close 3175n paise on 2020-06-08.
 *
 * Throws BhavcopyFileError when the file is empty or its header is neither format.
 */
export function parseBhavcopy(text: string, options: ParseBhavcopyOptions = {}): BhavcopyParseResult {
  const acceptedSeries = new Set((options.series ?? ['EQ', 'BE']).map((series) => series.toUpperCase()));
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headerIndex = lines.findIndex((line) => line.trim() !== '');
  if (headerIndex < 0) throw new BhavcopyFileError('BHAVCOPY_EMPTY', 'the bhavcopy file is empty');
  const header = splitCsvLine(lines[headerIndex]!).map((name) => name.trim().toUpperCase());
  const format = detectFormat(header);
  const columns = indexColumns(format, header);

  const result: BhavcopyParseResult = { format, rows: [], errors: [], skipped: [] };
  const firstLineByKey = new Map<string, number>();
  const segments = new Map<string, number>();
  for (let index = headerIndex + 1; index < lines.length; index++) {
    const lineNumber = index + 1;
    const line = lines[index]!;
    if (BLANK_LINE.test(line)) continue;
    // Fields are trimmed as they are read: a UDiFF line has 34 columns, of which 16 are used.
    const fields = splitCsvLine(line);
    if (fields.length < columns.width) {
      result.errors.push({
        line: lineNumber,
        message: `has ${fields.length} fields, the header needs at least ${columns.width}`,
      });
      continue;
    }
    const symbol = fields[columns.fields.symbol]!.trim();
    const series = fields[columns.fields.series]!.trim().toUpperCase();
    const exchange = optionalField(fields, columns, 'source').toUpperCase();
    if (exchange !== '' && exchange !== 'NSE') {
      throw new BhavcopyFileError(
        'BHAVCOPY_OTHER_MARKET',
        `line ${lineNumber} is a ${exchange} row: only NSE's capital-market bhavcopy is read`,
      );
    }
    const segment = optionalField(fields, columns, 'segment').toUpperCase() || 'CM';
    segments.set(segment, (segments.get(segment) ?? 0) + 1);
    if (segment !== 'CM') {
      result.skipped.push({ line: lineNumber, symbol, series, reason: `segment ${segment || '(empty)'}` });
      continue;
    }
    if (!acceptedSeries.has(series)) {
      result.skipped.push({ line: lineNumber, symbol, series, reason: `series ${series || '(empty)'}` });
      continue;
    }
    const parsed = parseRow(fields, columns, lineNumber);
    if ('problems' in parsed) {
      for (const message of parsed.problems) result.errors.push({ line: lineNumber, message });
      continue;
    }
    const key = `${parsed.row.symbol}|${parsed.row.series}|${parsed.row.tradeDate}`;
    const firstLine = firstLineByKey.get(key);
    if (firstLine !== undefined) {
      result.errors.push({
        line: lineNumber,
        message: `${symbol} ${series} on ${parsed.row.tradeDate} repeats line ${firstLine}`,
      });
      continue;
    }
    firstLineByKey.set(key, lineNumber);
    result.rows.push(parsed.row);
  }
  refuseUnusable(result, segments, options);
  return result;
}

/**
 * A file that holds nothing to import is refused whole, saying why: another segment's file (F&O,
 * currency), only other series, or a day NSE did not trade.
 */
function refuseUnusable(
  result: BhavcopyParseResult,
  segments: ReadonlyMap<string, number>,
  options: ParseBhavcopyOptions,
): void {
  if (result.rows.length === 0 && result.errors.length === 0) {
    if (!segments.has('CM') && segments.size > 0) {
      throw new BhavcopyFileError(
        'BHAVCOPY_OTHER_MARKET',
        `the file holds segment ${[...segments.keys()].join(', ')} rows: only the capital market (CM) is read`,
      );
    }
    throw new BhavcopyFileError(
      'BHAVCOPY_NO_ROWS',
      `the file has no EQ or BE rows to import (${result.skipped.length} rows of other series passed over)`,
    );
  }
  if (!options.isTradingDay) return;
  const dates = [...new Set(result.rows.map((row) => row.tradeDate))].sort();
  const closed = dates.filter((date) => !options.isTradingDay!(date));
  if (closed.length > 0) {
    throw new BhavcopyFileError(
      'BHAVCOPY_NOT_TRADING_DAY',
      `${closed.join(', ')} is not a trading day on NSE's calendar`,
    );
  }
}

function optionalField(fields: readonly string[], columns: ColumnIndexes, column: OptionalColumn): string {
  const index = columns.optional[column];
  return index === undefined ? '' : (fields[index]?.trim() ?? '');
}

function detectFormat(header: readonly string[]): BhavcopyFormat {
  const has = (name: string) => header.includes(name);
  if (has('TRADDT') && has('TCKRSYMB')) return 'udiff';
  if (has('SYMBOL') && has('SERIES') && has('TIMESTAMP')) return 'legacy';
  if (has('SYMBOL') && has('SERIES') && has('DATE1')) return 'full';
  // Files of another market, told apart by the columns only they have.
  if (has('INSTRUMENT') && has('EXPIRY_DT')) {
    throw new BhavcopyFileError(
      'BHAVCOPY_OTHER_MARKET',
      'this is NSE’s F&O bhavcopy: only the capital market (CM) is read',
    );
  }
  if (has('SC_CODE') || has('SC_NAME')) {
    throw new BhavcopyFileError('BHAVCOPY_OTHER_MARKET', 'this is a BSE bhavcopy: only NSE files are read');
  }
  throw new BhavcopyFileError(
    'BHAVCOPY_UNKNOWN_FORMAT',
    'the header is none of the legacy, UDiFF or full (with delivery) NSE bhavcopy',
  );
}

function indexColumns(format: BhavcopyFormat, header: readonly string[]): ColumnIndexes {
  const names = COLUMNS[format];
  const missing: string[] = [];
  const fields = {} as Record<Field, number>;
  for (const field of REQUIRED_FIELDS) {
    const index = header.indexOf(names[field]);
    if (index < 0) missing.push(names[field]);
    fields[field] = index;
  }
  if (missing.length > 0) {
    throw new BhavcopyFileError('BHAVCOPY_UNKNOWN_FORMAT', `the header lacks ${missing.join(', ')}`);
  }
  const optional = {} as Record<OptionalColumn, number | undefined>;
  for (const column of OPTIONAL_COLUMNS) {
    const index = names[column] === '' ? -1 : header.indexOf(names[column]);
    optional[column] = index < 0 ? undefined : index;
  }
  return { format, fields, optional, width: Math.max(...Object.values(fields)) + 1 };
}

function parseRow(
  fields: readonly string[],
  columns: ColumnIndexes,
  line: number,
): { row: BhavRow } | { problems: string[] } {
  const problems: string[] = [];
  // Module functions rather than closures made per row: a day's file has thousands of rows.
  const read = (field: Field) => readField(fields, columns, field);
  const symbol = read('symbol');
  if (symbol === '') problems.push('the symbol is empty');

  const tradeDate = parseTradeDate(read('tradeDate'));
  if (!tradeDate) problems.push(`unknown trade date "${read('tradeDate')}"`);

  const price = (field: Field, label: string, isPositive: boolean) =>
    readPrice(read(field), label, isPositive, problems);
  const openPaise = price('open', 'open', true);
  const highPaise = price('high', 'high', true);
  const lowPaise = price('low', 'low', true);
  const closePaise = price('close', 'close', true);
  const lastPaise = price('last', 'last', true);
  const previousClosePaise = price('previousClose', 'previous close', true);
  const turnover = price('turnover', 'turnover', false);
  const turnoverPaise = columns.format === 'full' ? turnover * PAISE_PER_HUNDREDTH_LAKH : turnover;
  const volume = parseWholeNumber(read('volume'));
  if (volume === undefined) problems.push(countProblem('volume', read('volume')));
  const delivery = readDelivery(fields, columns, problems);

  if (problems.length === 0) {
    const traded = [openPaise, closePaise, lastPaise];
    if (traded.some((value) => value > highPaise) || lowPaise > highPaise) {
      problems.push('high is below the open, close, last or low');
    }
    if (traded.some((value) => value < lowPaise)) problems.push('low is above the open, close or last');
    if (delivery.deliveredQuantity !== null && delivery.deliveredQuantity > volume!) {
      problems.push('more shares delivered than traded');
    }
  }
  if (problems.length > 0 || !tradeDate || volume === undefined) return { problems };

  const isin = optionalField(fields, columns, 'isin');
  const name = optionalField(fields, columns, 'name');
  return {
    row: {
      line,
      symbol,
      isin: isin === '' ? null : isin,
      series: read('series').toUpperCase(),
      tradeDate,
      openPaise,
      highPaise,
      lowPaise,
      closePaise,
      lastPaise,
      previousClosePaise,
      volume,
      turnoverPaise,
      name: name === '' ? null : name,
      ...delivery,
    },
  };
}

function readField(fields: readonly string[], columns: ColumnIndexes, field: Field): string {
  return fields[columns.fields[field]]!.trim();
}

/** A price field in paise, or 0n with its problem noted. */
function readPrice(raw: string, label: string, isPositive: boolean, problems: string[]): bigint {
  const paise = parseRupeesToPaise(raw);
  if (paise === undefined) {
    problems.push(
      /^\d+\.\d{3,}$/.test(raw)
        ? `${label} "${raw}" has more than 2 decimals`
        : `${label} "${raw}" is not an amount in rupees`,
    );
    return 0n;
  }
  if (isPositive && paise <= 0n) problems.push(`${label} must be positive`);
  return paise;
}

function countProblem(label: string, raw: string): string {
  return /^-\s*\d/.test(raw.trim())
    ? `${label} "${raw}" is negative`
    : `${label} "${raw}" is not a whole number of shares`;
}

/** The delivery columns of the full bhavcopy: `-` (no delivery data, as for BE rows) reads as null. */
function readDelivery(
  fields: readonly string[],
  columns: ColumnIndexes,
  problems: string[],
): { deliveredQuantity: bigint | null; deliveryBps: number | null } {
  const quantityText = optionalField(fields, columns, 'deliveredQuantity');
  const percentText = optionalField(fields, columns, 'deliveryPercent');
  if (quantityText === '' || quantityText === '-' || percentText === '' || percentText === '-') {
    return { deliveredQuantity: null, deliveryBps: null };
  }
  const deliveredQuantity = parseWholeNumber(quantityText);
  if (deliveredQuantity === undefined) problems.push(countProblem('delivered quantity', quantityText));
  const hundredths = parseHundredths(percentText);
  if (hundredths === undefined || hundredths > 10_000n) {
    problems.push(`delivery percentage "${percentText}" is not between 0 and 100 with 2 decimals`);
  }
  return {
    deliveredQuantity: deliveredQuantity ?? null,
    deliveryBps: hundredths === undefined ? null : Number(hundredths),
  };
}

/**
 * `08-JUN-2020` (legacy, any case; the full bhavcopy writes `01-Aug-2025`) or `2025-09-10` (UDiFF)
 * → `YYYY-MM-DD`, if a real date.
 */
function parseTradeDate(text: string): string | undefined {
  if (isIsoDate(text)) return text;
  const match = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/.exec(text);
  if (!match) return undefined;
  const month = MONTHS.indexOf(match[2]!.toUpperCase()) + 1;
  if (month === 0) return undefined;
  const date = `${match[3]}-${String(month).padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return isIsoDate(date) ? date : undefined;
}
