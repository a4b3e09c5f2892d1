import { poolAvailableQuantity } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { Db } from '../../db/database.js';
import { isLendingEnabled } from '../../repositories/instrument.repository.js';
import {
  drawnQuantityOf,
  insertPoolDraw,
  lentQuantityOf,
  lockLendingPool,
} from '../../repositories/lending.repository.js';
import type { PositionRecord } from '../../repositories/position.repository.js';

/**
 * The order flow's one call into securities lending (apps/server/src/use-cases/trading/place-order.ts),
 * inside the order's transaction, after its row is written: a short on an instrument whose lending is
 * enabled borrows its shares from the pool. Beyond what the pool has available the short is refused
 * (LENDING_POOL_SHORT with the quantity available) and the whole order rolls back.
 *
 * The symbol's advisory lock serialises concurrent shorts, so two cannot both take the last shares.
 * The instrument row is read here, not from the instrument cache, so a staff switch counts at once.
 */
export async function drawOnLendingPool(trx: Db, position: PositionRecord): Promise<void> {
  if (position.side !== 'short') return;
  if (!(await isLendingEnabled(trx, position.symbol))) return;
  await lockLendingPool(trx, position.symbol);
  const available = poolAvailableQuantity(
    await lentQuantityOf(trx, position.symbol),
    await drawnQuantityOf(trx, position.symbol),
  );
  if (BigInt(position.quantity) > available) {
    refuse('LENDING_POOL_SHORT', { symbol: position.symbol, available: Number(available) });
  }
  await insertPoolDraw(trx, {
    positionId: position.id,
    symbol: position.symbol,
    quantity: position.quantity,
    drawnAtMs: position.placedAtMs,
  });
}
