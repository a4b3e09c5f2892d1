import type { placeOrder as placeOrderCall } from '@nivesh/contract';
import {
  type CurrencyCode,
  computePriceBand,
  formatPaise,
  holdPostings,
  isLevelReached,
  isOnTick,
  isOpen,
  istDate,
  istInstantMs,
  isWithinBand,
  matchOrderAtPrice,
  type OrderType,
  openingPostings,
  type PositionSide,
  parsePaise,
  positionStateAtPlacement,
  productOf,
  resolveOrderProduct,
  type TradingCalendarId,
  triggerLevelOf,
} from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import {
  LendingPoolDrawRequired,
  openingColumns,
  type PositionRecord,
} from '../../repositories/position.repository.js';
import { lockFor, readTradingParameters } from '../../repositories/trading-parameters.repository.js';
import { findInstrumentCached } from '../../trading/instrument-cache.js';
import { drawOnLendingPool } from '../lending/draw-on-lending-pool.js';
import { normalizeSymbol } from '../market/find-instrument.js';
import { openingCostsAt, worstOpeningCostsFrom } from './charges-in-force.js';
import { insertPosition, openingChargesColumns } from './position-ledger.js';
import { toPositionView } from './position-view.js';
import { refuseUnlessMayTrade } from './refuse-unless-may-trade.js';
import { publishPositionEvent } from './trade-events.js';
import { tradingAccountsOf } from './trading-accounts.js';

/**
 * Places an order (DESIGN §5). Every refusal comes before any write, and a refusal inside the
 * transaction (cash short of margin + fee) rolls it back: a refused order leaves nothing behind.
 *
 * - market: fills at once at the current feed tick, recording that tick's time and price;
 * - limit: fills at once at the feed price when that is already at the limit or better (a
 *   marketable limit), otherwise waits pending, holding margin and fee at the limit price;
 * - sl (stop-loss): waits until the feed reaches the trigger, then works as a limit order;
 * - sl-m (stop-loss-market): waits until the feed reaches the trigger, then fills at the feed.
 */
