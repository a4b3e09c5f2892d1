import { computeOpeningCosts, formatPaise, parsePaise } from '@nivesh/core';
import type { BlockReference } from './api';

/** What a block buy costs at the reference: amount (leverage 1), the fee, and the total from cash. */
export interface BlockEstimate {
  amount: string;
  fee: string;
  total: string;
}

/**
 * The amount and fee with packages/core's math (the server's), shown before confirming.
 *
 * Example: 100 at ₹1,000.00 with a 3 bps fee → amount 100000.00, fee 30.00, total 100030.00.
 */
export function estimateBlockBuy(
  referencePrice: string,
  quantity: number,
  feeBps: number,
): BlockEstimate | null {
  const price = parsePaise(referencePrice);
  if (!price.ok || !Number.isSafeInteger(quantity) || quantity < 1) return null;
  const costs = computeOpeningCosts(price.paise, quantity, 1, BigInt(feeBps));
  return {
    amount: formatPaise(costs.marginPaise),
    fee: formatPaise(costs.feePaise),
    total: formatPaise(costs.marginPaise + costs.feePaise),
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
