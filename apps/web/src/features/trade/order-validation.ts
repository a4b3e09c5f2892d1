import {
  computeOpeningCosts,
  DEFAULT_FEE_BPS,
  DEFAULT_MTF_INTEREST_BPS_PER_DAY,
  formatPaise,
  isOnTick,
  mtfInterestForDayPaise,
  parsePaise,
} from '@nivesh/core';
import type { OrderSide, OrderType, Product } from '../../api/positions';
import { parseWholeNumber } from '../../lib/whole-number';
import type { InstrumentQuote, PlaceOrderBody } from './api';

// The buy form's checks (spec section 5: whole lots, price above 0, inside the daily band, a price
// obtainable; the instrument's leverages, minimum quantity and tick). The server checks them all again.

export interface OrderValues {
  side: OrderSide;
  orderType: OrderType;
  /** Lots as typed or stepped; 1 lot = 1 share. */
  quantity: string;
  leverage: number;
  price: string;
  triggerPrice: string;
  /** Delivery (CNC), intraday (MIS) or delivery with leverage (MTF), as Kite names them (ADR 0019). */
  product: Product;
}

export const PRODUCTS: readonly Product[] = ['CNC', 'MIS', 'MTF'];

/**
 * The leverages a product may use on an instrument: CNC 1 only, MIS any the instrument offers, MTF
 * those above 1 (the server maps product and leverage by the same rule, core resolveOrderProduct).
 */
export function leveragesFor(product: Product, leverages: readonly number[]): number[] {
  if (product === 'CNC') return [1];
  if (product === 'MTF') return leverages.filter((leverage) => leverage > 1);
  return [...leverages];
}

/** The leverage a product starts at when chosen: its highest for MTF and MIS (as Kite shows), 1 for CNC. */
export function defaultLeverageFor(product: Product, leverages: readonly number[]): number {
  const allowed = leveragesFor(product, leverages);
  return allowed.length === 0 ? 1 : Math.max(...allowed);
}

export type OrderField = 'quantity' | 'leverage' | 'price' | 'triggerPrice' | 'side' | 'symbol';
export type OrderErrors = Partial<Record<OrderField, string>>;

export function needsPrice(orderType: OrderType): boolean {
  return orderType === 'limit' || orderType === 'sl';
}

export function needsTrigger(orderType: OrderType): boolean {
  return orderType === 'sl' || orderType === 'sl-m';
}

/** Parses a price typed in rupees to paise, or explains why not (an i18n key under trade.validation). */
function checkPrice(text: string, quote: InstrumentQuote): { paise?: bigint; error?: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { error: 'trade.validation.priceRequired' };
  if (/^-/.test(trimmed)) return { error: 'trade.validation.priceNotPositive' };
  const parsed = parsePaise(trimmed, { allowZero: true });
  if (!parsed.ok) return { error: 'trade.validation.priceInvalid' };
  if (parsed.paise <= 0n) return { error: 'trade.validation.priceNotPositive' };
  const tick = parsePaise(quote.tickSize);
  if (tick.ok && !isOnTick(parsed.paise, tick.paise)) return { error: 'trade.validation.priceOffTick' };
  if (quote.priceBand) {
    const lower = parsePaise(quote.priceBand.lower);
    const upper = parsePaise(quote.priceBand.upper);
    if (lower.ok && upper.ok && (parsed.paise < lower.paise || parsed.paise > upper.paise)) {
      return { error: 'trade.validation.priceOutsideBand' };
    }
  }
  return { paise: parsed.paise };
}

/** The lots as a whole number, or the reason they are refused (the shared rule of lib/whole-number). */
export function checkQuantity(text: string, minimum: number): { quantity?: number; error?: string } {
  const parsed = parseWholeNumber(text);
  if (!parsed.ok) {
    if (parsed.reason === 'empty') return { error: 'trade.validation.quantityRequired' };
    if (parsed.reason === 'negative') return { error: 'trade.validation.quantityMinimum' };
    return { error: 'trade.validation.quantityWhole' };
  }
  if (parsed.value < Math.max(1, minimum)) return { error: 'trade.validation.quantityMinimum' };
  return { quantity: parsed.value };
}

