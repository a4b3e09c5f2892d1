import { parsePaise } from '@nivesh/core';

/** Why a statement amount cell was refused; the parser turns it into a sentence with the line. */
export type IndianAmountRefusal =
  | 'grouping'
  | 'not_a_number'
  | 'too_many_decimals'
  | 'negative'
  | 'too_large';

export type IndianAmountResult = { ok: true; paise: bigint } | { ok: false; reason: IndianAmountRefusal };

// Indian grouping: the last three digits, then pairs ("1,25,000"); international grouping in threes
// ("125,000") is unambiguous too and some banks export it. Anything else ("1,2,3", "12,50") is refused
// rather than guessed at.
const INDIAN_GROUPED = /^[0-9]{1,2}(?:,[0-9]{2})*,[0-9]{3}$/;
const THOUSANDS_GROUPED = /^[0-9]{1,3}(?:,[0-9]{3})+$/;
const PLAIN = /^[0-9]+$/;

/**
 * Reads an amount cell of a bank statement as paise: digits with Indian or international grouping
 * commas, at most two decimals, an optional leading minus (a balance may be overdrawn) when
 * `allowNegative`. A blank cell is zero. No floating point: the digits become a bigint through
 * core's `parsePaise`.
 *
 * Example: `readIndianAmount('1,25,000.00')` is `{ ok: true, paise: 12500000n }`;
 * `readIndianAmount('1,2,50.00')` is `{ ok: false, reason: 'grouping' }`.
 */
export function readIndianAmount(
  cell: string,
  options: { allowNegative?: boolean } = {},
): IndianAmountResult {
  const text = cell.trim();
  if (text === '') return { ok: true, paise: 0n };
  const negative = text.startsWith('-');
  if (negative && !options.allowNegative) return { ok: false, reason: 'negative' };
  const unsigned = negative ? text.slice(1) : text;
  const [whole = '', fraction, extra] = unsigned.split('.');
  if (extra !== undefined) return { ok: false, reason: 'not_a_number' };
  if (whole.includes(',')) {
    if (!INDIAN_GROUPED.test(whole) && !THOUSANDS_GROUPED.test(whole))
      return { ok: false, reason: 'grouping' };
  } else if (!PLAIN.test(whole)) {
    return { ok: false, reason: 'not_a_number' };
  }
  if (fraction !== undefined && !PLAIN.test(fraction)) return { ok: false, reason: 'not_a_number' };
  const plain = `${negative ? '-' : ''}${whole.replaceAll(',', '')}${fraction === undefined ? '' : `.${fraction}`}`;
  const parsed = parsePaise(plain, { allowZero: true, allowNegative: negative });
  if (parsed.ok) return parsed;
  if (parsed.reason === 'too_many_decimals' || parsed.reason === 'too_large')
    return { ok: false, reason: parsed.reason };
  return { ok: false, reason: 'not_a_number' };
}
