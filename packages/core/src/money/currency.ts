/**
 * The account currencies the ledger knows: INR first, USD and THB as the spec's extra accounts, and
 * the spec's exchange list. USDT is a stablecoin, listed because the spec's deposit channels and
 * balances name it; crypto deposit channels stay off by default.
 */
export const CURRENCIES = [
  'INR',
  'USD',
  'THB',
  'CNY',
  'TWD',
  'HKD',
  'JPY',
  'VND',
  'MYR',
  'KRW',
  'USDT',
] as const;

export type CurrencyCode = (typeof CURRENCIES)[number];

/**
 * Every currency is stored with exactly 2 minor digits (1 unit = 100 minor units), including JPY,
 * KRW and VND, which have no minor unit in everyday use, and USDT, which has 6 on-chain decimals.
 * One scale means one parser, one formatter, one API shape (`"1234.50"`) and one SQL type for every
 * account, and an exchange between currencies never mixes scales. For JPY, KRW and VND the last two
 * digits are simply 00 in practice; a USDT deposit with more than 2 decimals is refused at the edge
 * rather than rounded. See docs/adr/0001-money-in-paise.md.
 */
export const MINOR_DIGITS = 2;

/** How many minor units make one unit of any currency: `100n` (so 1234.50 INR is `123450n`). */
export const MINOR_PER_UNIT = 100n;

/**
 * Tells whether a value from outside (a request, a row) is one of our currency codes. The match is
 * exact and case-sensitive, because codes are stored and compared as written.
 *
 * Example: `isCurrencyCode('INR')` is true; `isCurrencyCode('inr')` and `isCurrencyCode('BTC')` are false.
 */
export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}
