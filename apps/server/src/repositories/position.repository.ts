import {
  computeOpeningTerms,
  type HoldingLock,
  invariant,
  nextPositionState,
  type OpeningCosts,
  type OrderType,
  type PositionAction,
  type PositionSide,
  type PositionState,
  type PostingDraft,
  type Product,
  splitHolding,
} from '@nivesh/core';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../db/database.js';
import { pgErrorCode } from '../db/errors.js';
import type { PositionCloseReason, PositionOrigin, PositionsTable } from '../db/schema.js';
import { type Arg, compiledQuery } from './compiled-query.js';
import { asFundsInsufficient, type PostedBy, postingArrays } from './ledger.repository.js';
import { countRows, whereMatching } from './row-lookups.js';

/** One order and the position it becomes, as the use cases and the engine see it. */
export interface PositionRecord {
  id: bigint;
  userId: bigint;
  symbol: string;
  currency: string;
  side: PositionSide;
  orderType: OrderType;
  intraday: boolean;
  leverage: number;
  quantity: number;
  limitPricePaise: bigint | null;
  triggerPricePaise: bigint | null;
  triggered: boolean;
  state: PositionState;
  placedAtMs: number;
  placedPricePaise: bigint;
  heldPaise: bigint;
  entryPricePaise: bigint | null;
  entryTickAtMs: number | null;
  openedAtMs: number | null;
  marginPaise: bigint | null;
  openFeePaise: bigint | null;
  lockDays: number;
  lockMinutes: number;
  lockedUntilMs: number | null;
  stopOutPricePaise: bigint | null;
  exitPricePaise: bigint | null;
  exitTickAtMs: number | null;
  closedAtMs: number | null;
  closeReason: PositionCloseReason | null;
  closeFeePaise: bigint | null;
  taxPaise: bigint | null;
  pnlPaise: bigint | null;
  payoutPaise: bigint | null;
  houseAbsorbedPaise: bigint | null;
  cancelledAtMs: number | null;
  cancelReason: 'user' | 'expired' | 'funds' | null;
  origin: PositionOrigin;
  /** CNC, MIS or MTF (core productOf of intraday and leverage; migration 0023). */
  product: Product;
  /** The holding this part sold was split from (docs/adr/0019-partial-sells.md), else null. */
  splitFromId: bigint | null;
  /** How many times the pending order's terms were changed (migration 0036), and the last time. */
  modificationCount: number;
  modifiedAtMs: number | null;
}

export type PositionRow = Selectable<PositionsTable>;

const ms = (value: Date | null): number | null => (value ? value.getTime() : null);

export function toPositionRecord(row: PositionRow): PositionRecord {
  return {
    id: row.id,
    userId: row.user_id,
    symbol: row.symbol,
    currency: row.currency,
    side: row.side,
    orderType: row.order_type,
    intraday: row.intraday,
    leverage: row.leverage,
    quantity: Number(row.quantity),
    limitPricePaise: row.limit_price_paise,
    triggerPricePaise: row.trigger_price_paise,
    triggered: row.triggered,
    state: row.state,
    placedAtMs: row.placed_at.getTime(),
    placedPricePaise: row.placed_price_paise,
    heldPaise: row.held_paise,
    entryPricePaise: row.entry_price_paise,
    entryTickAtMs: ms(row.entry_tick_at),
    openedAtMs: ms(row.opened_at),
    marginPaise: row.margin_paise,
    openFeePaise: row.open_fee_paise,
    lockDays: row.lock_days,
    lockMinutes: row.lock_minutes,
    lockedUntilMs: ms(row.locked_until),
    stopOutPricePaise: row.stop_out_price_paise,
    exitPricePaise: row.exit_price_paise,
    exitTickAtMs: ms(row.exit_tick_at),
    closedAtMs: ms(row.closed_at),
    closeReason: row.close_reason,
    closeFeePaise: row.close_fee_paise,
    taxPaise: row.tax_paise,
    pnlPaise: row.pnl_paise,
    payoutPaise: row.payout_paise,
    houseAbsorbedPaise: row.house_absorbed_paise,
    cancelledAtMs: ms(row.cancelled_at),
    cancelReason: row.cancel_reason,
    origin: row.origin,
    product: row.product,
    splitFromId: row.split_from_id,
    modificationCount: row.modification_count,
    modifiedAtMs: ms(row.modified_at),
  };
}

