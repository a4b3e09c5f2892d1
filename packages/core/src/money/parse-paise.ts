import { invariant } from '../invariant.js';
import { splitPlainDecimal } from './decimal-string.js';

/**
 * The largest amount accepted by default: 10^15 paise = ₹1,00,00,00,00,00,000.00 (10 lakh crore
 * rupees). It is far above any real order, deposit or balance, and far below the 2^63 limit of a SQL
 * BIGINT, so sums of many such amounts cannot overflow the column.
 */
export const MAX_PAISE = 10n ** 15n;

/** Why a value was refused as an amount of money. Each reason is a stable code a client can map. */
export type ParseRefusal =
  | 'empty'
  | 'not_a_number'
  | 'not_finite'
  | 'exponent'
  | 'too_many_decimals'
  | 'zero'
  | 'negative'
  | 'too_large';

export type ParseResult = { ok: true; paise: bigint } | { ok: false; reason: ParseRefusal };

export interface ParsePaiseOptions {
  /** Accept amounts below zero, for adjustments and P&L. Default false. */
  allowNegative?: boolean;
  /** Accept zero. Default false: an order, deposit or withdrawal of nothing is a mistake. */
  allowZero?: boolean;
  /** The largest absolute amount accepted, in paise. Default MAX_PAISE. */
  maxPaise?: bigint;
}

/**
 * Reads an amount in rupees (a decimal string, or a JS number) as whole paise, without ever using
 * floating-point arithmetic: the text is checked and its digits become a bigint.
 *
 * Accepted: ASCII digits with an optional leading `-` and at most 2 decimals: `"1234.5"`, `"1234.50"`,
 * `"0.05"`, `"007"` (leading zeros are harmless: 7 rupees). A number is read through `String(n)`, its
 * shortest round-trip decimal, so `1234.5` is 123450 paise and `0.1` is 10 paise.
 *
 * Refused, and why:
 * - `empty`: `""`, or only whitespace (a form field left blank).
 * - `not_a_number`: anything else that is not the plain shape: a leading `+`, surrounding or inner
 *   whitespace, grouping commas (`"1,000"` could be 1000 or a typo for 1.000), `".5"` and `"5."` (a
 *   half-typed value is more likely a mistake than a decision; the stricter choice), other digits
 *   than ASCII, and any value that is neither a string nor a number.
 * - `not_finite`: `NaN`, `Infinity`, `-Infinity`, as numbers or as those exact strings.
 * - `exponent`: `"1e3"`, and numbers whose String form has an exponent (1e21 and above, below 1e-6).
 * - `too_many_decimals`: more than 2 digits after the point, even if they are zeros (`"1.230"`), as
 *   DESIGN §3 says: the client must send what it means.
 * - `zero`, `negative`, `too_large` (absolute value above `maxPaise`), checked in that order.
 *
 * Example: `parsePaise("1234.5")` is `{ ok: true, paise: 123450n }`; `parsePaise("0.001")` is
 * `{ ok: false, reason: 'too_many_decimals' }`; `parsePaise("-5", { allowNegative: true })` is
 * `{ ok: true, paise: -500n }`.
 */
export function parsePaise(input: string | number, options: ParsePaiseOptions = {}): ParseResult {
  const maxPaise = options.maxPaise ?? MAX_PAISE;
  invariant(maxPaise >= 0n, `maxPaise must not be negative: ${maxPaise}`);

  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return refuse('not_finite');
    text = String(input);
  } else if (typeof input === 'string') {
    text = input;
  } else {
    return refuse('not_a_number');
  }
  if (text.trim() === '') return refuse('empty');

  const parts = splitPlainDecimal(text);
  if (parts === null) return refuse(classifyMalformed(text));
  if (parts.fractionDigits.length > 2) return refuse('too_many_decimals');

  // Leading zeros are dropped before any size check so that "007" is 7 and a long run of zeros
  // cannot make BigInt work on a huge string.
  const rupeeDigits = parts.integerDigits.replace(/^0+/, '');
  const paiseDigits = parts.fractionDigits.padEnd(2, '0');
  if (rupeeDigits === '' && paiseDigits === '00') {
    return options.allowZero ? { ok: true, paise: 0n } : refuse('zero');
  }
  if (parts.negative && !options.allowNegative) return refuse('negative');
  // A value with more digits than maxPaise is larger than it, whatever the digits are.
  if (rupeeDigits.length + 2 > String(maxPaise).length) return refuse('too_large');

  const magnitude = BigInt(rupeeDigits + paiseDigits);
  if (magnitude > maxPaise) return refuse('too_large');
  return { ok: true, paise: parts.negative ? -magnitude : magnitude };
}

function refuse(reason: ParseRefusal): ParseResult {
  return { ok: false, reason };
}

/** Names what is wrong with text that is not a plain decimal, for a more useful refusal. */
function classifyMalformed(text: string): ParseRefusal {
  if (NON_FINITE.test(text)) return 'not_finite';
  if (EXPONENT_FORM.test(text)) return 'exponent';
  return 'not_a_number';
}

const NON_FINITE = /^-?(?:Infinity|NaN)$/;
const EXPONENT_FORM = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)[eE][+-]?[0-9]+$/;
