import { invariant } from '../invariant.js';
import { isLevelReached, type OrderLevel } from './order-matching.js';

/**
 * GTT (good till triggered) rules (docs/adr/0031). A GTT waits, outside the order book, for the
 * price of its symbol to reach a trigger; then its order is placed. A `single` GTT has one trigger
 * and one order; a `two-leg` GTT (OCO, one cancels the other) has a lower trigger (the stop-loss)
 * and an upper one (the target), each with its order, on a holding: the first reached places its
 * order and the other is cancelled.
 *
 * The crossing rule is the order book's (`isLevelReached`): a trigger above the last price waits
 * `at_or_above`, one below `at_or_below`, so the engine indexes a GTT's legs in the same per-symbol
 * index as pending orders.
 */
export type GttType = 'single' | 'two-leg';

export type GttStatus = 'active' | 'triggered' | 'cancelled' | 'expired' | 'rejected';

/** A GTT lives at most a year (Kite's limit): 365 days from its creation or last change. */
export const GTT_LIFETIME_MS_MAX = 365 * 86_400_000;

export type GttTriggerProblem =
  | { ok: true; levels: OrderLevel[] }
  | { ok: false; reason: 'count' | 'at_last_price' | 'wrong_side' };

/**
 * The levels a GTT waits at, from its triggers and the last price when it is placed, or why the
 * triggers are refused: a single trigger must differ from the last price; a two-leg GTT's first
 * trigger must be below the last price and its second above it.
 *
 * Example: last ₹100.00 (10000n); single [10500n] waits `at_or_above` 10500n; two-leg
 * [9500n, 11000n] waits `at_or_below` 9500n and `at_or_above` 11000n; two-leg [10500n, 11000n] is
 * refused (`wrong_side`: the stop-loss is above the price).
 */
export function gttLevelsOf(
  type: GttType,
  triggersPaise: readonly bigint[],
  lastPricePaise: bigint,
): GttTriggerProblem {
  invariant(lastPricePaise > 0n, `a last price is positive: ${lastPricePaise}`);
  if (triggersPaise.length !== (type === 'single' ? 1 : 2)) return { ok: false, reason: 'count' };
  if (triggersPaise.some((trigger) => trigger === lastPricePaise))
    return { ok: false, reason: 'at_last_price' };
  if (type === 'single') {
    const trigger = triggersPaise[0]!;
    return {
      ok: true,
      levels: [{ direction: trigger > lastPricePaise ? 'at_or_above' : 'at_or_below', levelPaise: trigger }],
    };
  }
  const [lower, upper] = triggersPaise as [bigint, bigint];
  if (!(lower < lastPricePaise && upper > lastPricePaise)) return { ok: false, reason: 'wrong_side' };
  return {
    ok: true,
    levels: [
      { direction: 'at_or_below', levelPaise: lower },
      { direction: 'at_or_above', levelPaise: upper },
    ],
  };
}

/**
 * Which leg a price fires (0 or 1), or undefined: the first level the price reaches, by the order
 * book's crossing rule. Two legs of an OCO cannot both be reached (one is below the other).
 *
 * Example: legs `at_or_below` 9500n and `at_or_above` 11000n: 9490n fires leg 0, 11000n leg 1,
 * 10000n none.
 */
export function gttLegFiredAt(levels: readonly OrderLevel[], pricePaise: bigint): number | undefined {
  const leg = levels.findIndex((level) => isLevelReached(level, pricePaise));
  return leg === -1 ? undefined : leg;
}

/**
 * Whether a GTT's expiry is within the allowed lifetime of `nowMs`, and after it.
 *
 * Example: placed at 0 with an expiry of 365 days is allowed; 366 days is not.
 */
export function isGttExpiryAllowed(expiresAtMs: number, nowMs: number): boolean {
  return expiresAtMs > nowMs && expiresAtMs - nowMs <= GTT_LIFETIME_MS_MAX;
}

const NEXT_STATUSES: Record<GttStatus, readonly GttStatus[]> = {
  active: ['triggered', 'cancelled', 'expired', 'rejected'],
  // A fired GTT is claimed (triggered) before its order is placed; a refused order then rejects it.
  triggered: ['rejected'],
  cancelled: [],
  expired: [],
  rejected: [],
};

/**
 * A GTT's state machine: only an active GTT changes, to triggered (its order placed), cancelled (by
 * the investor), expired (its year ran out) or rejected (its order was refused when it fired). A
 * GTT is claimed as triggered before its order is placed, so a triggered one may still turn rejected.
 *
 * Example: `canGttMoveTo('active', 'triggered')` is true; `canGttMoveTo('triggered', 'cancelled')` false.
 */
export function canGttMoveTo(from: GttStatus, to: GttStatus): boolean {
  return NEXT_STATUSES[from].includes(to);
}