/** A position locked for the rest of the transaction (FOR UPDATE), scoped to its owner when given. */
export async function lockPosition(
  trx: Db,
  id: bigint,
  userId?: bigint,
): Promise<PositionRecord | undefined> {
  let query = trx.selectFrom('positions').selectAll().where('id', '=', id);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const row = await query.forUpdate().executeTakeFirst();
  return row ? toPositionRecord(row) : undefined;
}

export async function findPosition(db: Db, id: bigint, userId?: bigint): Promise<PositionRecord | undefined> {
  const [row] =
    userId === undefined
      ? await selectPositionById(db, { id })
      : await selectPositionOfUser(db, { id, userId });
  return row ? toPositionRecord(row) : undefined;
}

// Every close reads its position first: compiled once (docs/adr/0038).
const selectPositionById = compiledQuery((db, arg: Arg<{ id: bigint }>) =>
  db.selectFrom('positions').selectAll().where('id', '=', arg('id')),
);
const selectPositionOfUser = compiledQuery((db, arg: Arg<{ id: bigint; userId: bigint }>) =>
  db.selectFrom('positions').selectAll().where('id', '=', arg('id')).where('user_id', '=', arg('userId')),
);

/**
 * Rows changed at or after a database time (or, at `start`, every pending order and holding), with
 * the database's time of this read: the engine leader loads its index and then follows orders placed
 * and cancelled through other processes with it.
 */
export async function findPositionsChangedSince(
  db: Db,
  since: Date | 'start',
): Promise<{ rows: PositionRecord[]; readAt: Date }> {
  return db.transaction().execute(async (trx) => {
    const { readAt } = await trx
      .selectNoFrom((eb) => eb.fn<Date>('clock_timestamp', []).as('readAt'))
      .executeTakeFirstOrThrow();
    // At start only what still waits matters: pending orders and holdings.
    const rows =
      since === 'start'
        ? await trx.selectFrom('positions').selectAll().where('state', 'in', ['pending', 'holding']).execute()
        : await trx.selectFrom('positions').selectAll().where('synced_at', '>=', since).execute();
    return { rows: rows.map(toPositionRecord), readAt: new Date(readAt) };
  });
}

/** The action of a close by its recorded reason, for the state machine (core order-state). */
export type CloseReason = 'user' | 'stop_out' | 'square_off' | 'product_end';
/** Why a pending order was cancelled, as recorded. */
export type CancelReason = 'user' | 'expired' | 'funds';

const CLOSE_ACTIONS: Record<CloseReason, PositionAction> = {
  user: 'close',
  stop_out: 'stop_out',
  square_off: 'square_off',
  product_end: 'product_end',
};
const CANCEL_ACTIONS: Record<CancelReason, PositionAction> = {
  user: 'cancel',
  expired: 'expire',
  funds: 'reject',
};

/** The action of a close for the state machine. */
export const closeActionOf = (reason: CloseReason): PositionAction => CLOSE_ACTIONS[reason];
/** The action of a cancel for the state machine. */
export const cancelActionOf = (reason: CancelReason): PositionAction => CANCEL_ACTIONS[reason];

/**
 * The state a position moves to by an action, through core's state machine: an illegal transition is
 * a programming error (the callers check the state they read, under its row lock, first).
 */
export function nextStateOrThrow(position: PositionRecord, action: PositionAction): PositionState {
  const next = nextPositionState(position.state, action);
  invariant(next !== null, `${action} of position ${position.id} in state ${position.state}`);
  return next;
}

