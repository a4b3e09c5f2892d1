/**
 * ISIN checks (ISO 6166): two letters of country, nine alphanumerics, one check digit. The check
 * digit is Luhn's over the digits you get by writing each letter as its number (A = 10 … Z = 35).
 */

const ISIN_PATTERN = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;
/** An Indian equity ISIN: `INE`, the issuer (and security) code, a check digit. */
const INDIAN_EQUITY_ISIN_PATTERN = /^INE[A-Z0-9]{8}[0-9]$/;

/** The ISIN with every letter replaced by its two-digit number: `IN` → `1823`. */
function expandLetters(isin: string): string {
  return [...isin].map((character) => Number.parseInt(character, 36).toString()).join('');
}

/** Luhn's check over a string of digits whose last digit is the check digit. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let fromRight = 0; fromRight < digits.length; fromRight += 1) {
    let digit = Number(digits[digits.length - 1 - fromRight]);
    if (fromRight % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * Whether a string is a well-formed ISIN whose check digit is right.
 *
 * @example isValidIsin('INE002A01018') // true: Reliance Industries
 * @example isValidIsin('INE002A01019') // false: wrong check digit
 */
export function isValidIsin(isin: string): boolean {
  return ISIN_PATTERN.test(isin) && passesLuhn(expandLetters(isin));
}

/**
 * Whether a string is a valid ISIN of an Indian company's equity (`INE…`).
 *
 * @example isValidIndianEquityIsin('INE040A01034') // true: HDFC Bank
 */
export function isValidIndianEquityIsin(isin: string): boolean {
  return INDIAN_EQUITY_ISIN_PATTERN.test(isin) && isValidIsin(isin);
}
