import type { cancelOrder as cancelOrderCall } from '@nivesh/contract';
import { type CurrencyCode, invariant, nextPositionState, requiredPositionState } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { findInstrumentName } from '../../repositories/instrument.repository.js';
import { findPosition, lockPosition, type PositionRecord } from '../../repositories/position.repository.js';
import { cancelPendingInTransaction } from './position-ledger.js';
import { toPositionView } from './position-view.js';
import { publishPositionEvent } from './trade-events.js';
import { tradingAccountsOf } from './trading-accounts.js';

/**
 * Cancels the investor's pending order: the held margin and fee return to cash. An order that is not
 * pending (filled, closed, cancelled already) is refused with "do not repeat the operation" and
 * nothing changes. A barred or frozen account may still cancel: cancelling only returns its money.
 */
export const cancelOrder: InvestorUseCase<typeof cancelOrderCall> = async (deps, context, input) => {
  const id = BigInt(input.id);
  const found = (await findPosition(deps.db, id, context.user.id)) ?? refuse('ORDER_NOT_FOUND');
  refuseUnlessCancellable(found);
  const accounts = await tradingAccountsOf(deps.db, context.user.id, found.currency as CurrencyCode);
  const cancelled = await inTransaction(deps.db, async (trx) => {
    const position = (await lockPosition(trx, id, context.user.id)) ?? refuse('ORDER_NOT_FOUND');
    refuseUnlessCancellable(position);
    return cancelPendingInTransaction(trx, {
      position,
      accounts,
      reason: 'user',
      atMs: context.nowMs,
      postedBy: { type: 'user', id: context.user.id },
    });
  });
  deps.positionChanges.emit(cancelled);
  const name = await findInstrumentName(deps.db, cancelled.symbol);
  invariant(name !== undefined, `order ${cancelled.id} has an instrument`);
  const view = toPositionView(cancelled, { name, nowMs: context.nowMs });
  publishPositionEvent(deps, cancelled.userId, 'cancelled', view);
  return view;
};

/** Only a pending order can be cancelled (core's state machine): anything else is "do not repeat". */
function refuseUnlessCancellable(position: PositionRecord): void {
  if (nextPositionState(position.state, 'cancel') === null) {
    refuse('REPEATED_OPERATION', { state: requiredPositionState('cancel') });
  }
}
