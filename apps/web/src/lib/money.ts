const DECIMAL_PATTERN = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * Formats an amount of rupees for display with Indian digit grouping and exactly 2 decimals,
 * working on the decimal string so that no amount passes through floating point.
 * A third decimal rounds half away from zero. Empty or non-numeric input shows "0.00".
 *
 * Example: formatMoney("123456.785") === "1,23,456.79"; formatMoney("-1000") === "-1,000.00".
 */
export function formatMoney(value: string | number | bigint | null | undefined): string {
  if (value === null || value === undefined) return '0.00';
  if (typeof value === 'number' && !Number.isFinite(value)) return '0.00';
  const match = DECIMAL_PATTERN.exec(String(value).trim());
  if (!match) return '0.00';
  const [, sign = '', integerDigits = '', fractionDigits = ''] = match;
  if (integerDigits === '' && fractionDigits === '') return '0.00';

  const paddedFraction = `${fractionDigits}000`;
  let hundredths = BigInt(integerDigits || '0') * 100n + BigInt(paddedFraction.slice(0, 2));
  if (Number(paddedFraction[2]) >= 5) hundredths += 1n;
  if (hundredths === 0n) return '0.00';

  const rupees = (hundredths / 100n).toString();
  const paise = (hundredths % 100n).toString().padStart(2, '0');
  return `${sign === '-' ? '-' : ''}${groupIndian(rupees)}.${paise}`;
}

/** Groups an unsigned digit string the Indian way: the last 3 digits, then pairs ("1234567" → "12,34,567"). */
export function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const lastThree = digits.slice(-3);
  let rest = digits.slice(0, -3);
  const pairs: string[] = [];
  while (rest.length > 2) {
    pairs.unshift(rest.slice(-2));
    rest = rest.slice(0, -2);
  }
  if (rest) pairs.unshift(rest);
  return `${pairs.join(',')},${lastThree}`;
}

/** True when a decimal string (or number) is below zero; empty and non-numeric count as zero. */
export function isNegativeAmount(value: string | number | null | undefined): boolean {
  const text = String(value ?? '').trim();
  return text.startsWith('-') && /[1-9]/.test(text);
}

/** The minus sign of amounts (U+2212), set before the currency sign: "−₹15,000.00", never "₹-15,000.00". */
export const MINUS_SIGN = '\u2212';

/**
 * An amount with its currency: "₹15,000.00" or "−₹15,000.00" for rupees, "−12.50 USD" for others;
 * `signed` also marks a gain "+₹…". The sign stands before the currency sign.
 */
export function formatAmount(
  value: string | number | bigint | null | undefined,
  { currency = 'INR', signed = false }: { currency?: string; signed?: boolean } = {},
): string {
  const formatted = formatMoney(value);
  const negative = formatted.startsWith('-');
  const magnitude = negative ? formatted.slice(1) : formatted;
  const sign = negative ? MINUS_SIGN : signed && magnitude !== '0.00' ? '+' : '';
  return currency === 'INR' ? `${sign}₹${magnitude}` : `${sign}${magnitude} ${currency}`;
}
