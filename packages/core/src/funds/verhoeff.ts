/**
 * The Verhoeff check digit, which Aadhaar numbers carry as their 12th digit. It catches every
 * single-digit error and every swap of two adjacent digits, which a sum of digits does not.
 * Tables from Verhoeff (1969): D is the dihedral group D5, P the position permutation, INV the inverse.
 */
const D: readonly (readonly number[])[] = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const P: readonly (readonly number[])[] = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const INV: readonly number[] = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

const DIGITS = /^[0-9]+$/;

/** Runs the Verhoeff checksum over digits, the rightmost at position `offset`. */
function checksum(digits: string, offset: number): number {
  let c = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    c = D[c]![P[(i + offset) % 8]![digit]!]!;
  }
  return c;
}

/**
 * Whether a string of digits ends in a correct Verhoeff check digit.
 *
 * Example: `isVerhoeffValid('2363')` is true (236 with check digit 3); `isVerhoeffValid('2365')` is false.
 */
export function isVerhoeffValid(digits: string): boolean {
  if (!DIGITS.test(digits)) return false;
  return checksum(digits, 0) === 0;
}

/**
 * The Verhoeff check digit to append to a string of digits.
 *
 * Example: `verhoeffCheckDigit('236')` is `3`.
 */
export function verhoeffCheckDigit(digits: string): number {
  if (!DIGITS.test(digits)) throw new RangeError(`not a string of digits: ${digits}`);
  return INV[checksum(digits, 1)]!;
}
