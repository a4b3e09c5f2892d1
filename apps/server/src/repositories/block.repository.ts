import type { BlockWindowHours, BlockWindowName } from '@nivesh/core';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { BlockReferencePricesTable, BlockTradesTable } from '../db/schema.js';
import type { InstrumentRow } from '../trading/instrument-cache.js';
import { newestFirstPage } from './paging.js';
import { readParameters } from './parameter.repository.js';
import { whereMatching } from './row-lookups.js';
import { recordFromRow } from './row-records.js';

/** The block parameters (packages/core parameters registry, group `block`), read as one object. */
export interface BlockParameters {
  minQuantity: number;
  bandBps: number;
  lockDays: number;
  hours: BlockWindowHours;
}

/** Read where the rule runs, so a staff change is effective at once. */
export async function readBlockParameters(db: Db): Promise<BlockParameters> {
  const values = await readParameters(db);
  return {
    minQuantity: values.block_quantity_min,
    bandBps: values.block_price_band_bps,
    lockDays: values.block_lock_days,
    hours: { morning: values.block_window_morning, afternoon: values.block_window_afternoon },
  };
}

/**
 * What makes an instrument block-eligible: a tradable equity listed on NSE (not an index, crypto,
 * forex, an OTC name or a share not yet listed). The one statement of the rule: the check of one
 * instrument and the query of the list both read it.
 */
const BLOCK_ELIGIBLE = { tradable: true, kind: 'equity', calendar: 'nse', segment: 'listed' } as const;

export function isBlockEligible(instrument: InstrumentRow): boolean {
  return (Object.keys(BLOCK_ELIGIBLE) as (keyof typeof BLOCK_ELIGIBLE)[]).every(
    (column) => instrument[column] === BLOCK_ELIGIBLE[column],
  );
}

/** The eligible list, by symbol: the same for everyone. */
export async function findBlockEligibleInstruments(db: Db): Promise<InstrumentRow[]> {
  const eligible = whereMatching(db.selectFrom('instruments').selectAll(), 'instruments', BLOCK_ELIGIBLE);
  return eligible.orderBy('symbol').execute();
}

export interface BlockReferenceRecord {
  tradingDate: string;
  window: BlockWindowName;
  symbol: string;
  pricePaise: bigint;
  basis: BlockReferencePricesTable['basis'];
  vwapVolume: bigint;
  sourceAtMs: number;
  fixedAtMs: number;
}

type ReferenceRow = {
  trading_date: string;
  block_window: BlockWindowName;
  symbol: string;
  reference_price_paise: bigint;
  basis: BlockReferencePricesTable['basis'];
  vwap_volume: bigint;
  source_at_ms: bigint;
  fixed_at: Date;
};

function toReferenceRecord(row: ReferenceRow): BlockReferenceRecord {
  const { block_window: window, reference_price_paise: pricePaise, source_at_ms: sourceAtMs, ...named } = row;
  return { ...recordFromRow(named), window, pricePaise, sourceAtMs: Number(sourceAtMs) };
}

/**
 * Inserts references that are not fixed yet; a reference already fixed is kept, whoever fixed it
 * first (ON CONFLICT DO NOTHING), so every reader gets the same one.
 */
