import { invariant } from '../invariant.js';
import { BPS_PER_UNIT, mulDiv } from '../money/rounding.js';

/**
 * An exchange rate as an exact ratio: 1 unit of the source currency buys `numerator / denominator`
 * units of the target currency. Kept as two integers so no floating-point value ever touches money.
 * Every currency has 2 minor digits (see currency.ts), so the same ratio converts minor units.
 */
export interface ExchangeRate {
  numerator: bigint;
  denominator: bigint;
}

/** Rates are written with at most 8 decimals (`"83.12345678"`, `"0.01203"`). */
export const RATE_MAX_DECIMALS = 8;
/** A rate above 10^9 or below 10^-8 is a typo, not a currency. */
const RATE_MAX_INTEGER_DIGITS = 9;

/**
 * Reads a rate written as a plain positive decimal into an exact ratio over a power of ten.
 *
 * Example: `parseExchangeRate('83.25')` is `{ numerator: 8325n, denominator: 100n }`;
 * `parseExchangeRate('0')`, `'-1'`, `'1e3'` and `'1.123456789'` are null.
 */
export function parseExchangeRate(text: string): ExchangeRate | null {
  const match = /^([0-9]{1,9})(?:\.([0-9]{1,8}))?$/.exec(text);
  if (!match) return null;
  const integerDigits = match[1]!;
  const fractionDigits = match[2] ?? '';
  if (integerDigits.replace(/^0+/, '').length > RATE_MAX_INTEGER_DIGITS) return null;
  const numerator = BigInt(integerDigits + fractionDigits);
  if (numerator === 0n) return null;
  return { numerator, denominator: 10n ** BigInt(fractionDigits.length) };
}

/**
 * Writes a rate back as a decimal with up to 8 decimals, trailing zeros dropped (rounded down when
 * the ratio has more digits than that, which parseExchangeRate never makes).
 *
 * Example: `formatExchangeRate({ numerator: 8325n, denominator: 100n })` is `'83.25'`.
 */
export function formatExchangeRate(rate: ExchangeRate): string {
  const scaled = mulDiv(rate.numerator, 10n ** BigInt(RATE_MAX_DECIMALS), rate.denominator, 'down');
  const text = scaled.toString().padStart(RATE_MAX_DECIMALS + 1, '0');
  const integerPart = text.slice(0, -RATE_MAX_DECIMALS);
  const fractionPart = text.slice(-RATE_MAX_DECIMALS).replace(/0+$/, '');
  return fractionPart ? `${integerPart}.${fractionPart}` : integerPart;
}

/** The largest spread staff may set: 10% (1,000 bps). */
export const EXCHANGE_SPREAD_BPS_MAX = 1_000;

/**
 * Converts an amount at a rate less a spread, in one division so nothing is lost in between:
 * `amountMinor × numerator × (10,000 − spreadBps) ÷ (denominator × 10,000)`, rounded down (toward
 * zero) to the minor unit. Rounding down means the house never pays out a fraction of a paisa it did
 * not receive; the user loses less than one minor unit of the target currency to it. The spread is
 * the house's margin and is shown to the user before confirming.
 *
 * Example: ₹10,000.00 (`1000000n`) to USD at 1 INR = 0.012 USD with a 50 bps spread is
 * `1000000 × 12 × 9950 ÷ (1000 × 10000)` = `11940n` (US$119.40).
 */
export function convertAtRate(amountMinor: bigint, rate: ExchangeRate, spreadBps: number): bigint {
  invariant(amountMinor > 0n, `convertAtRate: the amount must be positive: ${amountMinor}`);
  invariant(rate.numerator > 0n && rate.denominator > 0n, 'convertAtRate: the rate must be positive');
  invariant(
    Number.isInteger(spreadBps) && spreadBps >= 0 && spreadBps <= EXCHANGE_SPREAD_BPS_MAX,
    `convertAtRate: the spread must be 0 to ${EXCHANGE_SPREAD_BPS_MAX} bps: ${spreadBps}`,
  );
  const keptBps = BPS_PER_UNIT - BigInt(spreadBps);
  return mulDiv(amountMinor * rate.numerator, keptBps, rate.denominator * BPS_PER_UNIT, 'down');
}