/** What a new holding records: its entry, margin, fee, lock and stop-out level. */
export function openingColumns(input: {
  side: 'long' | 'short';
  quantity: number;
  pricePaise: bigint;
  tickAtMs: number;
  openedAtMs: number;
  costs: OpeningCosts;
  lock: Required<HoldingLock>;
  stopOutBps: bigint;
}) {
  const terms = computeOpeningTerms({
    side: input.side,
    quantity: input.quantity,
    pricePaise: input.pricePaise,
    openedAtMs: input.openedAtMs,
    marginPaise: input.costs.marginPaise,
    lock: input.lock,
    stopOutBps: input.stopOutBps,
  });
  return {
    entry_price_paise: input.pricePaise,
    entry_tick_at: new Date(input.tickAtMs),
    opened_at: new Date(input.openedAtMs),
    margin_paise: input.costs.marginPaise,
    open_fee_paise: input.costs.feePaise,
    lock_days: input.lock.days,
    lock_minutes: input.lock.minutes,
    locked_until: new Date(terms.lockedUntilMs),
    stop_out_price_paise: terms.stopOutPricePaise,
  };
}

/** A short that must draw on the lending pool in the same transaction (open_position's NV001). */
export class LendingPoolDrawRequired extends Error {}

/** A holding that changed between the read its settlement was computed from and the close (NV002). */
export class HoldingChanged extends Error {}

/** A holding with a lending in progress, refused a close (close_holding's NV003). */
export class HoldingLent extends Error {
  constructor(readonly termEndsAtMs: number) {
    super(`holding lent until ${termEndsAtMs}`);
  }
}

/** A row as the JSON object the functions read with jsonb_populate_record: bigints as strings. */
const columnsJson = (columns: object) =>
  JSON.stringify(columns, (_key, value) => (typeof value === 'bigint' ? String(value) : value));

const postedByArguments = (postedBy: PostedBy) => ({
  type: postedBy.type,
  id: postedBy.id === undefined || postedBy.id === null ? null : String(postedBy.id),
});

/**
 * Writes a new position and its balanced entry in one statement (open_position, migration 0020;
 * ADR 0016). Throws LendingPoolDrawRequired for a short on an instrument whose lending is enabled
 * unless `poolHandled`, and FUNDS_INSUFFICIENT when cash cannot pay; either way nothing is written.
 */
export async function insertPositionWithEntry(
  db: Db,
  input: {
    values: Insertable<PositionsTable>;
    action: 'open' | 'hold';
    kind: string;
    postings: PostingDraft[];
    postedBy: PostedBy;
    atMs: number;
    poolHandled: boolean;
    /** A fill's trade_charges columns (migration 0024 writes the row with the entry's id). */
    charges?: object | undefined;
  },
): Promise<PositionRecord> {
  const arrays = postingArrays(input.postings);
  const by = postedByArguments(input.postedBy);
  const charges = input.charges === undefined ? null : columnsJson(input.charges);
  try {
    const result = await sql<PositionRow>`
      SELECT * FROM open_position(
        ${columnsJson(input.values)}::jsonb, ${input.action}, ${input.kind}, ${by.type}, ${by.id},
        ${new Date(input.atMs)}::timestamptz, ${arrays.accounts}::bigint[], ${arrays.amounts}::bigint[],
        ${arrays.currencies}::text[], ${input.poolHandled}, ${charges}::jsonb)
    `.execute(db);
    return toPositionRecord(result.rows[0]!);
  } catch (error) {
    if (pgErrorCode(error) === 'NV001') throw new LendingPoolDrawRequired(String(error));
    throw asFundsInsufficient(error);
  }
}

/**
 * Closes a holding and posts its balanced entry in one statement (close_holding, migration 0020),
 * only while the row is still the holding as read (HoldingChanged otherwise, nothing written). With
 * `refuseIfLent` a holding with a lending in progress throws HoldingLent.
 */
