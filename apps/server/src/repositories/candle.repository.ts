import type { Candle, CandlePeriod, PriceSource } from '@nivesh/market';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.js';
import { copiesFromBlob, copyFromBlob } from '../db/pglite-dialect.js';
import type { CandlesTable } from '../db/schema.js';

/**
 * The `candles` table: every query on it. The running market's writes are each one statement over
 * whole columns (`unnest` of arrays), so a batch of any size costs one round trip, on PGlite and on
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
  sources: string[];
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
    sources: new Array<string>(size),
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
    columns.sources[row] = candle.source ?? 'simulated';
  }
  return columns;
}

function candleRows(columns: CandleColumns) {
  return sql`SELECT * FROM unnest(
    ${columns.symbols}::text[], ${columns.periods}::text[], ${columns.starts}::bigint[],
    ${columns.opens}::bigint[], ${columns.highs}::bigint[], ${columns.lows}::bigint[],
    ${columns.closes}::bigint[], ${columns.volumes}::bigint[], ${columns.sources}::text[])`;
}

/**
 * Inserts history in statements of BULK_ROWS_PER_STATEMENT rows; a candle already stored is kept
 * (the back-fill never overwrites what a feed or an import wrote). Run it inside a transaction.
 */
export async function insertHistoryCandles(db: Db, candles: readonly Candle[]): Promise<void> {
  for (let from = 0; from < candles.length; from += BULK_ROWS_PER_STATEMENT) {
    const to = Math.min(candles.length, from + BULK_ROWS_PER_STATEMENT);
    await sql`INSERT INTO candles
        (symbol, period, bucket_start_ms, open_paise, high_paise, low_paise, close_paise, volume, source)
      ${candleRows(toColumns(candles, from, to))}
      ON CONFLICT (symbol, period, bucket_start_ms) DO NOTHING`.execute(db);
  }
}

/** Whether this connection's role is a superuser, which alone may switch triggers off. */
export async function isSuperuser(db: Db): Promise<boolean> {
  const role = await sql<{ superuser: string }>`SELECT current_setting('is_superuser') AS superuser`.execute(
    db,
  );
  return role.rows[0]?.superuser === 'on';
}

/**
 * Switches off, until the transaction ends, every trigger of the tables it writes (for `candles`
 * and `quotes` only their foreign-key checks): a superuser's bulk load of checked symbols.
 */
export async function skipTriggersUntilCommit(trx: Db): Promise<void> {
  await sql.raw(SKIP_TRIGGERS_STATEMENT).execute(trx);
}

/** The statement of skipTriggersUntilCommit, for a PGlite transaction of its own (the COPY path). */
export const SKIP_TRIGGERS_STATEMENT = 'SET LOCAL session_replication_role = replica';

const INSERT_CANDLES = sql`INSERT INTO candles
      (symbol, period, bucket_start_ms, open_paise, high_paise, low_paise, close_paise, volume, source)`;

/**
 * The conflict clause of every candle write: a candle already stored for the symbol, period and
 * bucket takes the new values, unless it is real and they are simulated (ADR 0023: real prices win
 * over simulated ones). A writer may add its own conditions with `AND`.
 */
const UPDATE_CANDLE_UNLESS_REAL = sql`ON CONFLICT (symbol, period, bucket_start_ms) DO UPDATE SET
      open_paise = excluded.open_paise,
      high_paise = excluded.high_paise,
      low_paise = excluded.low_paise,
      close_paise = excluded.close_paise,
      volume = excluded.volume,
      source = excluded.source
    WHERE (candles.source = 'simulated' OR excluded.source <> 'simulated')`;

/**
 * Writes candles (those that are forming, or an import's days): one statement for any number. A
 * simulated candle never overwrites a real one (ADR 0023: real prices win over simulated ones).
 */
export async function upsertCandles(db: Db, candles: readonly Candle[]): Promise<void> {
  if (candles.length === 0) return;
  await sql`${INSERT_CANDLES} ${candleRows(toColumns(candles, 0, candles.length))}
    ${UPDATE_CANDLE_UNLESS_REAL}`.execute(db);
}

/**
 * Writes the candles of instruments listed in this same transaction, which can have none stored
 * yet (candles reference instruments): no conflict to resolve, so on PGlite a COPY and on
 * PostgreSQL a plain INSERT, both faster than upsertCandles (docs/adr/0036).
 */
