/**
 * Splits a plain decimal string (`-?digits(.digits)?`, ASCII digits only) into its parts, or returns
 * null when the text has any other shape. Money and rates are read this way, digit by digit, so that no
 * amount ever passes through floating point.
 */
export function splitPlainDecimal(
  text: string,
): { negative: boolean; integerDigits: string; fractionDigits: string } | null {
  const parts = PLAIN_DECIMAL.exec(text);
  if (parts === null) return null;
  return { negative: parts[1] === '-', integerDigits: parts[2]!, fractionDigits: parts[3] ?? '' };
}

// `[0-9]` rather than `\d` keeps the intent visible: only ASCII digits, never other scripts' digits.
const PLAIN_DECIMAL = /^(-?)([0-9]+)(?:\.([0-9]+))?$/;