export const placeOrder: InvestorUseCase<typeof placeOrderCall> = async (deps, context, input) => {
  const nowMs = context.nowMs;
  refuseUnlessMayTrade(context.user);

  const symbol = normalizeSymbol(input.symbol);
  const instrument =
    (await findInstrumentCached(deps.db, symbol)) ?? refuse('INSTRUMENT_NOT_FOUND', { symbol });
  if (instrument.segment === 'subscription') refuse('NOT_YET_LISTED');
  if (!instrument.tradable || instrument.kind === 'index') refuse('INSTRUMENT_NOT_TRADABLE', { symbol });
  const parameters = await readTradingParameters(deps.db);

  if (!Number.isSafeInteger(input.quantity)) refuse('QUANTITY_NOT_WHOLE');
  if (input.quantity < parameters.minQuantity)
    refuse('QUANTITY_BELOW_MINIMUM', { min: parameters.minQuantity });
  const quantity = input.quantity;
  // The product and the older fields map onto one another by core (productOf); a contradiction is refused.
  const terms = resolveOrderProduct(input, instrument.leverages);
  if (!terms.ok) {
    if (terms.reason === 'conflict') refuse('PRODUCT_CONFLICT', { product: terms.product });
    refuse('PRODUCT_NOT_ALLOWED', { product: terms.product, symbol });
  }
  const { intraday, leverage } = terms as Extract<typeof terms, { ok: true }>;
  if (!instrument.leverages.includes(leverage)) {
    refuse('LEVERAGE_NOT_ALLOWED', { allowed: instrument.leverages.join(', ') });
  }
  const side: PositionSide = input.side;
  if (side === 'short' && !instrument.shortable) refuse('SHORT_NOT_ALLOWED', { symbol });

  const orderType: OrderType = input.orderType;
  const tickPaise = instrument.tick_paise;
  const limitPricePaise =
    orderType === 'limit' || orderType === 'sl' ? readPrice(input.price, 'price', tickPaise) : null;
  const triggerPricePaise =
    orderType === 'sl' || orderType === 'sl-m'
      ? readPrice(input.triggerPrice, 'triggerPrice', tickPaise)
      : null;

  if (intraday && context.user.dayTradingStatus !== 'approved') refuse('MARGIN_TRADING_NOT_ENABLED');
  const calendarId = instrument.calendar as TradingCalendarId;
  const open =
    isOpen(deps.calendar.current, calendarId, nowMs) || (deps.config.demoSession && calendarId === 'nse');
  if (!open) refuse('OUTSIDE_TRADING_HOURS');
  // Intraday orders on exchange hours stop at the square-off time, when the day's are being closed.
  if (
    intraday &&
    calendarId === 'nse' &&
    nowMs >= istInstantMs(istDate(nowMs), parameters.squareOffMinutes)
  ) {
    refuse('OUTSIDE_TRADING_HOURS');
  }

  const price = await deps.prices.current(symbol, nowMs - parameters.quoteAgeMsMax);
  if (!price || nowMs - price.tickAtMs > parameters.quoteAgeMsMax || price.pricePaise <= 0n) {
    refuse('PRICE_UNAVAILABLE');
  }
  const feed = price!;
  if (instrument.price_band_bps > 0) {
    const bandBps = instrument.price_band_bps;
    for (const orderPrice of [limitPricePaise, triggerPricePaise]) {
      if (orderPrice !== null && !isWithinBand(orderPrice, feed.previousClosePaise, bandBps)) {
        // The refusal names the limits rounded to the tick: the nearest prices an order may carry.
        const band = computePriceBand(feed.previousClosePaise, bandBps, tickPaise);
        refuse('BEYOND_PRICE_LIMIT', {
          lower: formatPaise(band.lowerPaise),
          upper: formatPaise(band.upperPaise),
        });
      }
    }
  }
  if (triggerPricePaise !== null) {
    // A stop waits for the price to move towards it: a long stop above the last price, a short below.
    if (isLevelReached(triggerLevelOf(side, triggerPricePaise), feed.pricePaise))
      refuse('TRIGGER_PRICE_INVALID', { last: formatPaise(feed.pricePaise) });
    if (limitPricePaise !== null) {
      const beyond =
        side === 'long' ? limitPricePaise >= triggerPricePaise : limitPricePaise <= triggerPricePaise;
      if (!beyond) refuse('STOP_LIMIT_INVALID', { trigger: formatPaise(triggerPricePaise) });
    }
  }

  // A market order and a marketable limit fill now; a stop waits, since its trigger is not reached.
  const match = matchOrderAtPrice(
    { side, orderType, limitPricePaise, triggerPricePaise, triggered: false },
    feed.pricePaise,
  );
  const fillsNow = match.action === 'fill';
  // A waiting order holds margin and the worst-case opening charges at its own price (any schedule
  // from today on may price its fill); a fill pays them at the feed price (docs/adr/0020).
  const basisPaise = fillsNow ? feed.pricePaise : (limitPricePaise ?? triggerPricePaise!);
  const order = {
    side,
    product: productOf({ intraday, leverage }),
    pricePaise: basisPaise,
    quantity,
    leverage,
  };
  const costs = fillsNow
    ? openingCostsAt(parameters, order, nowMs)
    : worstOpeningCostsFrom(parameters, order, nowMs);
  if (costs.marginPaise < parameters.minOpeningAmountPaise) {
    refuse('OPENING_AMOUNT_BELOW_MINIMUM', { min: formatPaise(parameters.minOpeningAmountPaise) });
  }

  const currency: CurrencyCode = 'INR';
  const accounts = await tradingAccountsOf(deps.db, context.user.id, currency);
  const postedBy = { type: 'user' as const, id: context.user.id };
  const heldPaise = fillsNow ? 0n : costs.marginPaise + costs.feePaise;
  const placement = {
    values: {
      user_id: context.user.id,
      symbol,
      currency,
      side,
      order_type: orderType,
      intraday,
      leverage,
      quantity: BigInt(quantity),
      limit_price_paise: limitPricePaise,
      trigger_price_paise: triggerPricePaise,
      state: positionStateAtPlacement(fillsNow),
      placed_at: new Date(nowMs),
      placed_price_paise: basisPaise,
      held_paise: heldPaise,
      ...(fillsNow
        ? openingColumns({
            side,
            quantity,
            pricePaise: feed.pricePaise,
            tickAtMs: feed.tickAtMs,
            openedAtMs: nowMs,
            costs,
            lock: lockFor(parameters, symbol),
            stopOutBps: parameters.stopOutBps,
          })
        : {}),
    },
    action: fillsNow ? ('open' as const) : ('hold' as const),
    charges: fillsNow
      ? openingChargesColumns({ side, pricePaise: feed.pricePaise, quantity, atMs: nowMs, costs })
      : undefined,
    postings: fillsNow
      ? openingPostings(accounts, costs, currency)
      : holdPostings(accounts, heldPaise, currency),
    postedBy,
    atMs: nowMs,
  };
  // One statement (ADR 0016), except a short that borrows from the lending pool: that draw needs the
  // pool's lock and its own row in the same transaction as the order.
  let position: PositionRecord | undefined;
  if (!(side === 'short' && instrument.lending_enabled)) {
    try {
      position = await insertPosition(deps.db, { ...placement, poolHandled: false });
    } catch (error) {
      // The instrument's lending was switched on since the cache was read.
      if (!(error instanceof LendingPoolDrawRequired)) throw error;
    }
  }
  position ??= await inTransaction(deps.db, async (trx) => {
    const record = await insertPosition(trx, { ...placement, poolHandled: true });
    await drawOnLendingPool(trx, record);
    return record;
  });
  deps.positionChanges.emit(position);
  const view = toPositionView(position, { name: instrument.name, livePricePaise: feed.pricePaise, nowMs });
  publishPositionEvent(deps, position.userId, fillsNow ? 'filled' : 'placed', view);
  return view;
};

/** An order price from the request: positive, at most 2 decimals, on the instrument's tick. */
export function readPrice(value: string | number | undefined, field: string, tickPaise: bigint): bigint {
  if (value === undefined || value === '') refuse('ORDER_PRICE_REQUIRED', { field });
  const parsed = parsePaise(value!, { allowZero: true, allowNegative: true });
  if (!parsed.ok) {
    if (parsed.reason === 'too_many_decimals') refuse('PRICE_OFF_TICK', { tick: formatPaise(tickPaise) });
    refuse('VALIDATION_FAILED', { field, reason: parsed.reason });
  }
  const paise = (parsed as { paise: bigint }).paise;
  if (paise <= 0n) refuse('PRICE_NOT_POSITIVE');
  if (!isOnTick(paise, tickPaise)) refuse('PRICE_OFF_TICK', { tick: formatPaise(tickPaise) });
  return paise;
}
