import { formatPaise, istDate, istMinutesOfDay } from '@nivesh/core';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { LendingsTable } from '../db/schema.js';

/**
 * Reads and locks of securities lending (docs/adr/0015-securities-lending.md): lendings, the pool per
 * symbol, and the advisory locks that serialise what must not race.
 */

export type LendingRow = Selectable<LendingsTable>;

/** One lending at the API (contract `Lending`). */
export interface LendingView {
  id: string;
  positionId: string;
  symbol: string;
  name: string;
  quantity: number;
  price: string;
  value: string;
  termDays: number;
  feeBpsPerDay: number;
  expectedFee: string;
  feePaid: string | null;
  state: 'in_progress' | 'completed';
  lentAt: number;
  termEndsAt: number;
  completedAt: number | null;
  endReason: 'term' | 'position_closed' | null;
}

export function toLendingView(row: LendingRow & { name: string }): LendingView {
  return {
    id: String(row.id),
    positionId: String(row.position_id),
    symbol: row.symbol,
    name: row.name,
    quantity: Number(row.quantity),
    price: formatPaise(row.price_paise),
    value: formatPaise(row.value_paise),
    termDays: row.term_days,
    feeBpsPerDay: row.fee_bps_per_day,
    expectedFee: formatPaise(row.expected_fee_paise),
    feePaid: row.fee_paid_paise === null ? null : formatPaise(row.fee_paid_paise),
    state: row.state,
    lentAt: row.lent_at.getTime(),
    termEndsAt: row.term_ends_at.getTime(),
    completedAt: row.completed_at ? row.completed_at.getTime() : null,
    endReason: row.end_reason,
  };
}

/** Lendings with their instrument's name, for lists. */
export function lendingQuery(db: Db) {
  return db
    .selectFrom('lendings')
    .innerJoin('instruments', 'instruments.symbol', 'lendings.symbol')
    .selectAll('lendings')
    .select('instruments.name');
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
 * Shares lent into the pool for a symbol: lendings in progress whose holding is still open (a holding
 * the engine closed leaves the pool at once, before the job completes its lending).
 */
export async function lentQuantityOf(db: Db, symbol: string): Promise<bigint> {
  const row = await db
    .selectFrom('lendings')
    .innerJoin('positions', 'positions.id', 'lendings.position_id')
    .select(sql<string | null>`sum(lendings.quantity)`.as('quantity'))
    .where('lendings.symbol', '=', symbol)
    .where('lendings.state', '=', 'in_progress')
    .where('positions.state', '=', 'holding')
    .executeTakeFirst();
  return BigInt(row?.quantity ?? 0);
}

/** Shares of a symbol drawn by open shorts (pending or holding) that drew on the pool. */
export async function drawnQuantityOf(db: Db, symbol: string): Promise<bigint> {
  const row = await db
    .selectFrom('lending_pool_draws')
    .innerJoin('positions', 'positions.id', 'lending_pool_draws.position_id')
    .select(sql<string | null>`sum(lending_pool_draws.quantity)`.as('quantity'))
    .where('lending_pool_draws.symbol', '=', symbol)
    .where('positions.state', 'in', ['pending', 'holding'])
    .executeTakeFirst();
  return BigInt(row?.quantity ?? 0);
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
export async function findLendingInProgress(db: Db, positionId: bigint): Promise<LendingRow | undefined> {
  return db
    .selectFrom('lendings')
    .selectAll()
    .where('position_id', '=', positionId)
    .where('state', '=', 'in_progress')
    .executeTakeFirst();
}

/**
 * An IST wall-clock time for messages, `YYYY-MM-DD HH:MM`.
 *
 * Example: `formatIstDateTime(Date.UTC(2026, 10, 30, 4, 30))` is `'2026-11-30 10:00'`.
 */
export function formatIstDateTime(atMs: number): string {
  const minutes = istMinutesOfDay(atMs);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${istDate(atMs)} ${hh}:${mm}`;
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
