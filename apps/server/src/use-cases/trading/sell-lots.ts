import { apportionByQuantity, lockRemaining } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { Db } from '../../db/database.js';
import type { PostedBy } from '../../repositories/ledger.repository.js';
import { findLendingInProgress } from '../../repositories/lending.repository.js';
import {
  hasHoldingMirrors,
  type PositionRecord,
  splitHoldingRow,
} from '../../repositories/position.repository.js';
import type { TradingParameters } from '../../repositories/trading-parameters.repository.js';
import { lentRefusal } from '../lending/refuse-while-lent.js';
import { settleHolding } from './position-ledger.js';
import { formatDuration } from './position-view.js';
import type { TradingAccounts } from './trading-accounts.js';

/**
 * Selling a holding in whole or in part (docs/adr/0019-partial-sells.md): the checks every sold lot
 * passes and the writes of one lot, inside the caller's transaction, so that a sale of several lots
 * (trade/sell) or part of one (trade/close with a quantity) is all or nothing.
 */

/**
 * The quantity of a sale as the investor typed it: a whole number of at least 1, never rounded or
 * stripped (2.5 is refused, not sold as 2).
 */
export function readSellQuantity(quantity: number): number {
  if (!Number.isFinite(quantity) || !Number.isInteger(quantity)) refuse('QUANTITY_NOT_WHOLE');
  if (quantity < 1) refuse('SELL_QUANTITY_NOT_POSITIVE');
  // The contract caps a quantity at 1,000,000,000, so it is a safe integer from here on.
  return quantity;
}

/**
 * Refuses a lot the investor may not sell now: a copy-trading mirror (it follows its strategy), a
 * holding still locked (T+N days or N minutes, with the time left), or one lent out (until its term
 * end). The caller holds the row lock: a new lending locks the same row, so none starts meanwhile.
 */
export async function refuseUnsellable(trx: Db, position: PositionRecord, nowMs: number): Promise<void> {
  if (position.origin === 'follow') refuse('FOLLOW_POSITION_MIRRORED');
  refuseWhileLocked(position.openedAtMs!, nowMs, position.lockDays, position.lockMinutes);
  const lending = await findLendingInProgress(trx, position.id);
  if (lending) throw lentRefusal(lending.termEndsAtMs);
}

/** T+N days or N minutes: an early sale is refused with the time left. */
export function refuseWhileLocked(openedAtMs: number, nowMs: number, days: number, minutes: number): void {
  const leftMs = lockRemaining(openedAtMs, nowMs, { days, minutes });
  if (leftMs <= 0) return;
  const remaining = formatDuration(leftMs);
  if (days > 0) refuse('LOCKED_T_PLUS_DAYS', { days, remaining });
  refuse('LOCKED_MINUTES', { minutes, remaining });
}

/** What selling one lot did: the closed position, and the remainder when only part was sold. */
export interface SoldLot {
  closed: PositionRecord;
  remainder: PositionRecord | null;
}

/**
 * Sells `quantity` shares of a holding read under its row lock, at the feed price: the whole holding
 * closes as it always has; part of it splits the row first (the remainder keeps the id, the part
 * sold is a new row) and closes the part sold with its own entry `position:<new id>:close`. Refuses
 * a split that would leave the part sold without margin (a paisa of margin is what a close settles
 * against) and a strategy's holding that followers mirror (their mirrors follow whole positions).
 */
export async function sellLot(
  trx: Db,
  input: {
    position: PositionRecord;
    quantity: number;
    accounts: TradingAccounts;
    exitPricePaise: bigint;
    exitTickAtMs: number;
    atMs: number;
    parameters: TradingParameters;
    postedBy: PostedBy;
  },
): Promise<SoldLot> {
  const { position, quantity } = input;
  if (quantity > position.quantity) refuse('QUANTITY_ABOVE_HOLDING', { held: position.quantity });
  const settle = (part: PositionRecord) =>
    settleHolding(trx, {
      position: part,
      accounts: input.accounts,
      exitPricePaise: input.exitPricePaise,
      exitTickAtMs: input.exitTickAtMs,
      reason: 'user',
      atMs: input.atMs,
      parameters: input.parameters,
      postedBy: input.postedBy,
      refuseIfLent: true,
    });
  if (quantity === position.quantity) return { closed: await settle(position), remainder: null };
  const soldMargin = apportionByQuantity(position.marginPaise!, quantity, position.quantity).partPaise;
  if (soldMargin <= 0n || (await hasHoldingMirrors(trx, position.id))) refuse('PARTIAL_SELL_NOT_ALLOWED');
  const { sold, remainder } = await splitHoldingRow(trx, position, quantity);
  return { closed: await settle(sold), remainder };
}
