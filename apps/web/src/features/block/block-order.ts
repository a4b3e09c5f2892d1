import { parsePaise } from '@nivesh/core';
import type { EstimateBody } from '../../components/charges-breakdown';
import type { BlockReference } from './api';

/**
 * The `trade/estimate` body of a block buy: a delivery (CNC) buy at leverage 1 priced at the
 * reference, which is what the block buy executes at (docs/adr/0012) and is charged at by the same
 * core function and schedule (docs/adr/0020). A limit order at the reference makes the estimate use
 * that price instead of the feed's. Null while the quantity is not a whole number of at least 1.
 *
 * Example: RELIANCE, ₹1,000.00, 100 → { symbol: 'RELIANCE', side: 'long', orderType: 'limit',
 * price: '1000.00', quantity: 100, product: 'CNC', leverage: 1 }.
 */
export function blockEstimateBody(
  symbol: string,
  referencePrice: string,
  quantity: number,
): EstimateBody | null {
  if (!Number.isSafeInteger(quantity) || quantity < 1) return null;
  return {
    symbol,
    side: 'long',
    orderType: 'limit',
    price: referencePrice,
    quantity,
    product: 'CNC',
    leverage: 1,
  };
}

export type LimitPriceProblem = 'format' | 'band';

/**
 * Checks the optional limit price: empty is fine (it executes at the reference anyway); otherwise a
 * positive rupee amount with at most 2 decimals inside the band. The server checks it again.
 */
export function checkLimitPrice(text: string, reference: BlockReference): LimitPriceProblem | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const parsed = parsePaise(trimmed);
  if (!parsed.ok) return 'format';
  const lower = parsePaise(reference.bandLower);
  const upper = parsePaise(reference.bandUpper);
  if (!lower.ok || !upper.ok) return null;
  return parsed.paise < lower.paise || parsed.paise > upper.paise ? 'band' : null;
}
