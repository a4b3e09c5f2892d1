import type { PositionSide, PositionState } from '@nivesh/core';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { LendingsTable, PositionOrigin } from '../db/schema.js';
import { findPositionsOwingDay, insertDayRowOnce } from './daily-charge-rows.js';
import { newestFirstPage } from './paging.js';
import { findRecord, lockRecord } from './row-lookups.js';
import { recordFromRow, rowFromRecord } from './row-records.js';
import { insertRow, updateRows } from './row-writes.js';

/**
 * Reads and writes of securities lending (docs/adr/0015-securities-lending.md): lendings, the pool
 * per symbol, the shorts' draws on it and their daily borrow fees, and the advisory locks that
 * serialise what must not race.
 */

/** One lending as the use cases see it. */
export interface LendingRecord {
  id: bigint;
  userId: bigint;
  positionId: bigint;
  symbol: string;
  quantity: number;
  pricePaise: bigint;
  valuePaise: bigint;
  termDays: number;
  feeBpsPerDay: number;
  expectedFeePaise: bigint;
  state: 'in_progress' | 'completed';
  lentAtMs: number;
  termEndsAtMs: number;
  completedAtMs: number | null;
  endReason: 'term' | 'position_closed' | null;
  feePaidPaise: bigint | null;
}

/** A lending with its instrument's name and its lender's phone, for lists. */
export interface ListedLending extends LendingRecord {
  name: string;
  phone: string;
}

function toLendingRecord(row: Selectable<LendingsTable>): LendingRecord {
  return { ...recordFromRow(row), quantity: Number(row.quantity) };
}

/** Lendings with their instrument's name and their lender's phone. */
function listedLendings(db: Db) {
  return db
    .selectFrom('lendings')
    .innerJoin('instruments', 'instruments.symbol', 'lendings.symbol')
    .innerJoin('users', 'users.id', 'lendings.user_id')
    .selectAll('lendings')
    .select(['instruments.name', 'users.phone']);
}

export async function findListedLending(db: Db, id: bigint): Promise<ListedLending> {
  const row = await listedLendings(db).where('lendings.id', '=', id).executeTakeFirstOrThrow();
  return { ...toLendingRecord(row), name: row.name, phone: row.phone };
}

/** Lendings newest first, paged by id (those before `beforeId`): of one lender, state or symbol when asked. */
export async function findListedLendings(
  db: Db,
  filter: {
    userId?: bigint;
    state?: LendingRecord['state'] | undefined;
    symbol?: string | undefined;
    beforeId?: bigint | undefined;
    limit: number;
  },
): Promise<ListedLending[]> {
  let query = listedLendings(db);
  if (filter.userId !== undefined) query = query.where('lendings.user_id', '=', filter.userId);
  if (filter.state) query = query.where('lendings.state', '=', filter.state);
  if (filter.symbol !== undefined) query = query.where('lendings.symbol', '=', filter.symbol);
  const rows = await newestFirstPage(query, 'lendings.id', filter).execute();
  return rows.map((row) => ({ ...toLendingRecord(row), name: row.name, phone: row.phone }));
}

// Advisory lock keys: the first number names the lock's purpose ("LEND" in ASCII), so they never
// meet the engine's leadership lock or another area's; the second is the symbol's hash, or 0 for the
// pool quota (one lock for every lending, as the quota caps them all together).
const LENDING_LOCK_SPACE = 0x4c454e44;
const QUOTA_LOCK_SPACE = 0x4c454e51;

/**
 * Serialises the shorts of one symbol that draw on the pool, to the end of the transaction: the
 * second of two concurrent shorts reads the pool only after the first committed (READ COMMITTED
 * takes a fresh snapshot per statement), so together they cannot over-draw it.
 */
export async function lockLendingPool(trx: Db, symbol: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${LENDING_LOCK_SPACE}::int, hashtext(${symbol}))`.execute(trx);
}

/** Serialises new lendings against the pool quota, to the end of the transaction. */
export async function lockLendingQuota(trx: Db): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${QUOTA_LOCK_SPACE}::int, 0)`.execute(trx);
}

/**
 * Shares lent into the pool per symbol: lendings in progress whose holding is still open (a holding
 * the engine closed leaves the pool at once, before the job completes its lending).
 */
function lentBySymbol(db: Db) {
  return db
    .selectFrom('lendings')
    .innerJoin('positions', 'positions.id', 'lendings.position_id')
    .select([
      'lendings.symbol',
      sql<string>`sum(lendings.quantity)`.as('lent_quantity'),
      sql<string>`sum(lendings.value_paise)`.as('lent_value'),
    ])
    .where('lendings.state', '=', 'in_progress')
    .where('positions.state', '=', 'holding')
    .groupBy('lendings.symbol');
}

