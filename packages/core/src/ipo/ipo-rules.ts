import { invariant } from '../invariant.js';

/**
 * New shares (IPO) rules, pure (DESIGN.md section 5, the spec's section 4 states).
 *
 * A subscription's stored state moves: subscribed → won | not_won (block at application), or
 * subscribed → payment_due | not_won (pay after allotment), payment_due → paid | waived, and
 * subscribed → failed when the issue is called off before its draw. "Pending draw" is what a
 * subscribed row shows once the window has closed and the draw has not run; "to be subscribed" is
 * what an open issue shows to an investor who has not subscribed yet. Neither is stored.
 */

export const IPO_MONEY_MODES = ['block_at_application', 'pay_after_allotment'] as const;
export type IpoMoneyMode = (typeof IPO_MONEY_MODES)[number];

export const SUBSCRIPTION_STATES = [
  'subscribed',
  'won',
  'not_won',
  'payment_due',
  'paid',
  'waived',
  'failed',
] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/** Every state an investor can see, in the spec's order. */
export const SUBSCRIPTION_DISPLAY_STATES = [
  'to_be_subscribed',
  'subscribed',
  'pending_draw',
  'won',
  'not_won',
  'payment_due',
  'paid',
  'waived',
  'failed',
] as const;
export type SubscriptionDisplayState = (typeof SUBSCRIPTION_DISPLAY_STATES)[number];

/**
 * What a stored state shows at an instant: a subscribed row is "pending draw" once the window has
 * closed. Example: `displayStateOf('subscribed', closesAt + 1, closesAt)` is `'pending_draw'`.
 */
export function displayStateOf(
  state: SubscriptionState,
  nowMs: number,
  closesAtMs: number,
): SubscriptionDisplayState {
  if (state === 'subscribed' && nowMs >= closesAtMs) return 'pending_draw';
  return state;
}

/** The allotted shares that become a holding on listing day: captured (block mode) or paid. */
export function listsOnListingDay(state: SubscriptionState): boolean {
  return state === 'won' || state === 'paid';
}

export type IssuePhase = 'upcoming' | 'open' | 'closed' | 'drawn' | 'listed' | 'cancelled';

export interface IssueTimes {
  opensAtMs: number;
  closesAtMs: number;
  drawAtMs: number;
  allotmentAtMs: number;
  listingAtMs: number;
}

/**
 * Where an issue is: before its window (upcoming), in it [opensAt, closesAt) (open), after it and
 * before the draw (closed, pending draw), drawn, listed, or called off.
 */
export function issuePhaseOf(
  issue: IssueTimes & { drawnAtMs: number | null; listedAtMs: number | null; cancelledAtMs: number | null },
  nowMs: number,
): IssuePhase {
  if (issue.cancelledAtMs !== null) return 'cancelled';
  if (issue.listedAtMs !== null) return 'listed';
  if (issue.drawnAtMs !== null) return 'drawn';
  if (nowMs < issue.opensAtMs) return 'upcoming';
  if (nowMs < issue.closesAtMs) return 'open';
  return 'closed';
}

/**
 * Which of an issue's dates are out of order: the window must be non-empty and each later step on
 * or after the one before (draw ≥ close, allotment ≥ draw, listing ≥ allotment). Null when fine.
 */
export function issueTimesProblem(times: IssueTimes): string | null {
  if (!(times.opensAtMs < times.closesAtMs)) return 'closesAt must be after opensAt';
  if (times.drawAtMs < times.closesAtMs) return 'drawAt must not be before closesAt';
  if (times.allotmentAtMs < times.drawAtMs) return 'allotmentAt must not be before drawAt';
  if (times.listingAtMs < times.allotmentAtMs) return 'listingAt must not be before allotmentAt';
  return null;
}

/**
 * Why a quantity cannot be subscribed, or null: at least the minimum, whole lots.
 * Example: with lots of 1,000 and a minimum of 10,000, 12,000 is fine and 12,500 is not whole lots.
 */
export function subscriptionQuantityProblem(
  quantity: number,
  lotSize: number,
  minimumShares: number,
): 'below_minimum' | 'not_whole_lots' | null {
  if (!Number.isSafeInteger(quantity) || quantity < minimumShares) return 'below_minimum';
  if (quantity % lotSize !== 0) return 'not_whole_lots';
  return null;
}

/** Money of some shares at a price: quantity × price in paise. Example: 10,000 × ₹25.50 = ₹2,55,000.00. */
export function sharesAmountPaise(quantity: number | bigint, pricePaise: bigint): bigint {
  return BigInt(quantity) * pricePaise;
}

export interface AllotmentSettlement {
  /** From the escrow to the house's IPO proceeds: the won shares at the final price. */
  capturePaise: bigint;
  /** From the escrow back to cash: the rest of what was held. */
  releasePaise: bigint;
}

/**
 * Splits a block-at-application hold at the draw: the won shares are paid at the final price,
 * everything else returns. capture + release == held, always.
 *
 * Example: held 10,000 × ₹100.00 = ₹10,00,000.00; won 3,000 at ₹95.00: capture ₹2,85,000.00,
 * release ₹7,15,000.00.
 */
export function settleBlockedAllotment(input: {
  heldPaise: bigint;
  allottedShares: number;
  finalPricePaise: bigint;
}): AllotmentSettlement {
  const capturePaise = sharesAmountPaise(input.allottedShares, input.finalPricePaise);
  invariant(capturePaise <= input.heldPaise, 'an allotment never costs more than was held');
  invariant(capturePaise >= 0n, 'a capture is never negative');
  return { capturePaise, releasePaise: input.heldPaise - capturePaise };
}

/**
 * The winning rate in basis points: lots allotted ÷ lots asked for (10,000 when undersubscribed or
 * nothing was asked). Example: 250 of 1,000 lots is 2,500 bps (25%).
 */
export function winningRateBps(allottedLots: number, totalLots: number): number {
  if (totalLots <= 0) return 10_000;
  return Math.floor((Math.min(allottedLots, totalLots) * 10_000) / totalLots);
}

/**
 * The listing premium in basis points of the final price: (market − final) ÷ final, truncated.
 * Example: final ₹100.00, market ₹112.35: +1,235 bps (12.35%).
 */
export function listingPremiumBps(marketPricePaise: bigint, finalPricePaise: bigint): number {
  invariant(finalPricePaise > 0n, 'a final price is positive');
  return Number(((marketPricePaise - finalPricePaise) * 10_000n) / finalPricePaise);
}
