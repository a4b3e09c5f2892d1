import type { OrderType, PositionSide, PositionState } from '@nivesh/core';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { PositionCloseReason, PositionOrigin, PositionsTable } from '../db/schema.js';

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
  let query = db.selectFrom('positions').selectAll().where('id', '=', id);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const row = await query.executeTakeFirst();
  return row ? toPositionRecord(row) : undefined;
}

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

// The console's investor positions: a user's orders and positions newest first, paged by id.
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
