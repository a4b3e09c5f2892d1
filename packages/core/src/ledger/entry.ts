import { invariant } from '../invariant.js';
import { type CurrencyCode, isCurrencyCode } from '../money/currency.js';

/**
 * One line of a journal entry: an amount in minor units (paise for INR) added to one account's
 * balance. Positive adds to the account, negative takes from it (see balanceSignOf).
 */
export interface PostingDraft {
  accountId: string | bigint;
  amountMinor: bigint;
  currency: CurrencyCode;
}

/**
 * One business event as it will be written: a unique idempotency `key` (`deposit:123:approve`), a
 * `kind` (`deposit_approved`), the business `reference` it belongs to, and its postings.
 */
export interface EntryDraft {
  key: string;
  kind: string;
  reference?: string;
  /** Why, in words; required by the console for staff corrections and reversals. */
  reason?: string;
  /** The key of the entry this one reverses, for a reversal. */
  reverses?: string;
  postings: PostingDraft[];
}

/**
 * Describes the first way an entry breaks double entry, or returns null when it is balanced: at least
 * two postings, each a non-zero bigint in a known currency, each account in one currency only, and the
 * postings summing to zero in every currency. Account ids compare by their string form, so `12n` and
 * `"12"` are the same account.
 *
 * Example: postings of `+10000n` to cash and `-10000n` to deposits clearing, both INR, give null; a
 * single posting gives `"entry k has 1 posting; it needs at least 2"`.
 */
export function findImbalance(entry: EntryDraft): string | null {
  const { key, postings } = entry;
  if (postings.length < 2) {
    return `entry ${key} has ${postings.length} posting${postings.length === 1 ? '' : 's'}; it needs at least 2`;
  }
  const sumByCurrency = new Map<CurrencyCode, bigint>();
  const currencyByAccount = new Map<string, CurrencyCode>();
  for (const posting of postings) {
    const accountKey = String(posting.accountId);
    if (typeof posting.amountMinor !== 'bigint') {
      return `entry ${key}: the amount for account ${accountKey} is not a bigint`;
    }
    if (posting.amountMinor === 0n) return `entry ${key}: the posting to account ${accountKey} is zero`;
    if (!isCurrencyCode(posting.currency)) {
      return `entry ${key}: unknown currency ${String(posting.currency)} for account ${accountKey}`;
    }
    const knownCurrency = currencyByAccount.get(accountKey);
    if (knownCurrency !== undefined && knownCurrency !== posting.currency) {
      return `entry ${key}: account ${accountKey} is posted in both ${knownCurrency} and ${posting.currency}`;
    }
    currencyByAccount.set(accountKey, posting.currency);
    sumByCurrency.set(posting.currency, (sumByCurrency.get(posting.currency) ?? 0n) + posting.amountMinor);
  }
  for (const [currency, sum] of sumByCurrency) {
    if (sum !== 0n) return `entry ${key}: ${currency} postings sum to ${sum}, not 0`;
  }
  return null;
}

/**
 * Tells whether an entry is balanced (see findImbalance), without throwing.
 *
 * Example: `isBalanced({ key: 'k', kind: 'fee', postings: [{ accountId: 1n, amountMinor: -300n,
 * currency: 'INR' }, { accountId: 2n, amountMinor: 300n, currency: 'INR' }] })` is true.
 */
export function isBalanced(entry: EntryDraft): boolean {
  return findImbalance(entry) === null;
}

/**
 * Asserts that an entry is balanced before it is written. An unbalanced entry is a defect in the code
 * that built it, never a user's mistake, so it throws InvariantError instead of returning a refusal.
 * It also asserts that the entry has a key and a kind, which idempotency and statements rely on.
 *
 * Example: a ₹3.00 fee, `-300n` from the user's cash and `+300n` to house fees, passes; `-300n` and
 * `+299n` throws "entry k: INR postings sum to -1, not 0".
 */
export function assertBalanced(entry: EntryDraft): void {
  invariant(entry.key.trim() !== '', 'an entry needs an idempotency key');
  invariant(entry.kind.trim() !== '', `entry ${entry.key} needs a kind`);
  const problem = findImbalance(entry);
  invariant(problem === null, problem ?? '');
}

/**
 * Builds the entry that undoes another: every posting negated, on the same accounts and currencies.
 * Staff never edit postings (DESIGN rule 1.4); a correction is this reversal, with a reason, followed
 * if needed by a new correct entry. Its key defaults to `<original key>:reversal`, so reversing the
 * same entry twice is refused by the unique key.
 *
 * Example: reversing `deposit:7:approve` (cash `+500000n`, deposits clearing `-500000n`) gives
 * `deposit:7:approve:reversal` with cash `-500000n` and deposits clearing `+500000n`.
 */
export function reverseEntry(entry: EntryDraft, options: { key?: string; reason?: string } = {}): EntryDraft {
  const reversal: EntryDraft = {
    key: options.key ?? `${entry.key}:reversal`,
    kind: 'reversal',
    reverses: entry.key,
    postings: entry.postings.map((posting) => ({ ...posting, amountMinor: -posting.amountMinor })),
  };
  if (entry.reference !== undefined) reversal.reference = entry.reference;
  if (options.reason !== undefined) reversal.reason = options.reason;
  return reversal;
}
