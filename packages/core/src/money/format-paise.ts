import { splitPlainDecimal } from './decimal-string.js';

/**
 * Writes paise as the API's decimal string in rupees with exactly 2 decimals, no grouping. This is
 * the inverse of parsePaise for every amount in range.
 *
 * Example: `formatPaise(123450n)` is `"1234.50"`; `formatPaise(-5n)` is `"-0.05"`; `formatPaise(0n)`
 * is `"0.00"`.
 */
export function formatPaise(paise: bigint): string {
  const { sign, rupees, paiseDigits } = splitPaise(paise);
  return `${sign}${rupees}.${paiseDigits}`;
}

/**
 * Writes paise in rupees with Indian digit grouping (the last three digits, then groups of two:
 * lakh and crore) and 2 decimals, as INR amounts are shown to users.
 *
 * Example: `formatIndianGrouping(12345678n)` is `"1,23,456.78"`; `formatIndianGrouping(-100000000n)`
 * is `"-10,00,000.00"`.
 */
export function formatIndianGrouping(paise: bigint): string {
  const { sign, rupees, paiseDigits } = splitPaise(paise);
  return `${sign}${groupIndian(rupees)}.${paiseDigits}`;
}

/**
 * Formats any value a screen may hold as money for display, with Indian grouping and 2 decimals. It
 * never throws: the spec says "empty or non-numeric shows 0", so those show `"0.00"`.
 *
 * - A string or number is an amount in rupees, as the API sends it (`"1234.50"`). Surrounding
 *   whitespace, a leading `+`, `".5"` and `"5."` are tolerated here (display is lenient; parsePaise is not). More than
 *   2 decimals, or an exponent (`1e-7`, `"2.5e3"`), are rounded half away from zero to the paisa, on
 *   the digits, never through floating point, so a real amount is never shown as 0.
 * - A bigint is an amount in paise: the only bigint money in the code base is paise (DESIGN §3).
 * - Anything else (null, undefined, NaN, Infinity, `"abc"`, `"1,000"`, objects), and strings longer
 *   than 100 characters, show `"0.00"`.
 *
 * Example: `formatMoneyDisplay("123456.78")` is `"1,23,456.78"`; `formatMoneyDisplay(12345678n)` is
 * `"1,23,456.78"`; `formatMoneyDisplay("")` and `formatMoneyDisplay("abc")` are `"0.00"`.
 */
export function formatMoneyDisplay(value: unknown): string {
  if (typeof value === 'bigint') return formatIndianGrouping(value);
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return ZERO_DISPLAY;
    text = String(value);
  } else if (typeof value === 'string') {
    if (value.length > DISPLAY_INPUT_LENGTH_MAX) return ZERO_DISPLAY;
    // ".5" and "5." are numbers to a person typing; show what they mean.
    text = value
      .trim()
      .replace(/^\+/, '')
      .replace(/^(-?)\./, (_match, sign: string) => `${sign}0.`)
      .replace(/([0-9])\.$/, '$1');
  } else {
    return ZERO_DISPLAY;
  }
  const plain = expandExponent(text);
  if (plain === null) return ZERO_DISPLAY;
  const parts = splitPlainDecimal(plain);
  if (parts === null) return ZERO_DISPLAY;
  let magnitude = BigInt(parts.integerDigits + parts.fractionDigits.slice(0, 2).padEnd(2, '0'));
  // Half away from zero on the written digits: the third decimal decides.
  if ((parts.fractionDigits[2] ?? '0') >= '5') magnitude += 1n;
  return formatIndianGrouping(parts.negative ? -magnitude : magnitude);
}

const ZERO_DISPLAY = '0.00';
const DISPLAY_INPUT_LENGTH_MAX = 100;

/**
 * Rewrites `"1.5e3"` as `"1500"` and `"1e-7"` as `"0.0000001"` by moving the decimal point in the
 * digits. Text without an exponent is returned as it is. Exponents beyond ±100 give null: no amount of
 * money is that large, and anything that small rounds to 0 anyway.
 */
function expandExponent(text: string): string | null {
  const parts = /^(-?)([0-9]*)(?:\.([0-9]*))?[eE]([+-]?[0-9]+)$/.exec(text);
  if (parts === null) return text;
  const [, sign, integerDigits = '', fractionDigits = '', exponentText = ''] = parts;
  if (integerDigits === '' && fractionDigits === '') return null;
  const exponent = Number(exponentText);
  if (Math.abs(exponent) > 100) return exponent < 0 ? '0' : null;
  const digits = integerDigits + fractionDigits;
  const pointAt = integerDigits.length + exponent;
  if (pointAt <= 0) return `${sign}0.${'0'.repeat(-pointAt)}${digits}`;
  if (pointAt >= digits.length) return `${sign}${digits}${'0'.repeat(pointAt - digits.length)}`;
  return `${sign}${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
}

function splitPaise(paise: bigint): { sign: string; rupees: string; paiseDigits: string } {
  const magnitude = paise < 0n ? -paise : paise;
  return {
    sign: paise < 0n ? '-' : '',
    rupees: (magnitude / 100n).toString(),
    paiseDigits: (magnitude % 100n).toString().padStart(2, '0'),
  };
}

function groupIndian(rupees: string): string {
  if (rupees.length <= 3) return rupees;
  const lastThree = rupees.slice(-3);
  const rest = rupees.slice(0, -3);
  // Groups of two from the right, before the last three digits: 12,34,56,789.
  const groups = rest.match(/(\d{1,2})(?=(\d{2})*$)/g) ?? [];
  return `${groups.join(',')},${lastThree}`;
}

/**
 * A price in paise as a plain number of rupees, for chart series only (candles, sparklines), which
 * DESIGN.md section 3 allows to be display numbers. Never use it for money that is computed,
 * compared or stored. Example: `1_40_725n` → `1407.25`.
 */
export function paiseToChartNumber(paise: bigint): number {
  return Number(paise) / 100;
}
