// An amount the investor types, read without floating point: compared and sent as paise (bigint),
// as every amount is (docs/adr/0001-money-in-paise.md).

const AMOUNT = /^\d{1,13}(?:\.\d{1,2})?$/;
// Commas are read only where a grouping puts them (Indian 1,00,000 or international 100,000): "2,5"
// is refused, not read as 25 (the same rule as counts, lib/whole-number.ts: never strip input).
const GROUPED_RUPEES = /^(?:\d+|\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})*,\d{3})(?:\.\d*)?$/;

/** "1,234.5" → 123450n paise; null when it is not an amount with at most 2 decimals. */
export function toPaise(value: string): bigint | null {
  const trimmed = value.trim();
  if (!GROUPED_RUPEES.test(trimmed)) return null;
  const text = trimmed.replace(/,/g, '');
  if (!AMOUNT.test(text)) return null;
  const [rupees = '0', fraction = ''] = text.split('.');
  return BigInt(rupees) * 100n + BigInt(`${fraction}00`.slice(0, 2));
}

/** The amount as the API takes it ("1234.50"), or null. */
export function normalizeAmount(value: string): string | null {
  const paise = toPaise(value);
  if (paise === null) return null;
  return `${paise / 100n}.${(paise % 100n).toString().padStart(2, '0')}`;
}