export async function insertBlockReferences(
  db: Db,
  references: readonly Omit<BlockReferenceRecord, 'fixedAtMs'>[],
  atMs: number,
): Promise<number> {
  if (references.length === 0) return 0;
  const result = await db
    .insertInto('block_reference_prices')
    .values(
      references.map((reference) => ({
        trading_date: reference.tradingDate,
        block_window: reference.window,
        symbol: reference.symbol,
        reference_price_paise: reference.pricePaise,
        basis: reference.basis,
        vwap_volume: reference.vwapVolume,
        source_at_ms: BigInt(reference.sourceAtMs),
        fixed_at: new Date(atMs),
      })),
    )
    .onConflict((conflict) => conflict.columns(['trading_date', 'block_window', 'symbol']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

/** The references fixed for one window of one date, by symbol. */
export async function findBlockReferences(
  db: Db,
  tradingDate: string,
  window: BlockWindowName | undefined,
  symbols?: readonly string[],
): Promise<BlockReferenceRecord[]> {
  let query = db.selectFrom('block_reference_prices').selectAll().where('trading_date', '=', tradingDate);
  if (window) query = query.where('block_window', '=', window);
  if (symbols) {
    if (symbols.length === 0) return [];
    query = query.where('symbol', 'in', symbols);
  }
  const rows = await query.orderBy('symbol').orderBy('block_window').execute();
  return rows.map(toReferenceRecord);
}

/** The newest reference of each symbol, whatever the window (shown while block trading is closed). */
export async function findLatestBlockReferences(
  db: Db,
  symbols: readonly string[],
): Promise<Map<string, BlockReferenceRecord>> {
  if (symbols.length === 0) return new Map();
  const rows = await db
    .selectFrom('block_reference_prices')
    .selectAll()
    .distinctOn('symbol')
    .where('symbol', 'in', symbols)
    .orderBy('symbol')
    .orderBy('trading_date', 'desc')
    // 'morning' sorts after 'afternoon': the afternoon of a date is the later window.
    .orderBy(sql`block_window = 'afternoon'`, 'desc')
    .execute();
  return new Map(rows.map((row) => [row.symbol, toReferenceRecord(row)]));
}

/** Minute candles of some symbols in [fromMs, toMs), for the afternoon VWAP. */
export async function findMinuteCandles(
  db: Db,
  symbols: readonly string[],
  fromMs: number,
  toMs: number,
): Promise<{ symbol: string; highPaise: bigint; lowPaise: bigint; closePaise: bigint; volume: bigint }[]> {
  if (symbols.length === 0) return [];
  const rows = await db
    .selectFrom('candles')
    .select(['symbol', 'high_paise', 'low_paise', 'close_paise', 'volume'])
    .where('period', '=', '1m')
    .where('symbol', 'in', symbols)
    .where('bucket_start_ms', '>=', BigInt(fromMs))
    .where('bucket_start_ms', '<', BigInt(toMs))
    .execute();
  return rows.map((row) => ({
    symbol: row.symbol,
    highPaise: row.high_paise,
    lowPaise: row.low_paise,
    closePaise: row.close_paise,
    volume: row.volume,
  }));
}

/** The last minute candle of each symbol that started before an instant and on or after a floor. */
export async function findLastMinuteCloses(
  db: Db,
  symbols: readonly string[],
  sinceMs: number,
  beforeMs: number,
): Promise<Map<string, { closePaise: bigint; endMs: number }>> {
  if (symbols.length === 0) return new Map();
  const rows = await db
    .selectFrom('candles')
    .select(['symbol', 'close_paise', 'bucket_start_ms'])
    .distinctOn('symbol')
    .where('period', '=', '1m')
    .where('symbol', 'in', symbols)
    .where('bucket_start_ms', '>=', BigInt(sinceMs))
    .where('bucket_start_ms', '<', BigInt(beforeMs))
    .orderBy('symbol')
    .orderBy('bucket_start_ms', 'desc')
    .execute();
  return new Map(
    rows.map((row) => [
      row.symbol,
      { closePaise: row.close_paise, endMs: Math.min(beforeMs, Number(row.bucket_start_ms) + 60_000) },
    ]),
  );
}

export type BlockTradeRow = Selectable<BlockTradesTable>;

/** A block trade with its position's state, fee and lock, the instrument's name and the buyer's phone. */
export interface BlockTradeWithPosition extends BlockTradeRow {
  name: string;
  position_state: 'pending' | 'holding' | 'closed' | 'cancelled';
  open_fee_paise: bigint | null;
  locked_until: Date | null;
  phone: string;
}

/** Block trades newest first, `limit` rows from before a cursor id, of one investor or one date when asked. */
export async function listBlockTrades(
  db: Db,
  filter: {
    userId?: bigint | undefined;
    tradingDate?: string | undefined;
    beforeId?: bigint | undefined;
    limit: number;
  },
): Promise<BlockTradeWithPosition[]> {
  let query = db
    .selectFrom('block_trades')
    .innerJoin('positions', 'positions.id', 'block_trades.position_id')
    .innerJoin('instruments', 'instruments.symbol', 'block_trades.symbol')
    .innerJoin('users', 'users.id', 'block_trades.user_id')
    .selectAll('block_trades')
    .select([
      'instruments.name as name',
      'positions.state as position_state',
      'positions.open_fee_paise as open_fee_paise',
      'positions.locked_until as locked_until',
      'users.phone as phone',
    ]);
  if (filter.userId !== undefined) query = query.where('block_trades.user_id', '=', filter.userId);
  if (filter.tradingDate !== undefined)
    query = query.where('block_trades.trading_date', '=', filter.tradingDate);
  return newestFirstPage(query, 'block_trades.id', filter).execute();
}

export async function insertBlockTrade(
  trx: Db,
  values: Insertable<BlockTradesTable>,
): Promise<BlockTradeRow> {
  return trx.insertInto('block_trades').values(values).returningAll().executeTakeFirstOrThrow();
}
