import type { DataOf, sellHoldings as sellHoldingsCall } from '@nivesh/contract';
import {
  allocateSaleFifo,
  type CurrencyCode,
  formatPaise,
  isOpen,
  splitLossAtMargin,
  type TradingCalendarId,
} from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { lockHoldingsOfSymbol } from '../../repositories/position.repository.js';
import { readTradingParameters } from '../../repositories/trading-parameters.repository.js';
import { findInstrumentCached } from '../../trading/instrument-cache.js';
import { normalizeSymbol } from '../market/find-instrument.js';
import { toPositionView } from './position-view.js';
import { readSellQuantity, refuseUnsellable, type SoldLot, sellLot } from './sell-lots.js';
import { publishPositionEvent } from './trade-events.js';
import { tradingAccountsOf } from './trading-accounts.js';

export type SaleReply = DataOf<typeof sellHoldingsCall>;

/**
 * Sells `quantity` shares of a symbol held in one product, as a broker's sell order does
 * (docs/adr/0019-partial-sells.md): the investor's long holdings of that symbol and product are
 * taken oldest first (FIFO, core allocateSaleFifo), whole while the sale needs a whole lot, and the
 * last in part, all at one feed price in one transaction. Every lot the sale takes is checked before
 * anything is written, so a refusal (a lot locked or lent, a quantity above the holdings) changes
 * nothing. Copy-trading mirrors are not the investor's to sell and are not counted.
 */
export const sellHoldings: InvestorUseCase<typeof sellHoldingsCall> = async (deps, context, input) => {
  const nowMs = context.nowMs;
  const quantity = readSellQuantity(input.quantity);
  const symbol = normalizeSymbol(input.symbol);
  const instrument =
    (await findInstrumentCached(deps.db, symbol)) ?? refuse('INSTRUMENT_NOT_FOUND', { symbol });
  const parameters = await readTradingParameters(deps.db);
  const calendarId = instrument.calendar as TradingCalendarId;
  const open =
    isOpen(deps.calendar.current, calendarId, nowMs) || (deps.config.demoSession && calendarId === 'nse');
  if (!open) refuse('OUTSIDE_TRADING_HOURS');
  const price = await deps.prices.current(symbol, nowMs - parameters.quoteAgeMsMax);
  if (!price || nowMs - price.tickAtMs > parameters.quoteAgeMsMax) refuse('PRICE_UNAVAILABLE');
  const feed = price!;
  const accounts = await tradingAccountsOf(deps.db, context.user.id, 'INR' as CurrencyCode);

  const { sold, heldQuantity } = await inTransaction(deps.db, async (trx) => {
    const lots = (
      await lockHoldingsOfSymbol(trx, {
        userId: context.user.id,
        symbol,
        product: input.product,
        side: 'long',
      })
    ).filter((lot) => lot.origin !== 'follow');
    const heldQuantity = lots.reduce((sum, lot) => sum + lot.quantity, 0);
    const taken = allocateSaleFifo(
      lots.map((lot) => ({ id: lot, openedAtMs: lot.openedAtMs!, quantity: lot.quantity })),
      quantity,
    );
    if (!taken) refuse('QUANTITY_ABOVE_HOLDING', { held: heldQuantity });
    for (const { lot } of taken!) await refuseUnsellable(trx, lot.id, nowMs);
    const sold: SoldLot[] = [];
    for (const { lot, quantity: lotQuantity } of taken!) {
      sold.push(
        await sellLot(trx, {
          position: lot.id,
          quantity: lotQuantity,
          accounts,
          exitPricePaise: feed.pricePaise,
          exitTickAtMs: feed.tickAtMs,
          atMs: nowMs,
          parameters,
          postedBy: { type: 'user', id: context.user.id },
        }),
      );
    }
    return { sold, heldQuantity };
  });

  for (const lot of sold) {
    if (lot.remainder) deps.positionChanges.emit(lot.remainder);
    deps.positionChanges.emit(lot.closed);
    const view = toPositionView(lot.closed, { name: instrument.name, nowMs });
    publishPositionEvent(deps, lot.closed.userId, 'closed', view);
  }
  return {
    symbol,
    product: input.product,
    quantity,
    lots: sold.map(({ closed }) => ({
      positionId: String(closed.id),
      splitFrom: closed.splitFromId === null ? null : String(closed.splitFromId),
      quantity: closed.quantity,
      entryPrice: formatPaise(closed.entryPricePaise!),
      exitPrice: formatPaise(closed.exitPricePaise!),
      profitLoss: formatPaise(splitLossAtMargin(closed.pnlPaise!, closed.marginPaise!).userPnlPaise),
      payout: formatPaise(closed.payoutPaise!),
    })),
    remainingQuantity: heldQuantity - quantity,
  };
};
