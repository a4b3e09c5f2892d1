import { type CurrencyCode, formatPaise, matchOrderAtPrice, nextPositionState } from '@nivesh/core';
import { AppError } from '../../application/app-error.js';
import type { AppDeps } from '../../application/context.js';
import {
  findPosition,
  markStopLimitArmed,
  type PositionRecord,
} from '../../repositories/position.repository.js';
import { lockFor, readTradingParameters } from '../../repositories/trading-parameters.repository.js';
import { ENGINE_ACTOR, runEngineAction } from './engine-support.js';
import { cancelPendingInTransaction, fillPendingInTransaction } from './position-ledger.js';
import { tradingAccountsOf } from './trading-accounts.js';

export type FillOutcome =
  | { kind: 'filled'; position: PositionRecord }
  | { kind: 'armed'; position: PositionRecord }
  | { kind: 'cancelled_funds'; position: PositionRecord }
  | { kind: 'not_crossed'; position: PositionRecord }
  | { kind: 'skipped' };

/**
 * The engine's fill of a pending order at a feed tick: at the tick's price, which is the limit or
 * better for a limit order. Idempotent: an order that is no longer pending is skipped, and the
 * fill's entry key (`order:<id>:open`) can be posted once only. A fill that needs more cash than the
 * order held and the account has (a stop-market or short limit filled at a price that needs more
 * margin) cancels the order instead, returning the hold, and tells the investor.
 */
export async function fillPendingOrder(
  deps: AppDeps,
  input: { id: bigint; pricePaise: bigint; tickAtMs: number },
): Promise<FillOutcome> {
  const found = await findPosition(deps.db, input.id);
  if (!found || nextPositionState(found.state, 'fill') === null) return { kind: 'skipped' };
  const { action } = matchOrderAtPrice(found, input.pricePaise);
  if (action === 'none') return { kind: 'not_crossed', position: found };
  const parameters = await readTradingParameters(deps.db);
  const accounts = await tradingAccountsOf(deps.db, found.userId, found.currency as CurrencyCode);
  const atMs = input.tickAtMs;

  if (action === 'arm') {
    const armed = await markStopLimitArmed(deps.db, input.id);
    if (!armed) return { kind: 'skipped' };
    deps.positionChanges.emit(armed);
    return { kind: 'armed', position: armed };
  }

  try {
    const filled = await runEngineAction(deps, {
      id: input.id,
      action: 'fill',
      atMs,
      audit: 'trade.fill',
      event: 'filled',
      apply: (trx, position) =>
        fillPendingInTransaction(trx, {
          position,
          accounts,
          pricePaise: input.pricePaise,
          tickAtMs: input.tickAtMs,
          atMs,
          parameters,
          lock: lockFor(parameters, position.symbol),
        }),
      message: (after) => ({
        kind: 'ORDER_FILLED',
        params: {
          orderNo: String(after.id),
          symbol: after.symbol,
          side: after.side,
          quantity: after.quantity,
          price: formatPaise(input.pricePaise),
        },
        dedupeKey: `order:${after.id}:filled`,
      }),
    });
    return filled ? { kind: 'filled', position: filled } : { kind: 'skipped' };
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'FUNDS_INSUFFICIENT') throw error;
  }

  const cancelled = await runEngineAction(deps, {
    id: input.id,
    action: 'reject',
    atMs,
    audit: 'trade.cancel_funds',
    event: 'cancelled',
    apply: (trx, position) =>
      cancelPendingInTransaction(trx, { position, accounts, reason: 'funds', atMs, postedBy: ENGINE_ACTOR }),
    message: (after) => ({
      kind: 'ORDER_CANCELLED_FUNDS',
      params: { orderNo: String(after.id), symbol: after.symbol, price: formatPaise(input.pricePaise) },
      dedupeKey: `order:${after.id}:cancelled`,
    }),
  });
  return cancelled ? { kind: 'cancelled_funds', position: cancelled } : { kind: 'skipped' };
}
