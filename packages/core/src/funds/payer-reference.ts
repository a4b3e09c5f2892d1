/**
 * How a payer proves a payment: a bank transfer or UPI payment has a 12-digit UTR (the Unique
 * Transaction Reference that NEFT, IMPS and UPI give); a USDT transfer has a transaction hash (64 hex
 * digits, with `0x` on Ethereum).
 */
export type PayerReferenceKind = 'utr' | 'tx_hash';

const UTR = /^[0-9]{12}$/;
const TX_HASH = /^(?:0x)?[0-9a-fA-F]{64}$/;

/**
 * A payer reference with spaces removed and hex in lower case, or null when it is not of the kind.
 *
 * Example: `normalisePayerReference('utr', '4123 4567 8901')` is `'412345678901'`.
 */
export function normalisePayerReference(kind: PayerReferenceKind, input: string): string | null {
  const text = input.replace(/\s/g, '');
  if (kind === 'utr') return UTR.test(text) ? text : null;
  return TX_HASH.test(text) ? text.toLowerCase().replace(/^0x/, '') : null;
}
