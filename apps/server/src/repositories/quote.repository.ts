import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.js';
import { copiesFromBlob, copyFromBlob } from '../db/pglite-dialect.js';
import type { PriceSource, QuotesTable } from '../db/schema.js';

/**
 * The `quotes` table: a symbol's latest price and the session's figures, one row a symbol. The
 * running market writes it in batches, one statement over whole columns for any number of symbols.
 */

/** A symbol's quote: what its row holds (the market bus carries the same after each batch). */
export interface QuoteRecord {
  symbol: string;
  pricePaise: bigint;
  previousClosePaise: bigint;
  openPaise: bigint;
  highPaise: bigint;
  lowPaise: bigint;
  /** Shares traded this session. */
  volume: bigint;
  turnoverPaise: bigint;
  tickAtMs: number;
  /** True while the built-in simulator feeds the market (design section 9). */
  simulated: boolean;
  /** Where the price comes from (ADR 0023); `simulated` exactly when `simulated` is true. */
  source: PriceSource;
}

/** Writes quotes, one statement for any number of symbols. */
export async function upsertQuotes(db: Db, quotes: readonly QuoteRecord[]): Promise<void> {
  if (quotes.length > 0) await quotesUpsert(quotes).execute(db);
}

const QUOTE_COLUMNS = [
  'symbol',
  'price_paise',
  'previous_close_paise',
  'open_paise',
  'high_paise',
  'low_paise',
  'volume',
  'turnover_paise',
  'tick_at_ms',
  'simulated',
  'source',
] as const;

/**
 * Writes the quotes of instruments listed in this same transaction, which have none yet: no
 * conflict to resolve, so on PGlite a COPY and on PostgreSQL a plain INSERT (docs/adr/0036).
 */
export async function insertQuotesOfNewInstruments(trx: Db, quotes: readonly QuoteRecord[]): Promise<void> {
  if (quotes.length === 0) return;
  if (!copiesFromBlob(trx)) {
    await sql`INSERT INTO quotes (${sql.raw(QUOTE_COLUMNS.join(', '))}) ${quoteRows(quotes)}`.execute(trx);
    return;
  }
  const lines = quotes.map(
    (quote) =>
      `${quote.symbol},${quote.pricePaise},${quote.previousClosePaise},${quote.openPaise},${quote.highPaise},` +
      `${quote.lowPaise},${quote.volume},${quote.turnoverPaise},${quote.tickAtMs},` +
      `${quote.source === 'simulated'},${quote.source}`,
  );
  await copyFromBlob(trx, 'quotes', QUOTE_COLUMNS, `${lines.join('\n')}\n`);
}

/** The statement of upsertQuotes, to compile for another connection. */
export function quotesUpsert(quotes: readonly QuoteRecord[]) {
  return sql`INSERT INTO quotes (${sql.raw(QUOTE_COLUMNS.join(', '))}) ${quoteRows(quotes)}
    ON CONFLICT (symbol) DO UPDATE SET
      price_paise = excluded.price_paise,
      previous_close_paise = excluded.previous_close_paise,
      open_paise = excluded.open_paise,
      high_paise = excluded.high_paise,
      low_paise = excluded.low_paise,
      volume = excluded.volume,
      turnover_paise = excluded.turnover_paise,
      tick_at_ms = excluded.tick_at_ms,
      simulated = excluded.simulated,
      source = excluded.source`;
}

/** Quotes as rows in QUOTE_COLUMNS' order: one SELECT over whole columns. */
function quoteRows(quotes: readonly QuoteRecord[]) {
  const column = <T>(read: (quote: QuoteRecord) => T) => quotes.map(read);
  return sql`SELECT * FROM unnest(
      ${column((quote) => quote.symbol)}::text[],
      ${column((quote) => String(quote.pricePaise))}::bigint[],
      ${column((quote) => String(quote.previousClosePaise))}::bigint[],
      ${column((quote) => String(quote.openPaise))}::bigint[],
      ${column((quote) => String(quote.highPaise))}::bigint[],
      ${column((quote) => String(quote.lowPaise))}::bigint[],
      ${column((quote) => String(quote.volume))}::bigint[],
      ${column((quote) => String(quote.turnoverPaise))}::bigint[],
      ${column((quote) => String(quote.tickAtMs))}::bigint[],
      ${column((quote) => quote.source === 'simulated')}::boolean[],
      ${column((quote) => quote.source)}::text[])`;
}

type QuoteRow = Selectable<QuotesTable>;

/** The stored quotes of `symbols`, by symbol. */
export async function readQuotes(db: Db, symbols: readonly string[]): Promise<Map<string, QuoteRecord>> {
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
        source: row.source,
      },
    ]),
  );
}

/** When the newest stored tick happened, or null before the first. */
export async function findLatestTickMs(db: Db): Promise<number | null> {
  const result = await sql<{ last: bigint | null }>`SELECT max(tick_at_ms) AS last FROM quotes`.execute(db);
  const last = result.rows[0]?.last ?? null;
  return last === null ? null : Number(last);
}

/**
 * Writes imported closes as quotes, one statement for any number: a real close replaces a
 * simulated quote whatever its time, and another real quote only when it is not newer (an older
 * file never moves a real price back). Answers how many it wrote. ADR 0023.
 */
export async function upsertImportedQuotes(trx: Db, quotes: readonly QuoteRecord[]): Promise<number> {
  if (quotes.length === 0) return 0;
  const result = await sql`${quotesUpsert(quotes)}
    WHERE quotes.source = 'simulated' OR quotes.tick_at_ms <= excluded.tick_at_ms`.execute(trx);
  return Number(result.numAffectedRows ?? 0n);
}

// Trading: the stored feed prices the live prices and the engine leader fall back on.

/** A symbol's last stored price, as the feed's writer left it. */
export interface StoredPrice {
  symbol: string;
  pricePaise: bigint;
  previousClosePaise: bigint;
  /** When the tick that set this price happened, epoch ms. */
  tickAtMs: number;
  simulated: boolean;
}

function storedPriceQuery(db: Db) {
  return db
    .selectFrom('quotes')
    .select(['symbol', 'price_paise', 'previous_close_paise', 'tick_at_ms', 'simulated']);
}

function toStoredPrice(row: {
  symbol: string;
  price_paise: bigint;
  previous_close_paise: bigint;
  tick_at_ms: bigint;
  simulated: boolean;
}): StoredPrice {
  return {
    symbol: row.symbol,
    pricePaise: row.price_paise,
    previousClosePaise: row.previous_close_paise,
    tickAtMs: Number(row.tick_at_ms),
    simulated: row.simulated,
  };
}

/** The stored price of one symbol, if it ever ticked. */
export async function findStoredPrice(db: Db, symbol: string): Promise<StoredPrice | undefined> {
  const row = await storedPriceQuery(db).where('symbol', '=', symbol).executeTakeFirst();
  return row && toStoredPrice(row);
}

/** The stored prices of several symbols (those that ever ticked). */
export async function findStoredPrices(db: Db, symbols: readonly string[]): Promise<StoredPrice[]> {
  const rows = await storedPriceQuery(db).where('symbol', 'in', symbols).execute();
  return rows.map(toStoredPrice);
}

/** Every stored price whose tick is later than an instant: what another process's feed wrote since. */
export async function findPricesTickedAfter(db: Db, afterTickMs: number): Promise<StoredPrice[]> {
  const rows = await storedPriceQuery(db).where('tick_at_ms', '>', BigInt(afterTickMs)).execute();
  return rows.map(toStoredPrice);
}
