import { computePnl, formatPaise, nextPositionState, splitLossAtMargin, stopOutReached } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { findPosition, type PositionRecord } from '../../repositories/position.repository.js';
import { readTradingParameters } from '../../repositories/trading-parameters.repository.js';
import { tradingAccountsForPosition } from '../follow/follow-accounts.js';
import { ENGINE_ACTOR, runEngineAction } from './engine-support.js';
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
  const closed = await runEngineAction(deps, {
    id: input.id,
    action: input.reason,
    atMs: input.atMs,
    audit: input.reason === 'stop_out' ? 'trade.stop_out' : 'trade.square_off',
    event: input.reason === 'stop_out' ? 'stopped_out' : 'squared_off',
    apply: (trx, position) =>
      settleHolding(trx, {
        position,
        accounts,
        exitPricePaise: input.pricePaise,
        exitTickAtMs: input.tickAtMs,
        reason: input.reason,
        atMs: input.atMs,
        parameters,
        postedBy: ENGINE_ACTOR,
        refuseIfLent: false,
      }),
    message: (after) => ({
      kind: input.reason === 'stop_out' ? 'STOPPED_OUT' : 'SQUARED_OFF',
      params: {
        orderNo: String(after.id),
        symbol: after.symbol,
        price: formatPaise(input.pricePaise),
        pnl: formatPaise(splitLossAtMargin(after.pnlPaise!, after.marginPaise!).userPnlPaise),
      },
      dedupeKey: `position:${after.id}:${input.reason}`,
    }),
  });
  return closed ? { kind: 'closed', position: closed } : { kind: 'skipped' };
}
