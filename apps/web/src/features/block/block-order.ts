import { computeOpeningCosts, DEFAULT_CHARGE_SCHEDULE, formatPaise, parsePaise } from '@nivesh/core';
import type { BlockReference } from './api';

/** What a block buy costs at the reference: amount (leverage 1), the charges, and the total from cash. */
export interface BlockEstimate {
  amount: string;
  fee: string;
  total: string;
}

/**
 * The amount and the charges of a delivery (CNC) buy with packages/core's math (the server's) at the
 * 2024-10-01 schedule, shown before confirming as an estimate (docs/adr/0020).
 *
 * Example: 100 at ₹1,000.00 → amount 100000.00, charges 118.62 (STT 100, exchange 2.97, SEBI 0.10,
 * stamp 15.00, GST 0.55), total 100118.62.
 */
export function estimateBlockBuy(referencePrice: string, quantity: number): BlockEstimate | null {
  const price = parsePaise(referencePrice);
  if (!price.ok || !Number.isSafeInteger(quantity) || quantity < 1) return null;
  const costs = computeOpeningCosts(
    { side: 'long', product: 'CNC', pricePaise: price.paise, quantity, leverage: 1 },
    DEFAULT_CHARGE_SCHEDULE,
  );
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
