import {
  formatPaise,
  GTT_LIFETIME_MS_MAX,
  type GttType,
  gttLevelsOf,
  isGttExpiryAllowed,
} from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, UserContext } from '../../application/context.js';
import type { GttLeg, GttTerms } from '../../repositories/gtt.repository.js';
import { findOpenPositionsOfUser } from '../../repositories/position.repository.js';
import { findInstrumentCached } from '../../trading/instrument-cache.js';
import { normalizeSymbol } from '../market/find-instrument.js';
import { readPrice } from '../trading/place-order.js';

/** A GTT as asked for, prices as sent (decimal text or numbers in rupees). */
export interface GttRequest {
  symbol: string;
  type: GttType;
  triggers: ReadonlyArray<string | number>;
  orders: ReadonlyArray<{
    transactionType: 'BUY' | 'SELL';
    product: 'CNC' | 'MIS' | 'MTF';
    quantity: number;
    price: string | number;
  }>;
  expiresAtMs?: number | undefined;
}

/**
 * Checks a GTT's terms and reads them into paise (docs/adr/0031), every refusal before any write:
 * a known, tradable symbol with a last price; triggers and prices on the tick; triggers on the right
 * side of the last price (core's gttLevelsOf); an expiry in the future and within a year (a year
 * when not given); and for every SELL of delivery (every leg of an OCO), a holding that covers it.
 */
export async function readGttTerms(
  deps: AppDeps,
  context: UserContext,
  request: GttRequest,
): Promise<GttTerms & { symbol: string }> {
  const symbol = normalizeSymbol(request.symbol);
  const instrument =
    (await findInstrumentCached(deps.db, symbol)) ?? refuse('INSTRUMENT_NOT_FOUND', { symbol });
  if (!instrument.tradable || instrument.kind === 'index') refuse('INSTRUMENT_NOT_TRADABLE', { symbol });
  const legCount = request.type === 'single' ? 1 : 2;
  if (request.triggers.length !== legCount)
    refuse('VALIDATION_FAILED', { field: 'triggers', reason: `${legCount} for a ${request.type} GTT` });
  if (request.orders.length !== legCount)
    refuse('VALIDATION_FAILED', { field: 'orders', reason: `${legCount} for a ${request.type} GTT` });
  const tickPaise = instrument.tick_paise;
  const triggersPaise = request.triggers.map((trigger) => readPrice(trigger, 'trigger', tickPaise));
  const last = await deps.prices.current(symbol, 0);
  if (!last || last.pricePaise <= 0n) refuse('PRICE_UNAVAILABLE');
  const lastPricePaise = last!.pricePaise;
  const levels = gttLevelsOf(request.type, triggersPaise, lastPricePaise);
  if (!levels.ok) refuse('GTT_TRIGGER_INVALID', { last: formatPaise(lastPricePaise) });

  const legs: GttLeg[] = request.orders.map((order, leg) => {
    if (!Number.isSafeInteger(order.quantity) || order.quantity <= 0) refuse('QUANTITY_NOT_WHOLE');
    if (!instrument.leverages.includes(order.product === 'CNC' ? 1 : Math.max(...instrument.leverages)))
      refuse('PRODUCT_NOT_ALLOWED', { product: order.product, symbol });
    return {
      triggerPaise: triggersPaise[leg]!,
      transactionType: order.transactionType,
      product: order.product,
      quantity: order.quantity,
      pricePaise: readPrice(order.price, 'price', tickPaise),
    };
  });
  // An OCO is a target and a stop-loss on a holding: both legs sell it.
  if (request.type === 'two-leg' && legs.some((leg) => leg.transactionType !== 'SELL'))
    refuse('GTT_HOLDING_REQUIRED', { symbol, quantity: legs[0]!.quantity });
  const held = await heldQuantities(deps, context, symbol);
  for (const leg of legs)
    if (
      leg.transactionType === 'SELL' &&
      leg.product !== 'MIS' &&
      (held.get(leg.product) ?? 0) < leg.quantity
    )
      refuse('GTT_HOLDING_REQUIRED', { symbol, quantity: leg.quantity });

  const expiresAtMs = request.expiresAtMs ?? context.nowMs + GTT_LIFETIME_MS_MAX;
  if (!isGttExpiryAllowed(expiresAtMs, context.nowMs)) refuse('GTT_EXPIRY_INVALID');
  return { symbol, type: request.type, lastPricePaise, legs, expiresAtMs };
}

/** Shares of the symbol the investor holds long, per product (the mirrors of copy trading excluded). */
async function heldQuantities(deps: AppDeps, context: UserContext, symbol: string) {
  const held = new Map<string, number>();
  for (const position of await findOpenPositionsOfUser(deps.db, context.user.id))
    if (
      position.symbol === symbol &&
      position.state === 'holding' &&
      position.side === 'long' &&
      position.origin !== 'follow'
    )
      held.set(position.product, (held.get(position.product) ?? 0) + position.quantity);
  return held;
}
