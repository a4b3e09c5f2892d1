import type { modifyOrder as modifyOrderCall } from '@nivesh/contract';
import {
  type CurrencyCode,
  computePriceBand,
  formatPaise,
  holdAdjustmentPostings,
  invariant,
  isLevelReached,
  isWithinBand,
  nextPositionState,
  requiredPositionState,
  triggerLevelOf,
} from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { postEntry } from '../../repositories/ledger.repository.js';
import {
  findPosition,
  lockPosition,
  markPositionModified,
  type PositionRecord,
} from '../../repositories/position.repository.js';
import { readTradingParameters } from '../../repositories/trading-parameters.repository.js';
import { findInstrumentCached } from '../../trading/instrument-cache.js';
import { worstOpeningCostsFrom } from './charges-in-force.js';
import { readPrice } from './place-order.js';
import { toPositionView } from './position-view.js';
import { refuseUnlessMayTrade } from './refuse-unless-may-trade.js';
import { publishPositionEvent } from './trade-events.js';
import { tradingAccountsOf } from './trading-accounts.js';

/**
 * Changes a pending order's limit price, trigger price or quantity (docs/adr/0025, "Order
 * modification"). The new terms pass the checks a new order's would (tick, band, a stop not yet
 * reached, a stop-limit beyond its trigger, the minimum quantity), and the hold becomes what the new
 * terms need, moved in one balanced entry `order:<id>:modify:<n>`: more from cash (refused with
 * FUNDS_INSUFFICIENT when cash is short, nothing changed) or the difference back to cash. An order
 * no longer pending (filled, cancelled) is refused with REPEATED_OPERATION. The engine indexes the
 * order again at its new level; a limit made marketable fills on the next tick.
 */
export const modifyOrder: InvestorUseCase<typeof modifyOrderCall> = async (deps, context, input) => {
  refuseUnlessMayTrade(context.user);
  const id = BigInt(input.id);
  const found = (await findPosition(deps.db, id, context.user.id)) ?? refuse('ORDER_NOT_FOUND');
  refuseUnlessModifiable(found);
  const instrument = await findInstrumentCached(deps.db, found.symbol);
  invariant(instrument !== undefined, `order ${found.id} has an instrument`);
  const parameters = await readTradingParameters(deps.db);
  const tickPaise = instrument.tick_paise;

  const hasLimit = found.orderType === 'limit' || found.orderType === 'sl';
  const hasTrigger = found.orderType === 'sl' || found.orderType === 'sl-m';
  if (input.price !== undefined && !hasLimit)
    refuse('VALIDATION_FAILED', { field: 'price', reason: 'no limit price' });
  if (input.triggerPrice !== undefined && !hasTrigger)
    refuse('VALIDATION_FAILED', { field: 'triggerPrice', reason: 'no trigger price' });
  const limitPricePaise =
    input.price !== undefined ? readPrice(input.price, 'price', tickPaise) : found.limitPricePaise;
  const triggerPricePaise =
    input.triggerPrice !== undefined
      ? readPrice(input.triggerPrice, 'triggerPrice', tickPaise)
      : found.triggerPricePaise;
  let quantity = found.quantity;
  if (input.quantity !== undefined) {
    if (!Number.isSafeInteger(input.quantity)) refuse('QUANTITY_NOT_WHOLE');
    if (input.quantity < parameters.minQuantity)
      refuse('QUANTITY_BELOW_MINIMUM', { min: parameters.minQuantity });
    quantity = input.quantity;
  }
  if (
    limitPricePaise === found.limitPricePaise &&
    triggerPricePaise === found.triggerPricePaise &&
    quantity === found.quantity
  )
    refuse('ORDER_MODIFY_NOTHING');

  const feed = await deps.prices.current(found.symbol, context.nowMs - parameters.quoteAgeMsMax);
  if (!feed || context.nowMs - feed.tickAtMs > parameters.quoteAgeMsMax) refuse('PRICE_UNAVAILABLE');
  if (instrument.price_band_bps > 0) {
    for (const orderPrice of [limitPricePaise, triggerPricePaise]) {
      if (
        orderPrice !== null &&
        !isWithinBand(orderPrice, feed!.previousClosePaise, instrument.price_band_bps)
      ) {
        const band = computePriceBand(feed!.previousClosePaise, instrument.price_band_bps, tickPaise);
        refuse('BEYOND_PRICE_LIMIT', {
          lower: formatPaise(band.lowerPaise),
          upper: formatPaise(band.upperPaise),
        });
      }
    }
  }
  // A stop not yet armed must still wait for the price to move towards it, as at placement.
  if (triggerPricePaise !== null && !found.triggered) {
    if (isLevelReached(triggerLevelOf(found.side, triggerPricePaise), feed!.pricePaise))
      refuse('TRIGGER_PRICE_INVALID', { last: formatPaise(feed!.pricePaise) });
    if (limitPricePaise !== null) {
      const beyond =
        found.side === 'long' ? limitPricePaise >= triggerPricePaise : limitPricePaise <= triggerPricePaise;
      if (!beyond) refuse('STOP_LIMIT_INVALID', { trigger: formatPaise(triggerPricePaise) });
    }
  }

  // The hold of a waiting order: margin and the worst opening charges at its own price (ADR 0020).
  const basisPaise = limitPricePaise ?? triggerPricePaise!;
  const costs = worstOpeningCostsFrom(
    parameters,
    { side: found.side, product: found.product, pricePaise: basisPaise, quantity, leverage: found.leverage },
    context.nowMs,
  );
  if (costs.marginPaise < parameters.minOpeningAmountPaise)
    refuse('OPENING_AMOUNT_BELOW_MINIMUM', { min: formatPaise(parameters.minOpeningAmountPaise) });
  const heldPaise = costs.marginPaise + costs.feePaise;
  const accounts = await tradingAccountsOf(deps.db, context.user.id, found.currency as CurrencyCode);

  const modified = await inTransaction(deps.db, async (trx) => {
    const position = (await lockPosition(trx, id, context.user.id)) ?? refuse('ORDER_NOT_FOUND');
    refuseUnlessModifiable(position);
    const modificationCount = position.modificationCount + 1;
    const postings = holdAdjustmentPostings(accounts, position.heldPaise, heldPaise, position.currency);
    if (postings.length > 0) {
      await postEntry(trx, {
        key: `order:${position.id}:modify:${modificationCount}`,
        kind: 'trade_hold_adjust',
        reference: String(position.id),
        referenceType: 'position',
        postedBy: { type: 'user', id: context.user.id },
        atMs: context.nowMs,
        postings,
      });
    }
    return markPositionModified(trx, position, {
      quantity,
      limitPricePaise,
      triggerPricePaise,
      placedPricePaise: basisPaise,
      heldPaise,
      modificationCount,
      atMs: context.nowMs,
    });
  });
  deps.positionChanges.emit(modified);
  const view = toPositionView(modified, {
    name: instrument.name,
    livePricePaise: feed!.pricePaise,
    nowMs: context.nowMs,
  });
  publishPositionEvent(deps, modified.userId, 'modified', view);
  return view;
};

/** Only a pending order can be modified (core's state machine): anything else is "do not repeat". */
function refuseUnlessModifiable(position: PositionRecord): void {
  if (nextPositionState(position.state, 'modify') === null) {
    refuse('REPEATED_OPERATION', { state: requiredPositionState('modify') });
  }
}