export async function closeHoldingWithEntry(
  db: Db,
  input: {
    position: PositionRecord;
    reason: CloseReason;
    closing: Omit<Updateable<PositionsTable>, 'state'>;
    kind: string;
    postings: PostingDraft[];
    postedBy: PostedBy;
    atMs: number;
    refuseIfLent: boolean;
    /** The closing leg's trade_charges columns (migration 0024 writes the row with the entry's id). */
    charges?: object | undefined;
  },
): Promise<PositionRecord> {
  const { position } = input;
  // close_holding moves holding → closed; the state machine must agree for this reason.
  invariant(
    nextStateOrThrow(position, closeActionOf(input.reason)) === 'closed',
    `a close of position ${position.id} ends closed`,
  );
  const expected = {
    quantity: position.quantity,
    entry_price_paise: position.entryPricePaise,
    margin_paise: position.marginPaise,
  };
  const arrays = postingArrays(input.postings);
  const by = postedByArguments(input.postedBy);
  try {
    const result = await sql<PositionRow>`
      SELECT * FROM close_holding(
        ${position.id}, ${columnsJson(expected)}::jsonb, ${columnsJson(input.closing)}::jsonb, ${input.kind},
        ${by.type}, ${by.id}, ${new Date(input.atMs)}::timestamptz, ${arrays.accounts}::bigint[],
        ${arrays.amounts}::bigint[], ${arrays.currencies}::text[], ${input.refuseIfLent},
        ${input.charges === undefined ? null : columnsJson(input.charges)}::jsonb)
    `.execute(db);
    return toPositionRecord(result.rows[0]!);
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === 'NV002') throw new HoldingChanged(String(error));
    if (code === 'NV003') throw new HoldingLent(Number((error as { detail?: string }).detail));
    throw asFundsInsufficient(error);
  }
}

/**
 * Splits a holding, read under its row lock, for a partial sell (docs/adr/0019-partial-sells.md):
 * the row keeps its id and becomes the remainder, and a new holding row, naming it in
 * `split_from_id`, takes the `soldQuantity` shares with their share of margin, opening charges and
 * held amount by core's splitHolding (the sold part gets the floor, the remainder the rest). Entry
 * price, lock, stop-out level and product are copied. No money moves: the margin account holds the
 * sum of both margins, which is the original margin. Answers both rows; the caller closes the sold
 * part in the same transaction. Throws HoldingChanged when the row is no longer the holding as read.
 */
export async function splitHoldingRow(
  trx: Db,
  position: PositionRecord,
  soldQuantity: number,
): Promise<{ sold: PositionRecord; remainder: PositionRecord }> {
  invariant(nextStateOrThrow(position, 'split') === 'holding', `a split of ${position.id} stays holding`);
  const parts = splitHolding(
    {
      quantity: position.quantity,
      marginPaise: position.marginPaise!,
      openFeePaise: position.openFeePaise ?? 0n,
      heldPaise: position.heldPaise,
    },
    soldQuantity,
  );
  const remainderRow = await trx
    .updateTable('positions')
    .set({
      quantity: BigInt(parts.remainder.quantity),
      margin_paise: parts.remainder.marginPaise,
      open_fee_paise: position.openFeePaise === null ? null : parts.remainder.openFeePaise,
      held_paise: parts.remainder.heldPaise,
    })
    .where('id', '=', position.id)
    .where('state', '=', 'holding')
    .where('quantity', '=', BigInt(position.quantity))
    .where('margin_paise', '=', position.marginPaise!)
    .returningAll()
    .executeTakeFirst();
  if (!remainderRow) throw new HoldingChanged(`position ${position.id} changed before its split`);
  const sold = parts.sold;
  // Every column of the original but the split amounts; product is generated from intraday and leverage.
  const result = await sql<PositionRow>`
    INSERT INTO positions (
      user_id, symbol, currency, side, order_type, intraday, leverage, quantity, limit_price_paise,
      trigger_price_paise, triggered, state, placed_at, placed_price_paise, held_paise,
      entry_price_paise, entry_tick_at, opened_at, margin_paise, open_fee_paise, lock_days,
      lock_minutes, locked_until, stop_out_price_paise, origin, follow_id, mirrors_position_id,
      split_from_id)
    SELECT user_id, symbol, currency, side, order_type, intraday, leverage, ${BigInt(sold.quantity)},
           limit_price_paise, trigger_price_paise, triggered, state, placed_at, placed_price_paise,
           ${sold.heldPaise}, entry_price_paise, entry_tick_at, opened_at, ${sold.marginPaise},
           ${position.openFeePaise === null ? null : sold.openFeePaise}, lock_days, lock_minutes,
           locked_until, stop_out_price_paise, origin, follow_id, mirrors_position_id, id
      FROM positions WHERE id = ${position.id}
    RETURNING *
  `.execute(trx);
  return { sold: toPositionRecord(result.rows[0]!), remainder: toPositionRecord(remainderRow) };
}

