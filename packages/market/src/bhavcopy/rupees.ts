const RUPEES = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Reads a rupee amount written with at most 2 decimals into paise, by string parsing (never via a
 * float). Examples: `"1234.5"` → 123450n, `"31"` → 3100n, `"0.05"` → 5n. Returns undefined for
 * anything else: a sign, more than 2 decimals, an exponent, an empty field.
 */
export function parseRupeesToPaise(text: string): bigint | undefined {
  return parseHundredths(text);
}

/**
 * Reads a non-negative decimal with at most 2 decimals as a whole number of hundredths:
 * `"69.37"` → 6937n (a percentage in basis points), `"1234.5"` → 123450n (rupees in paise).
 */
export function parseHundredths(text: string): bigint | undefined {
  const match = RUPEES.exec(text.trim());
  if (!match) return undefined;
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return BigInt(match[1]!) * 100n + BigInt(fraction);
}

/** Reads a whole, non-negative count such as a traded quantity: `"204437"` → 204437n. */
export function parseWholeNumber(text: string): bigint | undefined {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? BigInt(trimmed) : undefined;
}
