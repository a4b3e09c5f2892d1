import type { Candle, CandlePeriod } from '@nivesh/market';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { LiveQuote } from './market-bus.js';

/**
 * Candle and quote storage for the running market. Every write is one statement over whole
 * columns (`unnest` of arrays), so a batch of any size costs one round trip, on PGlite and on
 * PostgreSQL alike, and the statement text never changes (PostgreSQL plans it once).
 */

/** Rows per INSERT during a back-fill: large enough to amortise the statement, small enough for memory. */
export const BULK_ROWS_PER_STATEMENT = 10_000;

interface CandleColumns {
  symbols: string[];
  periods: string[];
  starts: string[];
  opens: string[];
  highs: string[];
  lows: string[];
  closes: string[];
  volumes: string[];
}

function toColumns(candles: readonly Candle[], from: number, to: number): CandleColumns {
  const size = to - from;
  const columns: CandleColumns = {
    symbols: new Array<string>(size),
    periods: new Array<string>(size),
    starts: new Array<string>(size),
    opens: new Array<string>(size),
    highs: new Array<string>(size),
    lows: new Array<string>(size),
    closes: new Array<string>(size),
    volumes: new Array<string>(size),
  };
  for (let index = from; index < to; index++) {
    const candle = candles[index]!;
    const row = index - from;
    columns.symbols[row] = candle.symbol;
    columns.periods[row] = candle.period;
    columns.starts[row] = String(candle.startMs);
    columns.opens[row] = String(candle.openPaise);
    columns.highs[row] = String(candle.highPaise);
    columns.lows[row] = String(candle.lowPaise);
    columns.closes[row] = String(candle.closePaise);
    columns.volumes[row] = String(candle.volume);
  }
  return columns;
}

function candleRows(columns: CandleColumns) {
  return sql`SELECT * FROM unnest(
    ${columns.symbols}::text[], ${columns.periods}::text[], ${columns.starts}::bigint[],
    ${columns.opens}::bigint[], ${columns.highs}::bigint[], ${columns.lows}::bigint[],
    ${columns.closes}::bigint[], ${columns.volumes}::bigint[])`;
}

/**
 * Inserts history in statements of BULK_ROWS_PER_STATEMENT rows; a candle already stored is kept
 * (the back-fill never overwrites what a feed or an import wrote). Run it inside a transaction.
 */
export async function insertHistoryCandles(db: Db, candles: readonly Candle[]): Promise<void> {
  for (let from = 0; from < candles.length; from += BULK_ROWS_PER_STATEMENT) {
    const to = Math.min(candles.length, from + BULK_ROWS_PER_STATEMENT);
    await sql`INSERT INTO candles
        (symbol, period, bucket_start_ms, open_paise, high_paise, low_paise, close_paise, volume)
      ${candleRows(toColumns(candles, from, to))}
      ON CONFLICT (symbol, period, bucket_start_ms) DO NOTHING`.execute(db);
  }
}

/** Writes the current state of candles that are forming (or just finished): one statement. */
export async function upsertCandles(db: Db, candles: readonly Candle[]): Promise<void> {
  if (candles.length === 0) return;
  await sql`INSERT INTO candles
      (symbol, period, bucket_start_ms, open_paise, high_paise, low_paise, close_paise, volume)
    ${candleRows(toColumns(candles, 0, candles.length))}
    ON CONFLICT (symbol, period, bucket_start_ms) DO UPDATE SET
      open_paise = excluded.open_paise,
      high_paise = excluded.high_paise,
      low_paise = excluded.low_paise,
      close_paise = excluded.close_paise,
      volume = excluded.volume`.execute(db);
}

/** Writes quotes, one statement for any number of symbols. */
export async function upsertQuotes(db: Db, quotes: readonly LiveQuote[]): Promise<void> {
  if (quotes.length > 0) await quotesUpsert(quotes).execute(db);
}

/** The statement of upsertQuotes, to compile for another connection. */
export function quotesUpsert(quotes: readonly LiveQuote[]) {
  const column = <T>(read: (quote: LiveQuote) => T) => quotes.map(read);
  return sql`INSERT INTO quotes
      (symbol, price_paise, previous_close_paise, open_paise, high_paise, low_paise, volume,
       turnover_paise, tick_at_ms, simulated)
    SELECT * FROM unnest(
      ${column((quote) => quote.symbol)}::text[],
      ${column((quote) => String(quote.pricePaise))}::bigint[],
      ${column((quote) => String(quote.previousClosePaise))}::bigint[],
      ${column((quote) => String(quote.openPaise))}::bigint[],
      ${column((quote) => String(quote.highPaise))}::bigint[],
      ${column((quote) => String(quote.lowPaise))}::bigint[],
      ${column((quote) => String(quote.volume))}::bigint[],
      ${column((quote) => String(quote.turnoverPaise))}::bigint[],
      ${column((quote) => String(quote.tickAtMs))}::bigint[],
      ${column((quote) => quote.simulated)}::boolean[])
    ON CONFLICT (symbol) DO UPDATE SET
      price_paise = excluded.price_paise,
      previous_close_paise = excluded.previous_close_paise,
      open_paise = excluded.open_paise,
      high_paise = excluded.high_paise,
      low_paise = excluded.low_paise,
      volume = excluded.volume,
      turnover_paise = excluded.turnover_paise,
      tick_at_ms = excluded.tick_at_ms,
      simulated = excluded.simulated`;
}