export async function insertCandlesOfNewInstruments(trx: Db, candles: readonly Candle[]): Promise<void> {
  if (candles.length === 0) return;
  if (copiesFromBlob(trx)) {
    await copyFromBlob(trx, 'candles', CANDLE_COPY_COLUMNS, candlesCsv(candles));
    return;
  }
  await sql`${INSERT_CANDLES} ${candleRows(toColumns(candles, 0, candles.length))}`.execute(trx);
}

/**
 * Drops the simulated candles, of every period, of symbols that now have real prices, so that no
 * chart splices simulated days between real ones (ADR 0023). Answers how many were dropped.
 */
export async function deleteSimulatedCandles(trx: Db, symbols: readonly string[]): Promise<number> {
  if (symbols.length === 0) return 0;
  const result = await trx
    .deleteFrom('candles')
    .where(sql<boolean>`symbol = ANY(${[...symbols]}::text[])`)
    .where('source', '=', 'simulated')
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A bucket of a longer period that holds a day: what rollUpStoredDays rebuilds for that day. */
export interface DayBucket {
  dayStartMs: number;
  period: CandlePeriod;
  startMs: number;
  /** The start of the next bucket (exclusive end). */
  beforeMs: number;
}

/**
 * Rebuilds, in one statement inside the database, the candles of the buckets holding the given
 * days of the given symbols from every daily candle stored in them: open of the first day, close
 * of the last (the smallest and largest [day start, price] pairs: no sort within a bucket), highest high, lowest low, summed volume, `source` folded as combinedSource does
 * (one source when all agree; simulated when any day is; else feed). Only the touched buckets
 * are read (an index range each) and only a candle that changes is written, so rereading a file
 * writes nothing. A simulated roll-up never overwrites a real candle (as upsertCandles). Answers
 * how many candles it wrote.
 *
 * `days` are (symbol, day start) pairs, `buckets` the buckets of each distinct day start (the
 * caller computes them with the bucket rules of @nivesh/market; a file has one day, so a few rows).
 */
export async function rollUpStoredDays(
  db: Db,
  days: { symbols: readonly string[]; dayStartsMs: readonly number[] },
  buckets: readonly DayBucket[],
): Promise<number> {
  if (days.symbols.length === 0 || buckets.length === 0) return 0;
  const result = await sql`WITH touched AS (
      SELECT DISTINCT given.symbol, bucket.period, bucket.start_ms, bucket.before_ms
      FROM unnest(${[...days.symbols]}::text[], ${days.dayStartsMs.map(String)}::bigint[])
        AS given(symbol, day_start_ms)
      JOIN unnest(
        ${buckets.map((bucket) => String(bucket.dayStartMs))}::bigint[],
        ${buckets.map((bucket) => bucket.period)}::text[],
        ${buckets.map((bucket) => String(bucket.startMs))}::bigint[],
        ${buckets.map((bucket) => String(bucket.beforeMs))}::bigint[])
        AS bucket(day_start_ms, period, start_ms, before_ms) USING (day_start_ms)
    )
    ${INSERT_CANDLES}
    SELECT touched.symbol, touched.period, touched.start_ms,
      (min(ARRAY[day.bucket_start_ms, day.open_paise]))[2],
      max(day.high_paise), min(day.low_paise),
      (max(ARRAY[day.bucket_start_ms, day.close_paise]))[2],
      sum(day.volume)::bigint,
      CASE WHEN min(day.source) = max(day.source) THEN min(day.source)
        WHEN bool_or(day.source = 'simulated') THEN 'simulated' ELSE 'feed' END
    FROM touched
    JOIN candles AS day ON day.symbol = touched.symbol AND day.period = '1d'
      AND day.bucket_start_ms >= touched.start_ms AND day.bucket_start_ms < touched.before_ms
    GROUP BY touched.symbol, touched.period, touched.start_ms
    ${UPDATE_CANDLE_UNLESS_REAL}
      AND (candles.open_paise, candles.high_paise, candles.low_paise, candles.close_paise,
        candles.volume, candles.source)
        IS DISTINCT FROM (excluded.open_paise, excluded.high_paise, excluded.low_paise,
        excluded.close_paise, excluded.volume, excluded.source)`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/** The columns of candlesCsv, in its order. */
const CANDLE_COPY_COLUMNS = [
  'symbol',
  'period',
  'bucket_start_ms',
  'open_paise',
  'high_paise',
  'low_paise',
  'close_paise',
  'volume',
  'source',
] as const;

/** The COPY statement that reads candlesCsv from a blob (PGlite). */
export const COPY_CANDLES_FROM_BLOB = `COPY candles (${CANDLE_COPY_COLUMNS.join(', ')})
  FROM '/dev/blob' WITH (FORMAT csv)`;

/** Candles as CSV rows for COPY_CANDLES_FROM_BLOB. Symbols never need quoting (A-Z, 0-9, &, _, -). */
export function candlesCsv(candles: readonly Candle[]): string {
  const lines = new Array<string>(candles.length);
  for (let index = 0; index < candles.length; index++) {
    const candle = candles[index]!;
    lines[index] =
      `${candle.symbol},${candle.period},${candle.startMs},${candle.openPaise},${candle.highPaise},` +
      `${candle.lowPaise},${candle.closePaise},${candle.volume},${candle.source ?? 'simulated'}`;
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

/** A stored candle as a Candle (a raw statement may answer the bigint columns as text). */
function toCandle(row: CandleRow): Candle {
  return {
    symbol: row.symbol,
    period: row.period,
    startMs: Number(row.bucket_start_ms),
    openPaise: BigInt(row.open_paise),
    highPaise: BigInt(row.high_paise),
    lowPaise: BigInt(row.low_paise),
    closePaise: BigInt(row.close_paise),
    volume: Number(row.volume),
    source: row.source as PriceSource,
  };
}

type CandleRow = Selectable<CandlesTable>;

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
  return result.rows.map(toCandle);
}

/**
 * The newest `limit` (all when absent) candles of a symbol and period that start in
 * [fromMs, beforeMs), either bound optional; oldest first.
 */
export async function listCandles(
  db: Db,
  symbol: string,
  window: {
    period: CandlePeriod;
    fromMs?: number | undefined;
    beforeMs?: number | undefined;
    limit?: number;
    /** Leave simulated candles out (an install without the simulator shows only real prices). */
    realOnly?: boolean;
  },
): Promise<Candle[]> {
  const { fromMs, beforeMs, limit } = window;
  const rows = await db
    .selectFrom('candles')
    .selectAll()
    .where('symbol', '=', symbol)
    .where('period', '=', window.period)
    .$if(fromMs !== undefined, (query) => query.where('bucket_start_ms', '>=', BigInt(fromMs ?? 0)))
    .$if(beforeMs !== undefined, (query) => query.where('bucket_start_ms', '<', BigInt(beforeMs ?? 0)))
    .$if(window.realOnly === true, (query) => query.where('source', '<>', 'simulated'))
    .orderBy('bucket_start_ms', 'desc')
    .$if(limit !== undefined, (query) => query.limit(limit ?? 0))
    .execute();
  return rows.reverse().map(toCandle);
}

/** The newest candle of a symbol and period that starts before `beforeMs` (any, when absent). */
export async function findLatestCandle(
  db: Db,
  symbol: string,
  period: CandlePeriod,
  beforeMs?: number,
): Promise<Candle | undefined> {
  return (await listCandles(db, symbol, { period, beforeMs, limit: 1 }))[0];
}

/** The highest high and lowest low of a symbol's candles of one period that start after `afterMs`. */
export async function findCandleRange(
  db: Db,
  symbol: string,
  period: CandlePeriod,
  afterMs: number,
  realOnly = false,
): Promise<{ highPaise: bigint; lowPaise: bigint } | undefined> {
  const row = await db
    .selectFrom('candles')
    .select((eb) => [eb.fn.max('high_paise').as('high_paise'), eb.fn.min('low_paise').as('low_paise')])
    .where('symbol', '=', symbol)
    .where('period', '=', period)
    .where('bucket_start_ms', '>', BigInt(afterMs))
    .$if(realOnly, (query) => query.where('source', '<>', 'simulated'))
    .executeTakeFirst();
  if (row?.high_paise == null || row.low_paise == null) return undefined;
  return { highPaise: BigInt(row.high_paise), lowPaise: BigInt(row.low_paise) };
}
