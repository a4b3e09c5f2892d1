import type { closePosition as closePositionCall } from '@nivesh/contract';
import {
  type CurrencyCode,
  isOpen,
  nextPositionState,
  requiredPositionState,
  type TradingCalendarId,
} from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, InvestorUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { findPosition, lockPosition, type PositionRecord } from '../../repositories/position.repository.js';
import { readTradingParameters } from '../../repositories/trading-parameters.repository.js';
import { findInstrumentCached } from '../../trading/instrument-cache.js';
import { HoldingChanged, settleHolding } from './position-ledger.js';
import { type PositionView, toPositionView } from './position-view.js';
import { readSellQuantity, refuseUnsellable, refuseWhileLocked, sellLot } from './sell-lots.js';
import { publishPositionEvent } from './trade-events.js';
import { tradingAccountsOf } from './trading-accounts.js';

/**
 * Closes the investor's holding at the current feed price, whole or, with a `quantity` below the
 * holding's, in part (docs/adr/0019-partial-sells.md). P&L, the closing fee and the tax settle in one
 * balanced entry. Refused: a position that is not holding ("do not repeat the operation"), a holding
 * still locked (with the time left), outside the instrument's hours, or without a fresh price; a
 * quantity that is not whole, zero, or above the holding. A barred or frozen account may still
 * close: closing reduces risk and returns money.
 *
 * A partial close splits the holding and closes the part sold in one transaction (sell-lots.ts); it
 * answers the part sold, a new position whose `splitFrom` is the id of the remainder.
 */
export const closePosition: InvestorUseCase<typeof closePositionCall> = async (deps, context, input) => {
  const id = BigInt(input.id);
  const nowMs = context.nowMs;
  const parameters = await readTradingParameters(deps.db);
  const quantity = input.quantity === undefined ? undefined : readSellQuantity(input.quantity);
  // Read, check, settle, then write in one statement that applies only to the holding as read
  // (ADR 0016): a concurrent close or change shows on the next read, as "do not repeat".
  for (let attempt = 1; ; attempt++) {
    const position = (await findPosition(deps.db, id, context.user.id)) ?? refuse('ORDER_NOT_FOUND');
    if (nextPositionState(position.state, 'close') === null) {
      refuse('REPEATED_OPERATION', { state: requiredPositionState('close') });
    }
    // A copy-trading mirror follows its strategy: it closes with the strategy's close or the product's end.
    if (position.origin === 'follow') refuse('FOLLOW_POSITION_MIRRORED');
    if (quantity !== undefined && quantity > position.quantity) {
      refuse('QUANTITY_ABOVE_HOLDING', { held: position.quantity });
    }
    refuseWhileLocked(position.openedAtMs!, nowMs, position.lockDays, position.lockMinutes);
    const instrument = (await findInstrumentCached(deps.db, position.symbol))!;
    const calendarId = instrument.calendar as TradingCalendarId;
    const open =
      isOpen(deps.calendar.current, calendarId, nowMs) || (deps.config.demoSession && calendarId === 'nse');
    if (!open) refuse('OUTSIDE_TRADING_HOURS');
    const price = await deps.prices.current(position.symbol, nowMs - parameters.quoteAgeMsMax);
    if (!price || nowMs - price.tickAtMs > parameters.quoteAgeMsMax) refuse('PRICE_UNAVAILABLE');
    const accounts = await tradingAccountsOf(deps.db, context.user.id, position.currency as CurrencyCode);
    if (quantity !== undefined && quantity < position.quantity) {
      const sold = await inTransaction(deps.db, async (trx) => {
        const locked = await lockPosition(trx, id, context.user.id);
        if (!locked || nextPositionState(locked.state, 'split') === null) {
          refuse('REPEATED_OPERATION', { state: requiredPositionState('close') });
        }
        await refuseUnsellable(trx, locked!, nowMs);
        return sellLot(trx, {
          position: locked!,
          quantity,
          accounts,
          exitPricePaise: price!.pricePaise,
          exitTickAtMs: price!.tickAtMs,
          atMs: nowMs,
          parameters,
          postedBy: { type: 'user', id: context.user.id },
        });
      });
      if (sold.remainder) deps.positionChanges.emit(sold.remainder);
      return announceClose(deps, sold.closed, instrument.name, nowMs);
    }
    try {
      const closed = await settleHolding(deps.db, {
        position,
        accounts,
        exitPricePaise: price!.pricePaise,
        exitTickAtMs: price!.tickAtMs,
        reason: 'user',
        atMs: nowMs,
        parameters,
        postedBy: { type: 'user', id: context.user.id },
        refuseIfLent: true,
      });
      return announceClose(deps, closed, instrument.name, nowMs);
    } catch (error) {
      if (!(error instanceof HoldingChanged) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
};

const MAX_ATTEMPTS = 3;

function announceClose(deps: AppDeps, closed: PositionRecord, name: string, nowMs: number): PositionView {
  deps.positionChanges.emit(closed);
  const view = toPositionView(closed, { name, nowMs });
  publishPositionEvent(deps, closed.userId, 'closed', view);
  return view;
}
