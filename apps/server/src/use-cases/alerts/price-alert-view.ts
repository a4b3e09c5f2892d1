import type { PriceAlert } from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import type { Static } from 'typebox';
import type { PriceAlertRecord } from '../../repositories/price-alert.repository.js';

export type PriceAlertView = Static<typeof PriceAlert>;

/** An alert as the app shows it: the level and the price that fired it in rupees. */
export function toPriceAlertView(alert: PriceAlertRecord, name: string): PriceAlertView {
  return {
    id: String(alert.id),
    symbol: alert.symbol,
    name,
    direction: alert.direction === 'at_or_above' ? 'above' : 'below',
    price: formatPaise(alert.levelPaise),
    state: alert.state,
    createdAt: alert.createdAtMs,
    triggeredAt: alert.triggeredAtMs,
    triggeredPrice: alert.triggeredPricePaise === null ? null : formatPaise(alert.triggeredPricePaise),
  };
}