/** Shares drawn per symbol by open shorts (pending or holding) that drew on the pool. */
function drawnBySymbol(db: Db) {
  return db
    .selectFrom('lending_pool_draws')
    .innerJoin('positions', 'positions.id', 'lending_pool_draws.position_id')
    .select(['lending_pool_draws.symbol', sql<string>`sum(lending_pool_draws.quantity)`.as('drawn_quantity')])
    .where('positions.state', 'in', ['pending', 'holding'])
    .groupBy('lending_pool_draws.symbol');
}

/** Shares of a symbol lent into the pool (see lentBySymbol). */
export async function lentQuantityOf(db: Db, symbol: string): Promise<bigint> {
  const row = await lentBySymbol(db).where('lendings.symbol', '=', symbol).executeTakeFirst();
  return BigInt(row?.lent_quantity ?? 0);
}

/** Shares of a symbol drawn from the pool (see drawnBySymbol). */
export async function drawnQuantityOf(db: Db, symbol: string): Promise<bigint> {
  const row = await drawnBySymbol(db).where('lending_pool_draws.symbol', '=', symbol).executeTakeFirst();
  return BigInt(row?.drawn_quantity ?? 0);
}

/** One instrument's standing in the pool. */
export interface PoolStanding {
  symbol: string;
  name: string;
  lendingEnabled: boolean;
  shortable: boolean;
  lentQuantity: bigint;
  lentValuePaise: bigint;
  drawnQuantity: bigint;
}

/**
 * The pool per instrument (indices never take part): of one symbol, or of every instrument that is
 * shortable, has lending enabled, has shares lent or has shares drawn.
 */
export async function findPoolStandings(db: Db, symbol?: string): Promise<PoolStanding[]> {
  let query = db
    .selectFrom('instruments')
    .leftJoin(lentBySymbol(db).as('lent'), 'lent.symbol', 'instruments.symbol')
    .leftJoin(drawnBySymbol(db).as('drawn'), 'drawn.symbol', 'instruments.symbol')
    .select([
      'instruments.symbol',
      'instruments.name',
      'instruments.lending_enabled',
      'instruments.shortable',
      'lent.lent_quantity',
      'lent.lent_value',
      'drawn.drawn_quantity',
    ])
    .where('instruments.kind', '!=', 'index');
  query = symbol
    ? query.where('instruments.symbol', '=', symbol)
    : query.where((eb) =>
        eb.or([
          eb('instruments.shortable', '=', true),
          eb('instruments.lending_enabled', '=', true),
          eb('lent.lent_quantity', 'is not', null),
          eb('drawn.drawn_quantity', 'is not', null),
        ]),
      );
  const rows = await query.orderBy('instruments.symbol').execute();
  return rows.map((row) => ({
    symbol: row.symbol,
    name: row.name,
    lendingEnabled: row.lending_enabled,
    shortable: row.shortable,
    lentQuantity: BigInt(row.lent_quantity ?? 0),
    lentValuePaise: BigInt(row.lent_value ?? 0),
    drawnQuantity: BigInt(row.drawn_quantity ?? 0),
  }));
}

/** The value of every lending in progress, against the pool quota. */
export async function inProgressValueOf(db: Db): Promise<bigint> {
  const row = await db
    .selectFrom('lendings')
    .select(sql<string | null>`sum(value_paise)`.as('value'))
    .where('state', '=', 'in_progress')
    .executeTakeFirst();
  return BigInt(row?.value ?? 0);
}

/** The lending in progress on a position, if any. */
export async function findLendingInProgress(db: Db, positionId: bigint): Promise<LendingRecord | undefined> {
  return findRecord(db, 'lendings', { position_id: positionId, state: 'in_progress' }, toLendingRecord);
}

/** A new lending, in progress from `lentAtMs`. */
export async function insertLending(
  trx: Db,
  lending: Omit<LendingRecord, 'id' | 'state' | 'completedAtMs' | 'endReason' | 'feePaidPaise'>,
): Promise<bigint> {
  const values = {
    ...rowFromRecord(lending),
    quantity: BigInt(lending.quantity),
    state: 'in_progress' as const,
  };
  return (await insertRow(trx, 'lendings', values)).id;
}

export async function findLending(db: Db, id: bigint): Promise<LendingRecord | undefined> {
  return findRecord(db, 'lendings', { id }, toLendingRecord);
}

/** A lending still in progress, locked for the rest of the transaction; undefined once completed. */
export async function lockLendingInProgress(trx: Db, id: bigint): Promise<LendingRecord | undefined> {
  return lockRecord(trx, 'lendings', { id, state: 'in_progress' }, toLendingRecord);
}

