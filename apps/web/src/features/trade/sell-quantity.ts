/**
 * The lots to sell from a holding as typed (ADR 0019): a whole number from 1 up to the holding.
 * Never rounded or stripped: "2.5" is refused, not sold as 2, and "1e3" or "10 " with letters is
 * refused too. Answers the quantity, or the i18n key (under trade.sell) of the reason.
 */
export function checkSellQuantity(text: string, held: number): { quantity?: number; error?: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { error: 'trade.sell.quantityRequired' };
  if (/^-?\d+$/.test(trimmed) && Number(trimmed) < 1) return { error: 'trade.sell.quantityMinimum' };
  if (!/^\d+$/.test(trimmed)) return { error: 'trade.sell.quantityWhole' };
  const quantity = Number(trimmed);
  if (!Number.isSafeInteger(quantity) || quantity > held) return { error: 'trade.sell.quantityAboveHolding' };
  return { quantity };
}
