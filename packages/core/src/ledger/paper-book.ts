import type { CurrencyCode } from '../money/currency.js';
import type { EntryDraft } from './entry.js';

/** The two books of the ledger (docs/adr/0026-paper-trading.md): real money, and paper trading's. */
export type LedgerBook = 'real' | 'paper';
export const LEDGER_BOOKS: readonly LedgerBook[] = ['real', 'paper'];

/** A paper account's virtual cash at opening and after each reset: ₹1,00,00,000 in paise. */
export const PAPER_STARTING_CASH_PAISE = 1_000_000_000n;

/**
 * The entry that gives a new paper account its virtual cash: the paper book's capital account pays
 * the paper account's cash. Both accounts are in the paper book; the database refuses the entry
 * otherwise.
 *
 * Example: `paperCapitalEntry({ paperUserId: 42n, cashAccountId: 7n, capitalAccountId: 3n })` posts
 * `+1000000000n` (₹1,00,00,000) to account 7 and `-1000000000n` to account 3, key `paper:42:open`.
 */
export function paperCapitalEntry(input: {
  paperUserId: bigint;
  cashAccountId: bigint;
  capitalAccountId: bigint;
  currency?: CurrencyCode;
}): EntryDraft {
  const currency = input.currency ?? 'INR';
  return {
    key: `paper:${input.paperUserId}:open`,
    kind: 'paper_capital',
    reference: String(input.paperUserId),
    postings: [
      { accountId: input.cashAccountId, amountMinor: PAPER_STARTING_CASH_PAISE, currency },
      { accountId: input.capitalAccountId, amountMinor: -PAPER_STARTING_CASH_PAISE, currency },
    ],
  };
}
