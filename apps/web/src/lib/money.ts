const DECIMAL_PATTERN = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * Formats an amount of rupees for display with Indian digit grouping and exactly 2 decimals,
 * working on the decimal string so that no amount passes through floating point.
 * A third decimal rounds half away from zero. Empty or non-numeric input shows "0.00".
 *
 * Example: formatMoney("123456.785") === "1,23,456.79"; formatMoney("-1000") === "-1,000.00".
 */
export function formatMoney(value: string | number | bigint | null | undefined): string {
  const paise = value === null || value === undefined ? null : paiseOfDecimal(value);
  if (paise === null || paise === 0n) return '0.00';
  return `${paise < 0n ? '-' : ''}${rupeesOf(paise < 0n ? -paise : paise)}`;
}

/** Unsigned paise as grouped rupees with two decimals: 12345678n → "1,23,456.78". */
function rupeesOf(paise: bigint): string {
  return `${groupIndian((paise / 100n).toString())}.${(paise % 100n).toString().padStart(2, '0')}`;
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

/** Paise of a decimal-string amount, rounded half away from zero; null when it is not a number. */
function paiseOfDecimal(value: string | number | bigint): bigint | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const match = DECIMAL_PATTERN.exec(String(value).trim());
  if (!match) return null;
  const [, sign = '', integerDigits = '', fractionDigits = ''] = match;
  if (integerDigits === '' && fractionDigits === '') return null;
  const paddedFraction = `${fractionDigits}000`;
  let paise = BigInt(integerDigits || '0') * 100n + BigInt(paddedFraction.slice(0, 2));
  if (Number(paddedFraction[2]) >= 5) paise += 1n;
  return sign === '-' ? -paise : paise;
}

/** The Indian units of large figures, largest first, in paise: lakh crore, crore, lakh. */
const INDIAN_UNITS: ReadonlyArray<{ paise: bigint; suffix: string }> = [
  { paise: 10n ** 14n, suffix: 'L Cr' },
  { paise: 10n ** 9n, suffix: ' Cr' },
  { paise: 10n ** 7n, suffix: ' L' },
];

/**
 * A large figure in Indian units, as Kite and Groww show market cap and turnover: up to two
 * decimals, trailing zeros dropped, rounded half away from zero; below one lakh the exact amount.
 * Not for the investor's own money (balances, P&L, order values): those stay exact to the paisa
 * with formatAmount.
 *
 * Example: formatIndianUnits("6360000000000") === "₹6.36L Cr"; formatIndianUnits("25000000") ===
 * "₹2.5 Cr"; formatIndianUnits("4530000") === "₹45.3 L"; formatIndianUnits("99999.5") === "₹99,999.50".
 */
export function formatIndianUnits(
  value: string | number | bigint | null | undefined,
  { currency = true }: { currency?: boolean } = {},
): string {
  const paise = value === null || value === undefined ? null : paiseOfDecimal(value);
  const symbol = currency ? '₹' : '';
  if (paise === null) return `${symbol}0.00`;
  const sign = paise < 0n ? MINUS_SIGN : '';
  const size = paise < 0n ? -paise : paise;
  const unit = INDIAN_UNITS.find((candidate) => size >= candidate.paise);
  if (!unit) return `${sign}${symbol}${rupeesOf(size)}`;
  // Hundredths of the unit, rounded half away from zero.
  const hundredths = (size * 100n + unit.paise / 2n) / unit.paise;
  const fraction = (hundredths % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return `${sign}${symbol}${groupIndian((hundredths / 100n).toString())}${fraction ? `.${fraction}` : ''}${unit.suffix}`;
}