/** Lendings in progress whose term ended or whose holding is no longer open, the earliest term first. */
export async function findDueLendingIds(db: Db, nowMs: number, limit: number): Promise<bigint[]> {
  const rows = await db
    .selectFrom('lendings')
    .innerJoin('positions', 'positions.id', 'lendings.position_id')
    .select('lendings.id')
    .where('lendings.state', '=', 'in_progress')
    .where((eb) =>
      eb.or([eb('lendings.term_ends_at', '<=', new Date(nowMs)), eb('positions.state', '!=', 'holding')]),
    )
    .orderBy('lendings.term_ends_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

export async function markLendingCompleted(
  trx: Db,
  id: bigint,
  completion: { atMs: number; endReason: 'term' | 'position_closed'; feePaidPaise: bigint },
): Promise<void> {
  const { atMs, ...completed } = completion;
  const change = { ...rowFromRecord({ ...completed, completedAtMs: atMs }), state: 'completed' as const };
  await updateRows(trx, 'lendings', { id, state: 'in_progress' }, change);
}

/** A holding that might be lent, with its instrument's name and the lending in progress on it. */
export interface LendingCandidate {
  positionId: bigint;
  symbol: string;
  name: string;
  quantity: number;
  /** The instrument's market segment (a crypto holding counts units, not shares). */
  segment: string;
  side: PositionSide;
  leverage: number;
  state: PositionState;
  intraday: boolean;
  origin: PositionOrigin;
  lendingId: bigint | null;
  lentUntilMs: number | null;
}

/** A user's unlevered long holdings, newest first, each with the lending in progress on it if any. */
export async function findLendingCandidates(
  db: Db,
  userId: bigint,
  limit: number,
): Promise<LendingCandidate[]> {
  const rows = await db
    .selectFrom('positions')
    .innerJoin('instruments', 'instruments.symbol', 'positions.symbol')
    .leftJoin('lendings', (join) =>
      join.onRef('lendings.position_id', '=', 'positions.id').on('lendings.state', '=', 'in_progress'),
    )
    .select([
      'positions.id as position_id',
      'positions.symbol',
      'positions.quantity',
      'positions.side',
      'positions.leverage',
      'positions.state',
      'positions.intraday',
      'positions.origin',
      'instruments.name',
      'instruments.segment',
      'lendings.id as lending_id',
      'lendings.term_ends_at',
    ])
    .where('positions.user_id', '=', userId)
    .where('positions.state', '=', 'holding')
    .where('positions.side', '=', 'long')
    .where('positions.leverage', '=', 1)
    .orderBy('positions.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(({ term_ends_at: lentUntil, ...row }) => ({
    ...recordFromRow(row),
    quantity: Number(row.quantity),
    lentUntilMs: lentUntil ? lentUntil.getTime() : null,
  }));
}

/** A short's draw on the pool, written in the order's transaction. */
export async function insertPoolDraw(
  trx: Db,
  draw: { positionId: bigint; symbol: string; quantity: number; drawnAtMs: number },
): Promise<void> {
  await insertRow(trx, 'lending_pool_draws', { ...rowFromRecord(draw), quantity: BigInt(draw.quantity) });
}

/** Pool-backed shorts holding now that have no borrow fee row for the IST day yet, by position id. */
export async function findShortsOwingBorrowFee(
  db: Db,
  istDate: string,
  limit: number,
): Promise<Array<{ positionId: bigint; userId: bigint }>> {
  // positions.id is the draw's position (the join), so the day's filter reads it there.
  const drawn = db
    .selectFrom('lending_pool_draws')
    .innerJoin('positions', 'positions.id', 'lending_pool_draws.position_id')
    .select(['positions.id', 'positions.user_id']);
  return findPositionsOwingDay(drawn, { table: 'lending_borrow_fees', istDate, limit });
}

/** The day's borrow fee row of a short; false when that day was recorded already (nothing written). */
export async function insertBorrowFee(
  trx: Db,
  fee: {
    positionId: bigint;
    istDate: string;
    userId: bigint;
    notionalPaise: bigint;
    feeBpsPerDay: number;
    feePaise: bigint;
    chargedPaise: bigint;
    waivedPaise: bigint;
    chargedAtMs: number;
  },
): Promise<boolean> {
  return insertDayRowOnce(trx, 'lending_borrow_fees', rowFromRecord(fee));
}

/** The term end (epoch ms) of each given holding that is lent out now, by position id. */
export async function lentUntilOf(db: Db, positionIds: readonly bigint[]): Promise<Map<bigint, number>> {
  if (positionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('lendings')
    .select(['position_id', 'term_ends_at'])
    .where('position_id', 'in', positionIds)
    .where('state', '=', 'in_progress')
    .execute();
  return new Map(rows.map((row) => [row.position_id, row.term_ends_at.getTime()]));
}
