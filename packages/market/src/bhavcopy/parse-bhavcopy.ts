import { isIsoDate } from '../candles/ist-time.js';
import { BhavcopyFileError } from './bhavcopy-file-error.js';
import { splitCsvLine } from './csv-line.js';
import { parseRupeesToPaise, parseWholeNumber } from './rupees.js';

export type BhavcopyFormat = 'legacy' | 'udiff';

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

/** Header names by format, upper-cased (the legacy file is upper case, UDiFF camel case). */
const COLUMNS: Record<BhavcopyFormat, Record<Field | 'isin' | 'segment', string>> = {
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
  },
};

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

interface ColumnIndexes {
  fields: Record<Field, number>;
  isin: number | undefined;
  segment: number | undefined;
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
  for (let index = headerIndex + 1; index < lines.length; index++) {
    const lineNumber = index + 1;
    const fields = splitCsvLine(lines[index]!).map((field) => field.trim());
    if (fields.every((field) => field === '')) continue;
    if (fields.length < columns.width) {
      result.errors.push({
        line: lineNumber,
        message: `has ${fields.length} fields, the header needs at least ${columns.width}`,
      });
      continue;
    }
    const symbol = fields[columns.fields.symbol]!;
    const series = fields[columns.fields.series]!.toUpperCase();
    const segment = columns.segment === undefined ? 'CM' : (fields[columns.segment] ?? '').toUpperCase();
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
  return result;
}

function detectFormat(header: readonly string[]): BhavcopyFormat {
  const has = (name: string) => header.includes(name);
  if (has('TRADDT') && has('TCKRSYMB')) return 'udiff';
  if (has('SYMBOL') && has('SERIES') && has('TIMESTAMP')) return 'legacy';
  const hint = has('DATE1')
    ? ' (this looks like the full bhavcopy with delivery, which is not supported)'
    : '';
  throw new BhavcopyFileError(
    'BHAVCOPY_UNKNOWN_FORMAT',
    `the header is neither the legacy nor the UDiFF NSE bhavcopy${hint}`,
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
  const isin = header.indexOf(names.isin);
  const segment = names.segment === '' ? -1 : header.indexOf(names.segment);
  return {
    fields,
    isin: isin < 0 ? undefined : isin,
    segment: segment < 0 ? undefined : segment,
    width: Math.max(...Object.values(fields)) + 1,
  };
}

function parseRow(
  fields: readonly string[],
  columns: ColumnIndexes,
  line: number,
): { row: BhavRow } | { problems: string[] } {
  const problems: string[] = [];
  const read = (field: Field) => fields[columns.fields[field]]!;
  const symbol = read('symbol');
  if (symbol === '') problems.push('the symbol is empty');

  const tradeDate = parseTradeDate(read('tradeDate'));
  if (!tradeDate) problems.push(`unknown trade date "${read('tradeDate')}"`);

  const price = (field: Field, label: string, isPositive: boolean): bigint => {
    const raw = read(field);
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
  };
  const openPaise = price('open', 'open', true);
  const highPaise = price('high', 'high', true);
  const lowPaise = price('low', 'low', true);
  const closePaise = price('close', 'close', true);
  const lastPaise = price('last', 'last', true);
  const previousClosePaise = price('previousClose', 'previous close', true);
  const turnoverPaise = price('turnover', 'turnover', false);
  const volume = parseWholeNumber(read('volume'));
  if (volume === undefined) problems.push(`volume "${read('volume')}" is not a whole number of shares`);

  if (problems.length === 0) {
    const traded = [openPaise, closePaise, lastPaise];
    if (traded.some((value) => value > highPaise) || lowPaise > highPaise) {
      problems.push('high is below the open, close, last or low');
    }
    if (traded.some((value) => value < lowPaise)) problems.push('low is above the open, close or last');
  }
  if (problems.length > 0 || !tradeDate || volume === undefined) return { problems };

  const isin = columns.isin === undefined ? '' : (fields[columns.isin] ?? '');
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
    },
  };
}

/** `08-JUN-2020` (legacy, any case) or `2025-09-10` (UDiFF) → `YYYY-MM-DD`, if a real date. */
function parseTradeDate(text: string): string | undefined {
  if (isIsoDate(text)) return text;
  const match = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/.exec(text);
  if (!match) return undefined;
  const month = MONTHS.indexOf(match[2]!.toUpperCase()) + 1;
  if (month === 0) return undefined;
  const date = `${match[3]}-${String(month).padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return isIsoDate(date) ? date : undefined;
}
