import type { estimateCharges as estimateChargesCall } from '@nivesh/contract';
import {
  formatPaise,
  nextPositionState,
  productOf,
  requiredPositionState,
  settleClose,
  tradeSideOf,
} from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { findPosition } from '../../repositories/position.repository.js';
import { readTradingParameters } from '../../repositories/trading-parameters.repository.js';
import { findInstrumentCached } from '../../trading/instrument-cache.js';
import { normalizeSymbol } from '../market/find-instrument.js';
import { chargeScheduleAt, closingChargesAt, openingCostsAt } from '../trading/charges-in-force.js';
import { readPrice } from '../trading/place-order.js';
import { toChargeLinesView } from './charge-schedule-view.js';

const required = <T>(value: T | undefined, field: string): T =>
  value ?? refuse('VALIDATION_FAILED', { field, reason: 'required' });

/**
 * The charges of an order or of closing a holding, line by line, from the same core function and
 * the schedule in force today that the trade itself would use (docs/adr/0020), with the net amount:
 * what cash pays to open (margin + charges) or what returns to cash on closing (settleClose's
 * payout). Writes nothing; the trade is priced again when it executes, at the feed.
 */
export const estimateCharges: InvestorUseCase<typeof estimateChargesCall> = async (deps, context, input) => {
  const nowMs = context.nowMs;
  const parameters = await readTradingParameters(deps.db);
  const scheduleFrom = chargeScheduleAt(parameters, nowMs).effectiveFrom;

  if (input.closingId !== undefined) {
    const position =
      (await findPosition(deps.db, BigInt(input.closingId), context.user.id)) ?? refuse('ORDER_NOT_FOUND');
    if (nextPositionState(position.state, 'close') === null) {
      refuse('REPEATED_OPERATION', { state: requiredPositionState('close') });
    }
    const price = await deps.prices.current(position.symbol, nowMs - parameters.quoteAgeMsMax);
    if (!price || nowMs - price.tickAtMs > parameters.quoteAgeMsMax) refuse('PRICE_UNAVAILABLE');
    const exitPricePaise = price!.pricePaise;
    const charges = await closingChargesAt(deps.db, parameters, position, exitPricePaise, nowMs);
    const settled = settleClose({
      side: position.side,
      entryPricePaise: position.entryPricePaise!,
      exitPricePaise,
      quantity: position.quantity,
      marginPaise: position.marginPaise!,
      charges,
    });
    return {
      leg: 'close',
      product: productOf(position),
      tradeSide: tradeSideOf(position.side, 'close'),
      symbol: position.symbol,
      quantity: position.quantity,
      price: formatPaise(exitPricePaise),
      turnover: formatPaise(exitPricePaise * BigInt(position.quantity)),
      charges: toChargeLinesView(charges),
      margin: formatPaise(position.marginPaise!),
      netAmount: formatPaise(settled.payoutPaise),
      scheduleFrom,
    };
  }

  const symbol = normalizeSymbol(required(input.symbol, 'symbol'));
  const instrument =
    (await findInstrumentCached(deps.db, symbol)) ?? refuse('INSTRUMENT_NOT_FOUND', { symbol });
  const side = required(input.side, 'side');
  const quantity = required(input.quantity, 'quantity');
  if (!Number.isSafeInteger(quantity)) refuse('QUANTITY_NOT_WHOLE');
  if (quantity < parameters.minQuantity) refuse('QUANTITY_BELOW_MINIMUM', { min: parameters.minQuantity });
  const leverage = input.leverage ?? 1;
  if (!instrument.leverages.includes(leverage)) {
    refuse('LEVERAGE_NOT_ALLOWED', { allowed: instrument.leverages.join(', ') });
  }
  // The price the order would be charged at: its limit, an sl-m's trigger, else the feed (market).
  const orderPrice = input.orderType === 'sl-m' ? input.triggerPrice : input.price;
  let pricePaise: bigint;
  if (input.orderType !== 'market' && orderPrice !== undefined && orderPrice !== '') {
    pricePaise = readPrice(
      orderPrice,
      input.orderType === 'sl-m' ? 'triggerPrice' : 'price',
      instrument.tick_paise,
    );
  } else {
    const price = await deps.prices.current(symbol, nowMs - parameters.quoteAgeMsMax);
    if (!price || nowMs - price.tickAtMs > parameters.quoteAgeMsMax || price.pricePaise <= 0n) {
      refuse('PRICE_UNAVAILABLE');
    }
    pricePaise = price!.pricePaise;
  }
  const product = input.product ?? productOf({ intraday: input.intraday === true, leverage });
  const costs = openingCostsAt(parameters, { side, product, pricePaise, quantity, leverage }, nowMs);
  return {
    leg: 'open',
    product,
    tradeSide: tradeSideOf(side, 'open'),
    symbol,
    quantity,
    price: formatPaise(pricePaise),
    turnover: formatPaise(costs.notionalPaise),
    charges: toChargeLinesView(costs.charges),
    margin: formatPaise(costs.marginPaise),
    netAmount: formatPaise(costs.marginPaise + costs.charges.totalPaise),
    scheduleFrom,
  };
};
