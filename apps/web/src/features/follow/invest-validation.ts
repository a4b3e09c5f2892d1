/**
 * The invest form's own checks before it asks the server (which checks again): an amount in rupees
 * with at most 2 decimals, at least the product minimum, at most the available cash. Compared in
 * paise as bigint, never as floating point.
 */
export type InvestProblem = 'required' | 'format' | 'belowMinimum' | 'aboveAvailable';

const AMOUNT = /^\d{1,13}(\.\d{1,2})?$/;

export function toPaise(rupees: string): bigint {
  const [whole = '0', fraction = ''] = rupees.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
}

export function investProblem(
  amount: string,
  minimum: string,
  available: string | undefined,
): InvestProblem | null {
  const value = amount.trim();
  if (value === '') return 'required';
  if (!AMOUNT.test(value)) return 'format';
  const paise = toPaise(value);
  if (paise < toPaise(minimum)) return 'belowMinimum';
  if (available !== undefined && paise > toPaise(available)) return 'aboveAvailable';
  return null;
}
