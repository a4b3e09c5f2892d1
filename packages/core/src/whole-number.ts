// One rule for every count a person types (lots, shares, units, scores, days): the text must be
// digits only. A decimal, a sign or any other character is refused, never stripped or rounded:
// "2.5" silently becoming 25 lots would place an order nobody asked for (spec section 5: "Buy
// quantity (lots) must be a whole number"). The investor app and the console both use it.

export type WholeNumberResult =
  | { ok: true; value: number }
  | { ok: false; reason: 'empty' | 'notWhole' | 'negative' };

/** "12" → 12; "", "2.5", "1e3", "12a", "-3" are refused with the reason. Surrounding spaces are allowed. */
export function parseWholeNumber(text: string): WholeNumberResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'empty' };
  if (/^-\d+$/.test(trimmed)) return { ok: false, reason: 'negative' };
  if (!/^\d+$/.test(trimmed)) return { ok: false, reason: 'notWhole' };
  const value = Number(trimmed);
  if (!Number.isSafeInteger(value)) return { ok: false, reason: 'notWhole' };
  return { ok: true, value };
}
