import { isVerhoeffValid } from './verhoeff.js';

/**
 * Identity documents accepted for KYC: the PAN card (Income Tax Department) or the Aadhaar number
 * (UIDAI). Both are checked by format only here; the staff review matches the number against the
 * images of the document.
 */
export type IdentityDocumentType = 'pan' | 'aadhaar';

export type IdentityCheck =
  | { ok: true; type: IdentityDocumentType; normalised: string; last4: string }
  | { ok: false; reason: 'format' | 'check_digit' };

const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
/** UIDAI never issues a number starting with 0 or 1. */
const AADHAAR = /^[2-9][0-9]{11}$/;

/**
 * Checks an ID number of the given type after removing spaces and dashes and upper-casing it. PAN is
 * five letters, four digits and a letter (`ABCDE1234F`). Aadhaar is 12 digits, not starting with 0
 * or 1, whose last digit is the Verhoeff check digit of the first 11.
 *
 * Example: `checkIdentityNumber('pan', 'abcde 1234 f')` is ok with `normalised: 'ABCDE1234F'`;
 * `checkIdentityNumber('aadhaar', '2345 6789 0124')` is ok only if 4 is the right check digit.
 */
export function checkIdentityNumber(type: IdentityDocumentType, input: string): IdentityCheck {
  const normalised = input.replace(/[\s-]/g, '').toUpperCase();
  if (type === 'pan') {
    if (!PAN.test(normalised)) return { ok: false, reason: 'format' };
    return { ok: true, type, normalised, last4: normalised.slice(-4) };
  }
  if (!AADHAAR.test(normalised)) return { ok: false, reason: 'format' };
  if (!isVerhoeffValid(normalised)) return { ok: false, reason: 'check_digit' };
  return { ok: true, type, normalised, last4: normalised.slice(-4) };
}

/**
 * How an ID number is shown once stored: a PAN in full (it is printed on every contract note),
 * an Aadhaar number only by its last four digits, as UIDAI's masking rules require.
 *
 * Example: `maskIdentityNumber('aadhaar', '1234')` is `'XXXX XXXX 1234'`.
 */
export function maskIdentityNumber(type: IdentityDocumentType, normalisedOrLast4: string): string {
  if (type === 'pan') return normalisedOrLast4;
  return `XXXX XXXX ${normalisedOrLast4.slice(-4)}`;
}

/**
 * A person's name as compared between the KYC record and a bank account holder: trimmed, inner runs
 * of spaces made one, upper case. Dots and other punctuation are kept: "A. Kumar" and "A Kumar" are
 * different names to a bank.
 *
 * Example: `normalisePersonName('  asha   Verma ')` is `'ASHA VERMA'`.
 */
export function normalisePersonName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toUpperCase();
}

/**
 * Whether a name is acceptable as a legal name: 2 to 100 characters of letters (any script), spaces,
 * dots, apostrophes and hyphens, starting with a letter.
 *
 * Example: `isPersonName("D'Souza Anil")` is true; `isPersonName('Asha123')` is false.
 */
export function isPersonName(name: string): boolean {
  const normalised = name.normalize('NFC').trim().replace(/\s+/g, ' ');
  return normalised.length >= 2 && normalised.length <= 100 && /^\p{L}[\p{L}\p{M} .'-]*$/u.test(normalised);
}
