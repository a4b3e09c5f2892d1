import { computePnl, formatPaise, nextPositionState, splitLossAtMargin, stopOutReached } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { findPosition, lockPosition, type PositionRecord } from '../../repositories/position.repository.js';
import { readTradingParameters } from '../../repositories/trading-parameters.repository.js';
import { tradingAccountsForPosition } from '../follow/follow-accounts.js';
import { announceEngineAction, ENGINE_ACTOR, recordEngineAction } from './engine-support.js';
import { settleHolding } from './position-ledger.js';

export type ForceCloseOutcome =
  | { kind: 'closed'; position: PositionRecord }
  | { kind: 'not_reached'; position: PositionRecord }
  | { kind: 'skipped' };

/**
 * The engine closes a whole holding at a feed price: a stop-out (the loss has reached the stop-out
 * share of the margin, checked exactly at this price) or the intraday square-off. Locks do not apply
 * to these forced closes. Idempotent: a position no longer holding is skipped, and the entry key
 * `position:<id>:close` posts once only. A loss beyond the margin is absorbed by the house.
 */
export async function forceClosePosition(
  deps: AppDeps,
  input: {
    id: bigint;
    pricePaise: bigint;
    tickAtMs: number;
    reason: 'stop_out' | 'square_off';
    atMs: number;
  },
): Promise<ForceCloseOutcome> {
  const found = await findPosition(deps.db, input.id);
  if (!found || nextPositionState(found.state, input.reason) === null) return { kind: 'skipped' };
  const parameters = await readTradingParameters(deps.db);
  if (input.reason === 'stop_out') {
    const pnl = computePnl(found.side, found.entryPricePaise!, input.pricePaise, found.quantity);
    if (!stopOutReached(-pnl, found.marginPaise!, parameters.stopOutBps)) {
      return { kind: 'not_reached', position: found };
    }
  }
  // A copy-trading mirror settles into its follow allocation, not cash.
  const accounts = await tradingAccountsForPosition(deps.db, found);
  const result = await inTransaction(deps.db, async (trx) => {
    const position = await lockPosition(trx, input.id);
    if (!position || nextPositionState(position.state, input.reason) === null) return undefined;
    const closed = await settleHolding(trx, {
      position,
      accounts,
      exitPricePaise: input.pricePaise,
      exitTickAtMs: input.tickAtMs,
      reason: input.reason,
      atMs: input.atMs,
      parameters,
      postedBy: ENGINE_ACTOR,
      refuseIfLent: false,
    });
    const userPnl = splitLossAtMargin(closed.pnlPaise!, closed.marginPaise!).userPnlPaise;
    const message = await recordEngineAction(trx, {
      action: input.reason === 'stop_out' ? 'trade.stop_out' : 'trade.square_off',
      before: position,
      after: closed,
      message: {
        kind: input.reason === 'stop_out' ? 'STOPPED_OUT' : 'SQUARED_OFF',
        params: {
          orderNo: String(closed.id),
          symbol: closed.symbol,
          price: formatPaise(input.pricePaise),
          pnl: formatPaise(userPnl),
        },
        dedupeKey: `position:${closed.id}:${input.reason}`,
      },
      atMs: input.atMs,
    });
    return { closed, message };
  });
  if (!result) return { kind: 'skipped' };
  await announceEngineAction(
    deps,
    result.closed,
    input.reason === 'stop_out' ? 'stopped_out' : 'squared_off',
    result.message,
    input.atMs,
  );
  return { kind: 'closed', position: result.closed };
}
