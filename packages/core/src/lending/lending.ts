import { MS_PER_DAY } from '../calendar/ist-time.js';
import { invariant } from '../invariant.js';
import { BPS_PER_UNIT, DEFAULT_ROUNDING, mulDiv } from '../money/rounding.js';

/**
 * Securities lending (DESIGN §5, docs/adr/0015-securities-lending.md): a user lends shares of an
 * unlevered long holding into the pool that backs short positions, for one of a few fixed terms, at a
 * daily fee rate. Short sellers on pool-backed instruments pay the borrow fee daily; the lender is
 * paid the fee fixed at lending when the term ends. These are the pure rules; the server does the I/O.
 */

/** The terms a user may lend for, in days: fixed choices, as brokers' SLB screens offer. */
export const LENDING_TERM_DAYS = [7, 14, 30] as const;
export type LendingTermDays = (typeof LENDING_TERM_DAYS)[number];

export function isLendingTermDays(value: unknown): value is LendingTermDays {
  return typeof value === 'number' && (LENDING_TERM_DAYS as readonly number[]).includes(value);
}

/** The states of a lending (the spec's section 4): in progress, then completed. */
export type LendingState = 'in_progress' | 'completed';

/** Why a lending completed: its term ended, or the engine closed the holding first (a stop-out). */
export type LendingEndReason = 'term' | 'position_closed';

/** What a holding must be to be lent; the first rule it breaks names the refusal. */
export interface LendableCandidate {
  side: 'long' | 'short';
  leverage: number;
  state: 'pending' | 'holding' | 'closed' | 'cancelled';
  intraday: boolean;
  origin: string;
}

/**
 * Why a position cannot be lent, or null when it can. Only shares the user owns outright can be lent:
 * a long holding at leverage 1. A short holds no shares; a levered long is partly the house's money; an
 * intraday holding is squared off the same day; a copy-trading mirror closes when its product ends.
 *
 * Example: `lendingIneligibility({ side: 'long', leverage: 2, state: 'holding', intraday: false,
 * origin: 'order' })` is `'levered'`.
 */
export function lendingIneligibility(
  position: LendableCandidate,
): 'not_holding' | 'short' | 'levered' | 'intraday' | 'mirrored' | null {
  if (position.state !== 'holding') return 'not_holding';
  if (position.side !== 'long') return 'short';
  if (position.leverage !== 1) return 'levered';
  if (position.intraday) return 'intraday';
  if (position.origin === 'follow') return 'mirrored';
  return null;
}

/**
 * The value lent: quantity × price, in paise. Used against the minimum and the pool quota, and as
 * the base of the fee.
 *
 * Example: 12 shares at ₹1,234.50 is `lendingValuePaise(12, 123_450n)` = `1_481_400n` (₹14,814.00).
 */
export function lendingValuePaise(quantity: number, pricePaise: bigint): bigint {
  invariant(Number.isSafeInteger(quantity) && quantity >= 1, `quantity is a whole number ≥ 1: ${quantity}`);
  invariant(pricePaise > 0n, 'the price is positive');
  return BigInt(quantity) * pricePaise;
}

/**
 * The lender's fee for a term: value × rate per day × days, one rounding at the end, down to the
 * paisa (the fee is fixed at lending and shown before confirming; rounding down never promises a
 * fraction of a paisa the ledger cannot pay).
 *
 * Example: ₹1,00,000.00 lent for 7 days at 2 bps a day is `lendingFeePaise(10_000_000n, 2, 7)` =
 * `14_000n` (₹140.00); ₹999.99 for 7 days at 1 bps is 69.9993 paise, so `69n`.
 */
export function lendingFeePaise(valuePaise: bigint, feeBpsPerDay: number, days: number): bigint {
  invariant(valuePaise >= 0n, 'the value is not negative');
  invariant(Number.isSafeInteger(feeBpsPerDay) && feeBpsPerDay >= 0, 'the rate is whole bps ≥ 0');
  invariant(Number.isSafeInteger(days) && days >= 0, `days are a whole number ≥ 0: ${days}`);
  return mulDiv(valuePaise, BigInt(feeBpsPerDay) * BigInt(days), BPS_PER_UNIT, 'down');
}

/**
 * One day's borrow fee of a short drawing on the pool: its notional (entry price × quantity) × the
 * daily rate, rounded half away from zero like every other trading charge.
 *
 * Example: a short of 10 shares entered at ₹1,000.00 at 2 bps a day pays
 * `borrowFeeForDayPaise(1_000_000n, 2)` = `200n` (₹2.00) a day.
 */
export function borrowFeeForDayPaise(notionalPaise: bigint, feeBpsPerDay: number): bigint {
  invariant(notionalPaise >= 0n, 'the notional is not negative');
  invariant(Number.isSafeInteger(feeBpsPerDay) && feeBpsPerDay >= 0, 'the rate is whole bps ≥ 0');
  return mulDiv(notionalPaise, BigInt(feeBpsPerDay), BPS_PER_UNIT, DEFAULT_ROUNDING);
}

/**
 * When a term ends: N periods of 24 hours from the lending instant (calendar-less, like a holding's
 * T+N lock: fees accrue on calendar days, market open or not).
 *
 * Example: lent at 0 ms for 7 days, `lendingTermEndMs(0, 7)` is `604_800_000`.
 */
export function lendingTermEndMs(lentAtMs: number, days: number): number {
  invariant(Number.isSafeInteger(lentAtMs), 'times are whole milliseconds');
  invariant(Number.isSafeInteger(days) && days >= 1, `a term is at least one day: ${days}`);
  return lentAtMs + days * MS_PER_DAY;
}

/**
 * Whole days a lending ran before the engine closed its holding early (a stop-out): the fee of an
 * early end counts only those, never more than the term.
 *
 * Example: lent at 0 and ended 2.5 days later on a 7-day term: `lendingDaysServed(0, 216_000_000, 7)` is `2`.
 */
export function lendingDaysServed(lentAtMs: number, endedAtMs: number, termDays: number): number {
  const days = Math.floor(Math.max(0, endedAtMs - lentAtMs) / MS_PER_DAY);
  return Math.min(days, termDays);
}

/**
 * Shares of a symbol the pool can still lend to a new short: lent (in progress, on holdings) less
 * drawn (open shorts, pending or holding, that drew on the pool). Never negative: when an early end
 * shrinks the pool below what is drawn, existing shorts keep their shares and new ones wait.
 *
 * Example: 500 lent and 320 drawn leaves `poolAvailableQuantity(500n, 320n)` = `180n`.
 */
export function poolAvailableQuantity(lentQuantity: bigint, drawnQuantity: bigint): bigint {
  const available = lentQuantity - drawnQuantity;
  return available > 0n ? available : 0n;
}

/**
 * Whether a new lending fits the pool quota (a value cap on everything in progress).
 *
 * Example: with ₹9,00,000.00 in progress and a ₹10,00,000.00 quota, ₹1,00,000.00 fits and
 * ₹1,00,000.01 does not.
 */
export function fitsLendingQuota(
  inProgressValuePaise: bigint,
  newValuePaise: bigint,
  quotaPaise: bigint,
): boolean {
  return inProgressValuePaise + newValuePaise <= quotaPaise;
}
