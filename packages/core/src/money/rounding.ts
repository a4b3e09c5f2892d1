import { invariant } from '../invariant.js';
import { splitPlainDecimal } from './decimal-string.js';

/**
 * How a division that does not come out even lands on a whole paisa. Each mode works on the absolute
 * value, so a charge and its refund round to the same size:
 * - `half_up`: to the nearest paisa, a half paisa away from zero (0.5 → 1, -0.5 → -1);
 * - `down`: toward zero (truncate);
 * - `up`: away from zero.
 */
export type Rounding = 'half_up' | 'down' | 'up';

/**
 * The one rule for fees, taxes and interest: round half away from zero to the paisa, as banks and
 * Indian contract notes do. Margin is the exception and rounds `up` (see computeMargin).
 */
export const DEFAULT_ROUNDING: Rounding = 'half_up';

/** 1 basis point is 1/10,000: 3 bps = 0.03%, 10 bps = 0.1%, 10,000 bps = 100%. */
export const BPS_PER_UNIT = 10_000n;

/**
 * A rate in basis points may carry up to 4 decimals (0.0001 bps = 0.000001%), enough for the smallest
 * statutory charges on an Indian contract note (SEBI's fee is 0.0001% = 0.01 bps).
 */
export const MAX_BPS_DECIMALS = 4;

/**
 * Computes a × b ÷ c with one rounding at the end, on exact integers, so no precision is lost in
 * between. The sign follows the usual rules; the rounding mode works on the absolute value.
 *
 * Example: `mulDiv(1001n, 1n, 2n, 'half_up')` is `501n` (500.5 paise rounds up to 501);
 * `mulDiv(-1001n, 1n, 2n, 'half_up')` is `-501n`; with `'down'` they are `500n` and `-500n`.
 */
export function mulDiv(a: bigint, b: bigint, c: bigint, rounding: Rounding): bigint {
  invariant(c !== 0n, 'mulDiv: the divisor must not be zero');
  const product = a * b;
  const isNegative = product < 0n !== c < 0n;
  const dividend = product < 0n ? -product : product;
  const divisor = c < 0n ? -c : c;
  let quotient = dividend / divisor;
  const remainder = dividend % divisor;
  if (remainder !== 0n) {
    if (rounding === 'up') quotient += 1n;
    else if (rounding === 'half_up' && remainder * 2n >= divisor) quotient += 1n;
  }
  return isNegative ? -quotient : quotient;
}

/**
 * Takes a rate in basis points of an amount, rounded once to the paisa. `bps` is a bigint, or a number
 * with at most 4 decimals that is read from its decimal string (never multiplied as a float), so
 * fractional rates such as a 1.5 bps stamp duty are exact.
 *
 * Example: the 0.03% fee on ₹10,000.00 is `applyBps(1_000_000n, 3n, 'half_up')` = `300n` (₹3.00);
 * the 0.1% tax on ₹1,234.55 is `applyBps(123_455n, 10n, 'half_up')` = `123n` (123.455 paise → ₹1.23);
 * 1.5 bps of ₹1,000.00 is `applyBps(100_000n, 1.5, 'half_up')` = `15n`.
 */
export function applyBps(amountPaise: bigint, bps: bigint | number, rounding: Rounding): bigint {
  const rate = toBpsFraction(bps);
  return mulDiv(amountPaise, rate.numerator, rate.denominator, rounding);
}

/**
 * Turns a rate in basis points into an exact fraction of one: 3 bps → 3/10000, 1.5 bps → 15/100000.
 * A negative, non-finite or over-precise rate is a programming error (rates come from validated
 * parameters), so it fails an invariant rather than returning a refusal.
 *
 * Example: `toBpsFraction(0.25)` is `{ numerator: 25n, denominator: 1_000_000n }`.
 */
export function toBpsFraction(bps: bigint | number): { numerator: bigint; denominator: bigint } {
  if (typeof bps === 'bigint') {
    invariant(bps >= 0n, `a rate in bps must not be negative: ${bps}`);
    return { numerator: bps, denominator: BPS_PER_UNIT };
  }
  invariant(Number.isFinite(bps), `a rate in bps must be finite: ${bps}`);
  const parts = splitPlainDecimal(String(bps));
  invariant(parts !== null, `a rate in bps must be a plain decimal: ${bps}`);
  invariant(!parts.negative, `a rate in bps must not be negative: ${bps}`);
  invariant(
    parts.fractionDigits.length <= MAX_BPS_DECIMALS,
    `a rate in bps has at most ${MAX_BPS_DECIMALS} decimals: ${bps}`,
  );
  return {
    numerator: BigInt(parts.integerDigits + parts.fractionDigits),
    denominator: BPS_PER_UNIT * 10n ** BigInt(parts.fractionDigits.length),
  };
}