/** The holdings of a user in one symbol and product, oldest first: the lots a sale takes (FIFO). */
export async function lockHoldingsOfSymbol(
  trx: Db,
  input: { userId: bigint; symbol: string; product: Product; side: PositionSide },
): Promise<PositionRecord[]> {
  const holdings = { user_id: input.userId, symbol: input.symbol, product: input.product, side: input.side };
  const rows = await whereMatching(trx.selectFrom('positions').selectAll(), 'positions', {
    ...holdings,
    state: 'holding',
  })
    .orderBy('opened_at')
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map(toPositionRecord);
}

/** Whether any holding mirrors this one (a copy-trading strategy's position with followers). */
export async function hasHoldingMirrors(db: Db, positionId: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('positions')
    .select('id')
    .where('mirrors_position_id', '=', positionId)
    .where('state', 'in', ['pending', 'holding'])
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Moves a position (read under its row lock) by an action of the state machine, writing the new
 * state with the columns the action records; the write applies only while the row is in the state
 * read, and fails loudly otherwise.
 */
async function transitionPosition(
  trx: Db,
  position: PositionRecord,
  action: PositionAction,
  columns: Omit<Updateable<PositionsTable>, 'state'>,
): Promise<PositionRecord> {
  const row = await trx
    .updateTable('positions')
    .set({ ...columns, state: nextStateOrThrow(position, action) })
    .where('id', '=', position.id)
    .where('state', '=', position.state)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toPositionRecord(row);
}

/** Marks a pending order cancelled (by the investor, an expiry, or a fill the cash could not cover). */
export function markPositionCancelled(
  trx: Db,
  position: PositionRecord,
  input: { reason: CancelReason; atMs: number },
): Promise<PositionRecord> {
  return transitionPosition(trx, position, cancelActionOf(input.reason), {
    cancelled_at: new Date(input.atMs),
    cancel_reason: input.reason,
  });
}

/**
 * Writes a pending order's new terms (docs/adr/0025, "Order modification"): it stays pending, its
 * price basis and hold follow, and the count of modifications names the hold's adjusting entry.
 */
export function markPositionModified(
  trx: Db,
  position: PositionRecord,
  columns: {
    quantity: number;
    limitPricePaise: bigint | null;
    triggerPricePaise: bigint | null;
    placedPricePaise: bigint;
    heldPaise: bigint;
    modificationCount: number;
    atMs: number;
  },
): Promise<PositionRecord> {
  return transitionPosition(trx, position, 'modify', {
    quantity: BigInt(columns.quantity),
    limit_price_paise: columns.limitPricePaise,
    trigger_price_paise: columns.triggerPricePaise,
    placed_price_paise: columns.placedPricePaise,
    held_paise: columns.heldPaise,
    modification_count: columns.modificationCount,
    modified_at: new Date(columns.atMs),
  });
}

/** A holding's new product (MIS or CNC), margin and stop-out level after a conversion (docs/adr/0031). */
export function markPositionConverted(
  trx: Db,
  position: PositionRecord,
  columns: { intraday: boolean; leverage: number; marginPaise: bigint; stopOutPricePaise: bigint },
): Promise<PositionRecord> {
  return transitionPosition(trx, position, 'convert', {
    intraday: columns.intraday,
    leverage: columns.leverage,
    margin_paise: columns.marginPaise,
    stop_out_price_paise: columns.stopOutPricePaise,
  });
}

/** Marks a pending order filled: it becomes a holding with the opening's columns. */
export function markPositionFilled(
  trx: Db,
  position: PositionRecord,
  columns: Omit<Updateable<PositionsTable>, 'state'>,
): Promise<PositionRecord> {
  return transitionPosition(trx, position, 'fill', columns);
}

/**
 * Arms a pending stop-limit whose trigger the price reached: it now waits at its limit. Not a change
 * of state (the order stays pending); undefined when the order is no longer pending.
 */
export async function markStopLimitArmed(db: Db, id: bigint): Promise<PositionRecord | undefined> {
  const row = await db
    .updateTable('positions')
    .set({ triggered: true })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  return row ? toPositionRecord(row) : undefined;
}

/** Pending orders on exchange-hours (NSE calendar) instruments placed before an instant, oldest first. */
export async function findPendingExchangeOrdersPlacedBefore(
  db: Db,
  beforeMs: number,
): Promise<PositionRecord[]> {
  const rows = await db
    .selectFrom('positions')
    .innerJoin('instruments', 'instruments.symbol', 'positions.symbol')
    .selectAll('positions')
    .where('positions.state', '=', 'pending')
    .where('instruments.calendar', '=', 'nse')
    .where('positions.placed_at', '<', new Date(beforeMs))
    .orderBy('positions.id')
    .execute();
  return rows.map(toPositionRecord);
}

/** Intraday holdings opened before an instant, oldest first: what the square-off closes. */
export async function findIntradayHoldingsOpenedBefore(db: Db, beforeMs: number): Promise<PositionRecord[]> {
  const rows = await db
    .selectFrom('positions')
    .selectAll()
    .where('state', '=', 'holding')
    .where('intraday', '=', true)
    .where('opened_at', '<', new Date(beforeMs))
    .orderBy('id')
    .execute();
  return rows.map(toPositionRecord);
}

/** A user's holdings with what their P&L needs. */
export function findHoldingsForPnl(db: Db, userId: bigint) {
  return db
    .selectFrom('positions')
    .select(['symbol', 'currency', 'side', 'quantity', 'entry_price_paise', 'margin_paise'])
    .where('user_id', '=', userId)
    .where('state', '=', 'holding')
    .execute();
}

/** The tabs of the investor's positions list (listPositionsOfTab). */
export type PositionTab = 'pending' | 'holding' | 'ended' | 'inventory' | 'crypto_forex';

/** A position row with its instrument's name, as lists show it. */
export type PositionRowWithName = PositionRow & { instrument_name: string };

/**
 * A page of a user's positions, newest first, each with its instrument's name: those of one tab
 * (see listPositionsOfTab), or every one, optionally of one symbol. Reads `limit + 1` rows so the
 * caller knows whether more follow.
 */
export async function findPositionPage(
  db: Db,
  input: { userId: bigint; tab?: PositionTab; symbol?: string; beforeId?: bigint; limit: number },
): Promise<PositionRowWithName[]> {
  let query = db
    .selectFrom('positions')
    .innerJoin('instruments', 'instruments.symbol', 'positions.symbol')
    .selectAll('positions')
    .select('instruments.name as instrument_name')
    .where('positions.user_id', '=', input.userId);
  const equity = ['equity'] as const;
  switch (input.tab) {
    case undefined:
      break;
    case 'pending':
      query = query.where('positions.state', '=', 'pending').where('instruments.kind', 'in', equity);
      break;
    case 'holding':
      query = query.where('positions.state', '=', 'holding').where('instruments.kind', 'in', equity);
      break;
    case 'ended':
      query = query.where('positions.state', 'in', ['closed', 'cancelled']);
      break;
    case 'inventory':
      query = query
        .where('positions.state', '=', 'holding')
        .where('instruments.kind', 'in', equity)
        .where('positions.side', '=', 'long')
        .where('positions.leverage', '=', 1)
        .where('positions.intraday', '=', false);
      break;
    case 'crypto_forex':
      query = query
        .where('positions.state', 'in', ['pending', 'holding'])
        .where('instruments.kind', 'in', ['crypto', 'forex']);
      break;
  }
  if (input.symbol !== undefined) query = query.where('positions.symbol', '=', input.symbol);
  if (input.beforeId !== undefined) query = query.where('positions.id', '<', input.beforeId);
  return query
    .orderBy('positions.id', 'desc')
    .limit(input.limit + 1)
    .execute();
}

// Copy trading (use-cases/follow) and holdings written whole.
export async function findOpenPositionsOfUser(db: Db, userId: bigint): Promise<PositionRecord[]> {
  const rows = await db
    .selectFrom('positions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('state', 'in', ['pending', 'holding'])
    .execute();
  return rows.map(toPositionRecord);
}

export async function findHoldingAndClosedPositions(
  db: Db,
  owner: { userId: bigint } | { followId: bigint },
): Promise<PositionRecord[]> {
  let query = db.selectFrom('positions').selectAll().where('state', 'in', ['holding', 'closed']);
  query =
    'followId' in owner
      ? query.where('follow_id', '=', owner.followId)
      : query.where('user_id', '=', owner.userId);
  const rows = await query.execute();
  return rows.map(toPositionRecord);
}

export async function findPositionsWithInstrumentName(
  db: Db,
  owner: { userId: bigint } | { followId: bigint },
  limit: number,
): Promise<Array<{ position: PositionRecord; instrumentName: string | null }>> {
  let query = db
    .selectFrom('positions')
    .leftJoin('instruments', 'instruments.symbol', 'positions.symbol')
    .selectAll('positions')
    .select('instruments.name as instrument_name');
  query =
    'followId' in owner
      ? query.where('positions.follow_id', '=', owner.followId)
      : query.where('positions.user_id', '=', owner.userId);
  const rows = await query.orderBy('positions.id', 'desc').limit(limit).execute();
  return rows.map((row) => ({ position: toPositionRecord(row), instrumentName: row.instrument_name }));
}

/** The parts sold of a holding (rows split from it by partial sells, docs/adr/0019). */
export async function findPartsSoldOf(db: Db, positionId: bigint): Promise<PositionRecord[]> {
  const rows = await db.selectFrom('positions').selectAll().where('split_from_id', '=', positionId).execute();
  return rows.map(toPositionRecord);
}

export async function countPositionsOfUser(db: Db, userId: bigint): Promise<number> {
  return countRows(db, 'positions', { user_id: userId });
}

export async function insertPosition(trx: Db, row: Insertable<PositionsTable>): Promise<PositionRecord> {
  return toPositionRecord(
    await trx.insertInto('positions').values(row).returningAll().executeTakeFirstOrThrow(),
  );
}

export async function listUserPositions(
  db: Db,
  userId: bigint,
  page: { limit: number; beforeId?: bigint | undefined; state?: PositionState | undefined },
): Promise<PositionRecord[]> {
  let query = db
    .selectFrom('positions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(page.limit);
  if (page.state) query = query.where('state', '=', page.state);
  if (page.beforeId !== undefined) query = query.where('id', '<', page.beforeId);
  return (await query.execute()).map(toPositionRecord);
}

/**
 * Positions open at an instant, per currency, with the margin they hold: opened before it and not
 * closed by then (the end-of-day report, docs/adr/0033); paper positions (ADR 0026) are left out.
 */
export async function countPositionsOpenAt(
  db: Db,
  atMs: number,
): Promise<{ currency: string; count: number; marginPaise: bigint }[]> {
  const at = new Date(atMs);
  const result = await sql<{ currency: string; count: bigint; margin: string }>`
    SELECT p.currency, count(*) AS count, coalesce(sum(p.margin_paise), 0)::text AS margin
    FROM positions p JOIN users u ON u.id = p.user_id
    WHERE p.opened_at IS NOT NULL AND p.opened_at < ${at} AND (p.closed_at IS NULL OR p.closed_at >= ${at})
      AND p.state IN ('holding', 'closed') AND u.account_kind <> 'paper'
    GROUP BY p.currency ORDER BY p.currency
  `.execute(db);
  return result.rows.map((row) => ({
    currency: row.currency,
    count: Number(row.count),
    marginPaise: BigInt(row.margin),
  }));
}
