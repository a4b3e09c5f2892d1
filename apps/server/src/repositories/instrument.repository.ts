import { type Expression, type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../db/database.js';
import { copiesFromBlob, copyFromBlob, csvField } from '../db/pglite-dialect.js';
import type { InstrumentsTable, PriceSource } from '../db/schema.js';
import { containsPattern } from './paging.js';
import type { QuoteRecord } from './quote.repository.js';
import { findRow, lockRow, readColumnByKey } from './row-lookups.js';
import { updateRows } from './row-writes.js';

/**
 * The `instruments` table: what is listed and on what terms. Every query on it lives here; an
 * instrument is read as its row (`InstrumentRow`), which the trading rules take as it is.
 */
export type InstrumentRow = Selectable<InstrumentsTable>;

export async function findInstrumentBySymbol(db: Db, symbol: string): Promise<InstrumentRow | undefined> {
  return findRow(db, 'instruments', { symbol });
}

/** The symbols among `symbols` that are listed. */
export async function findListedSymbols(db: Db, symbols: readonly string[]): Promise<Set<string>> {
  if (symbols.length === 0) return new Set();
  const rows = await db.selectFrom('instruments').select('symbol').where('symbol', 'in', symbols).execute();
  return new Set(rows.map((row) => row.symbol));
}

/** Every listed symbol of one kind (equity, index, ...). */
export async function listSymbolsOfKind(db: Db, kind: InstrumentRow['kind']): Promise<Set<string>> {
  const rows = await db.selectFrom('instruments').select('symbol').where('kind', '=', kind).execute();
  return new Set(rows.map((row) => row.symbol));
}

/** The display name of each listed symbol among `symbols`. */
export async function findInstrumentNames(db: Db, symbols: readonly string[]): Promise<Map<string, string>> {
  return readColumnByKey(db, 'instruments', { key: 'symbol', value: 'name' }, symbols);
}

/** The trading terms staff see and change in the console. */
export const INSTRUMENT_TERMS = [
  'symbol',
  'name',
  'kind',
  'segment',
  'exchange',
  'tick_paise',
  'price_band_bps',
  'leverages',
  'shortable',
  'tradable',
  'lot_size',
] as const;

export type InstrumentTerms = Pick<InstrumentRow, (typeof INSTRUMENT_TERMS)[number]>;

export type InstrumentTermChanges = Partial<
  Pick<InstrumentsTable, 'tradable' | 'shortable' | 'leverages' | 'price_band_bps' | 'tick_paise' | 'segment'>
>;

export interface InstrumentFilter {
  /** Part of the symbol or of the name, any case. */
  query?: string | undefined;
  kind?: InstrumentRow['kind'] | undefined;
  segment?: InstrumentRow['segment'] | undefined;
  tradable?: boolean | undefined;
}

/** One page of instruments by symbol, and how many match in all. */
export async function listInstrumentTermsPage(
  db: Db,
  filter: InstrumentFilter,
  window: { limit: number; offset: number },
): Promise<{ rows: InstrumentTerms[]; total: number }> {
  let select = db.selectFrom('instruments');
  if (filter.query) {
    const pattern = containsPattern(filter.query);
    select = select.where((eb) => eb.or([eb('symbol', 'ilike', pattern), eb('name', 'ilike', pattern)]));
  }
  if (filter.kind) select = select.where('kind', '=', filter.kind);
  if (filter.segment) select = select.where('segment', '=', filter.segment);
  if (filter.tradable !== undefined) select = select.where('tradable', '=', filter.tradable);
  const [counted, rows] = await Promise.all([
    select.select((eb) => eb.fn.countAll<bigint>().as('count')).executeTakeFirstOrThrow(),
    select.select(INSTRUMENT_TERMS).orderBy('symbol').limit(window.limit).offset(window.offset).execute(),
  ]);
  return { rows, total: Number(counted.count) };
}

/** An instrument's terms, locked until the transaction ends. */
export async function lockInstrumentTerms(trx: Db, symbol: string): Promise<InstrumentTerms | undefined> {
  return trx
    .selectFrom('instruments')
    .select(INSTRUMENT_TERMS)
    .where('symbol', '=', symbol)
    .forUpdate()
    .executeTakeFirst();
}

/** Changes some terms of an instrument; answers its terms after the change. */
export async function updateInstrumentTerms(
  trx: Db,
  symbol: string,
  changes: InstrumentTermChanges,
): Promise<InstrumentTerms> {
  return trx
    .updateTable('instruments')
    .set(changes)
    .where('symbol', '=', symbol)
    .returning(INSTRUMENT_TERMS)
    .executeTakeFirstOrThrow();
}

/** An instrument with its stored quote's price fields, absent (null) until the first quote. */
export interface InstrumentPrice {
  symbol: string;
  name: string;
  exchange: string;
  segment: InstrumentRow['segment'];
  pricePaise: bigint | null;
  previousClosePaise: bigint | null;
  volume: bigint | null;
  tickAtMs: number | null;
  simulated: boolean | null;
  source: PriceSource | null;
}

const instrumentPriceColumns = [
  'instruments.symbol',
  'instruments.name',
  'instruments.exchange',
  'instruments.segment',
  'quotes.price_paise',
  'quotes.previous_close_paise',
  'quotes.volume',
  'quotes.tick_at_ms',
  'quotes.simulated',
  'quotes.source',
] as const;

function toInstrumentPrice(row: {
  symbol: string;
  name: string;
  exchange: string;
  segment: InstrumentRow['segment'];
  price_paise: bigint | null;
  previous_close_paise: bigint | null;
  volume: bigint | null;
  tick_at_ms: bigint | null;
  simulated: boolean | null;
  source: PriceSource | null;
}): InstrumentPrice {
  return {
    symbol: row.symbol,
    name: row.name,
    exchange: row.exchange,
    segment: row.segment,
    pricePaise: row.price_paise,
    previousClosePaise: row.previous_close_paise,
    volume: row.volume,
    tickAtMs: row.tick_at_ms === null ? null : Number(row.tick_at_ms),
    simulated: row.simulated,
    source: row.source,
  };
}

function instrumentsWithQuotes(db: Db) {
  return db.selectFrom('instruments').leftJoin('quotes', 'quotes.symbol', 'instruments.symbol');
}

/** The instruments among `symbols` that have a quote, in no particular order. */
export async function findQuotedInstruments(db: Db, symbols: readonly string[]): Promise<InstrumentPrice[]> {
  if (symbols.length === 0) return [];
  const rows = await instrumentsWithQuotes(db)
    .select(instrumentPriceColumns)
    .where('instruments.symbol', 'in', symbols)
    .where('quotes.symbol', 'is not', null)
    .execute();
  return rows.map(toInstrumentPrice);
}

/**
 * Instruments whose symbol starts with `text` or whose name contains it, ignoring case (LIKE's
 * wildcards in `text` match themselves); symbol matches first, then by symbol.
 *
 * The symbol matches are an index range (`lower(symbol) LIKE lower(prefix)` is what ILIKE does in
 * UTF-8, on the index of migration 0032), and the name branch is read only when they are fewer
 * than `limit` (UNION ALL under a LIMIT stops there); quotes are joined for the rows answered only.
 */
export async function searchInstrumentPrices(
  db: Db,
  text: string,
  limit: number,
): Promise<InstrumentPrice[]> {
  const prefix = `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const result = await sql<Parameters<typeof toInstrumentPrice>[0]>`SELECT found.symbol, found.name,
      found.exchange, found.segment, quote.price_paise, quote.previous_close_paise, quote.volume,
      quote.tick_at_ms, quote.simulated, quote.source
    FROM (
      (SELECT symbol, name, exchange, segment, 0 AS rank FROM instruments
        WHERE lower(symbol) LIKE lower(${prefix}) ORDER BY symbol LIMIT ${limit})
      UNION ALL
      (SELECT symbol, name, exchange, segment, 1 AS rank FROM instruments
        WHERE name ILIKE ${containsPattern(text)} AND NOT lower(symbol) LIKE lower(${prefix})
        ORDER BY symbol LIMIT ${limit})
      LIMIT ${limit}
    ) AS found
    -- A probe of the quote of each row found (LIMIT 1 keeps the planner from hashing every quote).
    LEFT JOIN LATERAL (SELECT * FROM quotes WHERE quotes.symbol = found.symbol LIMIT 1) AS quote ON true
    ORDER BY found.rank, found.symbol`.execute(db);
  return result.rows.map(toInstrumentPrice);
}

export type MarketSortKey = 'changeRate' | 'price' | 'volume' | 'turnover' | 'symbol';

/**
 * The sort expressions. The change rate is computed in SQL as an exact numeric ratio, so the
 * database sorts and pages; symbols without a quote sort last in either direction.
 */
const MARKET_SORT_EXPRESSIONS: Record<MarketSortKey, Expression<unknown>> = {
  changeRate: sql`(quotes.price_paise - quotes.previous_close_paise)::numeric / nullif(quotes.previous_close_paise, 0)`,
  price: sql`quotes.price_paise`,
  volume: sql`quotes.volume`,
  turnover: sql`quotes.turnover_paise`,
  symbol: sql`instruments.symbol`,
};

/** One page of a segment's instruments other than indices, sorted with ties broken by symbol. */
export async function listSegmentPricesPage(
  db: Db,
  input: {
    segment: InstrumentRow['segment'];
    sortKey: MarketSortKey;
    isDescending: boolean;
    limit: number;
    offset: number;
  },
): Promise<{ rows: InstrumentPrice[]; total: number }> {
  const base = instrumentsWithQuotes(db)
    .where('instruments.segment', '=', input.segment)
    .where('instruments.kind', '<>', 'index');
  // The sort reads the whole segment anyway, so the total comes with the page (a window count);
  // only a page past the end, which has no row to carry it, counts apart.
  const rows = await base
    .select(instrumentPriceColumns)
    .select(sql<string | number | bigint>`count(*) OVER ()`.as('total'))
    .orderBy(MARKET_SORT_EXPRESSIONS[input.sortKey], (order) =>
      input.isDescending ? order.desc().nullsLast() : order.asc().nullsLast(),
    )
    .orderBy('instruments.symbol', 'asc')
    .limit(input.limit)
    .offset(input.offset)
    .execute();
  const total =
    rows[0]?.total ??
    (
      await base
        .select((eb) => eb.fn.countAll<string | number | bigint>().as('total'))
        .executeTakeFirstOrThrow()
    ).total;
  return { rows: rows.map(toInstrumentPrice), total: Number(total) };
}

/** An instrument with its quote, as the market list sorts it. */
export type ListedInstrumentPrice = InstrumentPrice & { turnoverPaise: bigint | null };

/**
 * Every instrument of a segment other than indices, with its stored quote, in the database's order
 * of symbols (the tie-break listSegmentPricesPage sorts by): what a market list snapshot holds.
 */
export async function listSegmentPrices(
  db: Db,
  segment: InstrumentRow['segment'],
): Promise<ListedInstrumentPrice[]> {
  const rows = await instrumentsWithQuotes(db)
    .where('instruments.segment', '=', segment)
    .where('instruments.kind', '<>', 'index')
    .select(instrumentPriceColumns)
    .select('quotes.turnover_paise')
    .orderBy('instruments.symbol', 'asc')
    .execute();
  return rows.map((row) => ({ ...toInstrumentPrice(row), turnoverPaise: row.turnover_paise }));
}

/** An instrument with its quote, and its symbol and name as the database's lower() folds them. */
export type SearchableInstrumentPrice = InstrumentPrice & { symbolLower: string; nameLower: string };

/**
 * Every instrument (of every segment and kind, as searchInstrumentPrices searches them) with its
 * stored quote, in the database's order of symbols, with the symbol and name folded by the
 * database itself (so a search in memory folds them exactly as ILIKE does): what the search
 * snapshot holds (docs/adr/0036).
 */
export async function listSearchableInstrumentPrices(db: Db): Promise<SearchableInstrumentPrice[]> {
  const rows = await instrumentsWithQuotes(db)
    .select(instrumentPriceColumns)
    .select([
      sql<string>`lower(instruments.symbol)`.as('symbol_lower'),
      sql<string>`lower(instruments.name)`.as('name_lower'),
    ])
    .orderBy('instruments.symbol', 'asc')
    .execute();
  return rows.map((row) => ({
    ...toInstrumentPrice(row),
    symbolLower: row.symbol_lower,
    nameLower: row.name_lower,
  }));
}

// Securities lending (use-cases/lending): an instrument's switch onto the lending pool.

/** Whether the instrument's shorts draw on the lending pool; false for an unknown symbol. */
export async function isLendingEnabled(db: Db, symbol: string): Promise<boolean> {
  return (await findRow(db, 'instruments', { symbol }))?.lending_enabled ?? false;
}

/** The instrument's kind and lending switch, its row locked for the rest of the transaction. */
export async function lockInstrumentLending(
  trx: Db,
  symbol: string,
): Promise<{ kind: 'equity' | 'index' | 'crypto' | 'forex'; lendingEnabled: boolean } | undefined> {
  const row = await lockRow(trx, 'instruments', { symbol });
  return row && { kind: row.kind, lendingEnabled: row.lending_enabled };
}

export async function setInstrumentLendingEnabled(trx: Db, symbol: string, enabled: boolean): Promise<void> {
  await updateRows(trx, 'instruments', { symbol }, { lending_enabled: enabled });
}

// Trading: the instruments an order, a close and a position view read.

/** Every instrument (the trading instrument cache keeps them by symbol). */
export function findAllInstruments(db: Db): Promise<InstrumentRow[]> {
  return db.selectFrom('instruments').selectAll().execute();
}

/** An instrument's display name, or undefined when no instrument has the symbol. */
export async function findInstrumentName(db: Db, symbol: string): Promise<string | undefined> {
  return (await findRow(db, 'instruments', { symbol }))?.name;
}

// For new-share issues (use-cases/ipo): an issue's instrument is created with it and listed by it.

export async function insertInstrument(trx: Db, values: Insertable<InstrumentsTable>): Promise<void> {
  await trx.insertInto('instruments').values(values).execute();
}

export async function updateInstrument(
  trx: Db,
  symbol: string,
  changes: Updateable<InstrumentsTable>,
): Promise<void> {
  await updateRows(trx, 'instruments', { symbol }, changes);
}

export async function listQuotedTradableEquities(
  db: Db,
): Promise<{ instrument: InstrumentRow; quote: QuoteRecord }[]> {
  const rows = await db
    .selectFrom('instruments')
    .innerJoin('quotes', 'quotes.symbol', 'instruments.symbol')
    .selectAll('instruments')
    .select([
      'quotes.price_paise',
      'quotes.previous_close_paise',
      'quotes.open_paise',
      'quotes.high_paise',
      'quotes.low_paise',
      'quotes.volume',
      'quotes.turnover_paise',
      'quotes.tick_at_ms',
      'quotes.simulated',
    ])
    .where('instruments.tradable', '=', true)
    .where('instruments.kind', '=', 'equity')
    // Instruments priced from NSE's files are not walked by the simulator (ADR 0023).
    .where('quotes.source', '=', 'simulated')
    .execute();
  return rows.map(
    ({
      price_paise,
      previous_close_paise,
      open_paise,
      high_paise,
      low_paise,
      volume,
      turnover_paise,
      tick_at_ms,
      simulated,
      ...instrument
    }) => ({
      instrument,
      quote: {
        symbol: instrument.symbol,
        pricePaise: price_paise,
        previousClosePaise: previous_close_paise,
        openPaise: open_paise,
        highPaise: high_paise,
        lowPaise: low_paise,
        volume,
        turnoverPaise: turnover_paise,
        tickAtMs: Number(tick_at_ms),
        simulated,
        source: 'simulated',
      },
    }),
  );
}

// The instrument master NSE's files build (ADR 0023).

/** What the catalogue says an instrument is, as an NSE file's row is settled against it. */
export interface CatalogueIdentity {
  kind: InstrumentRow['kind'];
  isin: string | null;
  series: string | null;
}

/**
 * The catalogue's identity (kind, ISIN, NSE series) of every instrument, by symbol: read once for
 * a whole batch of NSE files, which the import then settles in memory (docs/adr/0036). A day's
 * file lists nearly the whole universe, so reading every row costs no more than probing each.
 */
export async function findCatalogueIdentities(db: Db): Promise<Map<string, CatalogueIdentity>> {
  const rows = await db.selectFrom('instruments').select(['symbol', 'kind', 'isin', 'series']).execute();
  return new Map(rows.map((row) => [row.symbol, { kind: row.kind, isin: row.isin, series: row.series }]));
}

/** An NSE equity as a bhavcopy states it, with the terms the import parameters give it. */
export interface ListedEquity {
  symbol: string;
  name: string;
  isin: string | null;
  series: string;
  tickPaise: bigint;
  priceBandBps: number;
  tradable: boolean;
}

/**
 * Lists NSE equities found not listed within this same transaction, one statement for any number:
 * segment `listed`, NSE's calendar, one share a lot, delivery only (leverage 1), not shortable.
 * Answers the symbols created. On PostgreSQL another transaction may list one meanwhile: it is left
 * as it is and not answered. On PGlite a transaction runs alone, so nothing can conflict and the
 * rows are copied in (docs/adr/0036).
 */
export async function insertListedEquities(trx: Db, equities: readonly ListedEquity[]): Promise<string[]> {
  if (equities.length === 0) return [];
  if (copiesFromBlob(trx)) {
    const lines = equities.map((equity) =>
      [
        csvField(equity.symbol),
        csvField(equity.name),
        csvField(equity.isin),
        csvField(equity.series),
        equity.tickPaise,
        equity.priceBandBps,
        equity.tradable,
        // The fixed terms of every listed equity, as the INSERT below writes them.
        'equity,listed,nse,NSE,1,{1},false',
      ].join(','),
    );
    await copyFromBlob(
      trx,
      'instruments',
      [
        'symbol',
        'name',
        'isin',
        'series',
        'tick_paise',
        'price_band_bps',
        'tradable',
        'kind',
        'segment',
        'calendar',
        'exchange',
        'lot_size',
        'leverages',
        'shortable',
      ],
      `${lines.join('\n')}\n`,
    );
    return equities.map((equity) => equity.symbol);
  }
  const column = <T>(read: (equity: ListedEquity) => T) => equities.map(read);
  const result = await sql<{ symbol: string }>`INSERT INTO instruments
      (symbol, name, kind, segment, calendar, exchange, isin, series, tick_paise, lot_size,
       price_band_bps, leverages, shortable, tradable)
    SELECT symbol, name, 'equity', 'listed', 'nse', 'NSE', isin, series, tick_paise, 1,
       price_band_bps, ARRAY[1]::integer[], false, tradable
    FROM unnest(
      ${column((equity) => equity.symbol)}::text[],
      ${column((equity) => equity.name)}::text[],
      ${column((equity) => equity.isin)}::text[],
      ${column((equity) => equity.series)}::text[],
      ${column((equity) => String(equity.tickPaise))}::bigint[],
      ${column((equity) => equity.priceBandBps)}::integer[],
      ${column((equity) => equity.tradable)}::boolean[])
      AS given(symbol, name, isin, series, tick_paise, price_band_bps, tradable)
    ON CONFLICT (symbol) DO NOTHING
    RETURNING symbol`.execute(trx);
  return result.rows.map((row) => row.symbol);
}

/** Sets the ISIN (and NSE series) of listed equities, one statement for any number. */
export async function updateEquityIdentities(
  trx: Db,
  changes: ReadonlyArray<{ symbol: string; isin: string | null; series: string }>,
): Promise<void> {
  if (changes.length === 0) return;
  await sql`UPDATE instruments SET
      isin = coalesce(given.isin, instruments.isin),
      series = given.series
    FROM unnest(
      ${changes.map((change) => change.symbol)}::text[],
      ${changes.map((change) => change.isin)}::text[],
      ${changes.map((change) => change.series)}::text[]) AS given(symbol, isin, series)
    WHERE instruments.symbol = given.symbol`.execute(trx);
}

/**
 * Refreshes the planner's statistics of the instrument and quote tables after a bulk change (an
 * NSE import, the start-up seed). PGlite has no autovacuum, so without this the planner keeps the
 * empty-table estimates of the first migration and joins 2,500 instruments to their quotes by an
 * index probe each (a nested loop) instead of one hash join: `market/list` costs about half again.
 * Only the columns the market's lists filter and join on are sampled (the row counts come with
 * any ANALYZE): about 3 ms instead of 20 for the whole rows.
 */
export async function refreshMarketStatistics(db: Db): Promise<void> {
  await sql`ANALYZE instruments (segment, kind, symbol), quotes (symbol)`.execute(db);
}