/** The COPY statement that reads candlesCsv from a blob (PGlite). */
export const COPY_CANDLES_FROM_BLOB = `COPY candles
  (symbol, period, bucket_start_ms, open_paise, high_paise, low_paise, close_paise, volume)
  FROM '/dev/blob' WITH (FORMAT csv)`;

/** Candles as CSV rows for COPY_CANDLES_FROM_BLOB. Symbols never need quoting (A-Z, 0-9, &, _, -). */
export function candlesCsv(candles: readonly Candle[]): string {
  const lines = new Array<string>(candles.length);
  for (let index = 0; index < candles.length; index++) {
    const candle = candles[index]!;
    lines[index] =
      `${candle.symbol},${candle.period},${candle.startMs},${candle.openPaise},${candle.highPaise},` +
      `${candle.lowPaise},${candle.closePaise},${candle.volume}`;
  }
  return `${lines.join('\n')}\n`;
}

/** The symbols among `symbols` that have at least one candle stored (of `period`, when given). */
export async function symbolsWithCandles(
  db: Db,
  symbols: readonly string[],
  period?: CandlePeriod,
): Promise<Set<string>> {
  if (symbols.length === 0) return new Set();
  const result = await sql<{ symbol: string }>`SELECT s.symbol
    FROM unnest(${[...symbols]}::text[]) AS s(symbol)
    WHERE EXISTS (
      SELECT 1 FROM candles c
      WHERE c.symbol = s.symbol ${period ? sql`AND c.period = ${period}` : sql``}
    )`.execute(db);
  return new Set(result.rows.map((row) => row.symbol));
}

interface CandleRow {
  symbol: string;
  period: CandlePeriod;
  bucket_start_ms: bigint;
  open_paise: bigint;
  high_paise: bigint;
  low_paise: bigint;
  close_paise: bigint;
  volume: bigint;
}

/** The newest stored candle of each symbol and period: one index probe each. */
export async function readLatestCandles(
  db: Db,
  symbols: readonly string[],
  periods: readonly CandlePeriod[],
): Promise<Candle[]> {
  if (symbols.length === 0 || periods.length === 0) return [];
  const result = await sql<CandleRow>`SELECT c.*
    FROM unnest(${[...symbols]}::text[]) AS s(symbol)
    CROSS JOIN unnest(${[...periods]}::text[]) AS p(period)
    CROSS JOIN LATERAL (
      SELECT * FROM candles
      WHERE candles.symbol = s.symbol AND candles.period = p.period
      ORDER BY bucket_start_ms DESC
      LIMIT 1
    ) AS c`.execute(db);
  return result.rows.map((row) => ({
    symbol: row.symbol,
    period: row.period,
    startMs: Number(row.bucket_start_ms),
    openPaise: BigInt(row.open_paise),
    highPaise: BigInt(row.high_paise),
    lowPaise: BigInt(row.low_paise),
    closePaise: BigInt(row.close_paise),
    volume: Number(row.volume),
  }));
}

interface QuoteRow {
  symbol: string;
  price_paise: bigint;
  previous_close_paise: bigint;
  open_paise: bigint;
  high_paise: bigint;
  low_paise: bigint;
  volume: bigint;
  turnover_paise: bigint;
  tick_at_ms: bigint;
  simulated: boolean;
}

/** The stored quotes of `symbols`, by symbol. */
export async function readQuotes(db: Db, symbols: readonly string[]): Promise<Map<string, LiveQuote>> {
  if (symbols.length === 0) return new Map();
  const result = await sql<QuoteRow>`SELECT * FROM quotes
    WHERE symbol = ANY(${[...symbols]}::text[])`.execute(db);
  return new Map(
    result.rows.map((row) => [
      row.symbol,
      {
        symbol: row.symbol,
        pricePaise: BigInt(row.price_paise),
        previousClosePaise: BigInt(row.previous_close_paise),
        openPaise: BigInt(row.open_paise),
        highPaise: BigInt(row.high_paise),
        lowPaise: BigInt(row.low_paise),
        volume: BigInt(row.volume),
        turnoverPaise: BigInt(row.turnover_paise),
        tickAtMs: Number(row.tick_at_ms),
        simulated: row.simulated,
      },
    ]),
  );
}
