import type { GttStatus, GttType } from '@nivesh/core';
import type { Db } from '../db/database.js';
import type { GttTriggersTable } from '../db/schema.js';
import { countRows, findDueRowIds, findNewestRows, findRow, lockRecord, type RowOf } from './row-lookups.js';
import { insertRow, updateRowOrThrow } from './row-writes.js';

/** One leg of a GTT: the trigger it waits for and the order it places (prices in paise). */
export interface GttLeg {
  triggerPaise: bigint;
  transactionType: 'BUY' | 'SELL';
  product: 'CNC' | 'MIS' | 'MTF';
  quantity: number;
  pricePaise: bigint;
}

/** A GTT as the use cases see it: one leg (single) or two (two-leg: lower first). */
export interface GttRecord {
  id: bigint;
  userId: bigint;
  symbol: string;
  type: GttType;
  status: GttStatus;
  lastPricePaise: bigint;
  legs: GttLeg[];
  createdAtMs: number;
  updatedAtMs: number;
  expiresAtMs: number;
  firedLeg: number | null;
  firedPricePaise: bigint | null;
  positionId: bigint | null;
  rejectCode: string | null;
}

/** Active GTTs of one investor, at most (a limit on what a client can make large). */
export const GTT_ACTIVE_PER_USER_MAX = 100;

/** GTTs listed at once, newest first. */
export const GTT_LIST_MAX = 200;

function toGtt(row: RowOf<'gtt_triggers'>): GttRecord {
  const legs: GttLeg[] = [
    {
      triggerPaise: row.trigger_paise,
      transactionType: row.transaction_type,
      product: row.product,
      quantity: Number(row.quantity),
      pricePaise: row.price_paise,
    },
  ];
  if (row.second_trigger_paise !== null)
    legs.push({
      triggerPaise: row.second_trigger_paise,
      transactionType: row.second_transaction_type!,
      product: row.second_product!,
      quantity: Number(row.second_quantity!),
      pricePaise: row.second_price_paise!,
    });
  return {
    id: row.id,
    userId: row.user_id,
    symbol: row.symbol,
    type: row.type,
    status: row.status,
    lastPricePaise: row.last_price_paise,
    legs,
    createdAtMs: row.created_at.getTime(),
    updatedAtMs: row.updated_at.getTime(),
    expiresAtMs: row.expires_at.getTime(),
    firedLeg: row.fired_leg,
    firedPricePaise: row.fired_price_paise,
    positionId: row.position_id,
    rejectCode: row.reject_code,
  };
}

/** The columns of a GTT's terms: its legs, last price and expiry. */
export interface GttTerms {
  type: GttType;
  lastPricePaise: bigint;
  legs: GttLeg[];
  expiresAtMs: number;
}

function termColumns(terms: GttTerms) {
  const [first, second] = terms.legs as [GttLeg, GttLeg | undefined];
  return {
    type: terms.type,
    last_price_paise: terms.lastPricePaise,
    trigger_paise: first.triggerPaise,
    transaction_type: first.transactionType,
    product: first.product,
    quantity: BigInt(first.quantity),
    price_paise: first.pricePaise,
    second_trigger_paise: second?.triggerPaise ?? null,
    second_transaction_type: second?.transactionType ?? null,
    second_product: second?.product ?? null,
    second_quantity: second ? BigInt(second.quantity) : null,
    second_price_paise: second?.pricePaise ?? null,
    expires_at: new Date(terms.expiresAtMs),
  } satisfies Partial<Record<keyof GttTriggersTable, unknown>>;
}

export async function insertGtt(
  trx: Db,
  input: GttTerms & { userId: bigint; symbol: string; atMs: number },
): Promise<GttRecord> {
  const at = new Date(input.atMs);
  const values = {
    user_id: input.userId,
    symbol: input.symbol,
    status: 'active' as const,
    ...termColumns(input),
  };
  return toGtt(await insertRow(trx, 'gtt_triggers', { ...values, created_at: at, updated_at: at }));
}

export async function updateGttTerms(trx: Db, id: bigint, terms: GttTerms, atMs: number): Promise<GttRecord> {
  const change = { ...termColumns(terms), updated_at: new Date(atMs) };
  return toGtt(await updateRowOrThrow(trx, 'gtt_triggers', { id }, change));
}

/** Moves an active GTT to its end state (the caller asked core's canGttMoveTo under the row lock). */
export async function settleGtt(
  trx: Db,
  id: bigint,
  input: {
    status: Exclude<GttStatus, 'active'>;
    atMs: number;
    firedLeg?: number;
    firedPricePaise?: bigint;
    positionId?: bigint | null;
    rejectCode?: string;
  },
): Promise<GttRecord> {
  const change = {
    status: input.status,
    updated_at: new Date(input.atMs),
    fired_leg: input.firedLeg ?? null,
    fired_price_paise: input.firedPricePaise ?? null,
    position_id: input.positionId ?? null,
    reject_code: input.rejectCode ?? null,
  };
  return toGtt(await updateRowOrThrow(trx, 'gtt_triggers', { id, status: 'active' }, change));
}

export async function findGtt(db: Db, id: bigint, userId?: bigint): Promise<GttRecord | undefined> {
  const row = await findRow(db, 'gtt_triggers', userId === undefined ? { id } : { id, user_id: userId });
  return row ? toGtt(row) : undefined;
}

export async function lockGtt(trx: Db, id: bigint): Promise<GttRecord | undefined> {
  return lockRecord(trx, 'gtt_triggers', { id }, toGtt);
}

/** An investor's GTTs, newest first. */
export async function listUserGtts(db: Db, userId: bigint): Promise<GttRecord[]> {
  return (await findNewestRows(db, 'gtt_triggers', { user_id: userId }, GTT_LIST_MAX)).map(toGtt);
}

export async function countActiveGtts(db: Db, userId: bigint): Promise<number> {
  return countRows(db, 'gtt_triggers', { user_id: userId, status: 'active' });
}

/** GTTs changed since `since` (the engine's start reads every active one, then follows changes). */
export async function findGttsChangedSince(
  db: Db,
  since: Date | 'start',
): Promise<{ rows: GttRecord[]; readAt: Date }> {
  const readAt = new Date();
  let query = db.selectFrom('gtt_triggers').selectAll();
  query = since === 'start' ? query.where('status', '=', 'active') : query.where('updated_at', '>=', since);
  const rows = await query.orderBy('id').execute();
  return { rows: rows.map(toGtt), readAt };
}

/** Active GTTs whose expiry has passed by `nowMs`, oldest first, at most `limit`. */
export async function findExpiredActiveGtts(db: Db, nowMs: number, limit: number): Promise<bigint[]> {
  return findDueRowIds(db, 'gtt_triggers', { status: 'active' }, 'expires_at', nowMs, limit);
}

/** The order a triggered GTT placed, or the refusal that rejected it (core: triggered → rejected). */
export async function recordGttOutcome(
  trx: Db,
  id: bigint,
  outcome: { positionId: bigint } | { rejectCode: string },
  atMs: number,
): Promise<GttRecord> {
  const updated_at = new Date(atMs);
  const change =
    'positionId' in outcome
      ? { position_id: outcome.positionId, updated_at }
      : { status: 'rejected' as const, reject_code: outcome.rejectCode, updated_at };
  return toGtt(await updateRowOrThrow(trx, 'gtt_triggers', { id, status: 'triggered' }, change));
}