/** Every refusal of the form as i18n keys; empty when the order may go to the confirmation. */
export function validateOrder(values: OrderValues, quote: InstrumentQuote): OrderErrors {
  const errors: OrderErrors = {};
  if (!quote.tradable) errors.symbol = 'trade.validation.notTradable';
  if (values.side === 'short' && !quote.shortable) errors.side = 'trade.validation.shortNotAllowed';
  const quantity = checkQuantity(values.quantity, quote.lotSize);
  if (quantity.error) errors.quantity = quantity.error;
  if (values.product === 'MTF' && leveragesFor('MTF', quote.leverages).length === 0) {
    errors.leverage = 'trade.validation.mtfNotOffered';
  } else if (
    !quote.leverages.includes(values.leverage) ||
    !leveragesFor(values.product, quote.leverages).includes(values.leverage)
  ) {
    errors.leverage = 'trade.validation.leverageNotAllowed';
  }
  if (needsPrice(values.orderType)) {
    const price = checkPrice(values.price, quote);
    if (price.error) errors.price = price.error;
  }
  if (needsTrigger(values.orderType)) {
    const trigger = checkPrice(values.triggerPrice, quote);
    if (trigger.error) errors.triggerPrice = trigger.error;
  }
  if (values.orderType === 'market' && quote.price === undefined)
    errors.price = 'trade.validation.priceUnavailable';
  return errors;
}

export function hasOrderErrors(errors: OrderErrors): boolean {
  return Object.values(errors).some(Boolean);
}

export interface OrderEstimate {
  /** The price the estimate is made at: the limit, the trigger of an SL-M, or the last price. */
  price: string;
  notional: string;
  margin: string;
  fee: string;
  /** Margin + fee: what leaves cash (or is held while pending). */
  total: string;
  /** MTF only: one day's interest on the funded part (notional − margin), at the default rate. */
  mtfInterestPerDay?: string;
}

/**
 * Margin and opening fee with packages/core's trading math, at the default fee rate (the server's
 * `trading.fee_bps` parameter decides; the confirmation says "estimated"), and for MTF a day's
 * interest at the default `mtf_interest_bps_per_day`. Null while incomplete.
 */
export function estimateOrder(values: OrderValues, quote: InstrumentQuote): OrderEstimate | null {
  const priceText =
    values.orderType === 'limit' || values.orderType === 'sl'
      ? values.price
      : values.orderType === 'sl-m'
        ? values.triggerPrice
        : (quote.price ?? '');
  const price = parsePaise(priceText.trim());
  const quantity = checkQuantity(values.quantity, 1).quantity;
  if (!price.ok || quantity === undefined || !Number.isSafeInteger(values.leverage) || values.leverage < 1) {
    return null;
  }
  const costs = computeOpeningCosts(price.paise, quantity, values.leverage, DEFAULT_FEE_BPS);
  const estimate: OrderEstimate = {
    price: formatPaise(price.paise),
    notional: formatPaise(costs.notionalPaise),
    margin: formatPaise(costs.marginPaise),
    fee: formatPaise(costs.feePaise),
    total: formatPaise(costs.marginPaise + costs.feePaise),
  };
  if (values.product === 'MTF') {
    const fundedPaise = costs.notionalPaise - costs.marginPaise;
    estimate.mtfInterestPerDay = formatPaise(
      mtfInterestForDayPaise(fundedPaise, DEFAULT_MTF_INTEREST_BPS_PER_DAY),
    );
  }
  return estimate;
}

/** The body of `trade/open` for valid values. */
export function orderBody(symbol: string, values: OrderValues): PlaceOrderBody {
  return {
    symbol,
    side: values.side,
    orderType: values.orderType,
    quantity: Number(values.quantity.trim()),
    product: values.product,
    leverage: values.leverage,
    ...(needsPrice(values.orderType) ? { price: values.price.trim() } : {}),
    ...(needsTrigger(values.orderType) ? { triggerPrice: values.triggerPrice.trim() } : {}),
  };
}
