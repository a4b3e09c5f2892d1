import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../invariant.js';
import type { CurrencyCode } from '../money/currency.js';
import {
  assertBalanced,
  type EntryDraft,
  findImbalance,
  isBalanced,
  type PostingDraft,
  reverseEntry,
} from './entry.js';

const inr = (accountId: string | bigint, amountMinor: bigint): PostingDraft => ({
  accountId,
  amountMinor,
  currency: 'INR',
});

const depositApproval: EntryDraft = {
  key: 'deposit:7:approve',
  kind: 'deposit_approved',
  reference: 'deposit:7',
  postings: [inr(101n, 500_000n), inr(1n, -500_000n)],
};

describe('assertBalanced', () => {
  it('accepts a deposit credited to cash from deposits clearing', () => {
    expect(() => assertBalanced(depositApproval)).not.toThrow();
  });

  it('accepts an exchange that balances in each currency separately', () => {
    const exchange: EntryDraft = {
      key: 'exchange:3',
      kind: 'exchange',
      postings: [
        inr(101n, -850_000n),
        inr(2n, 850_000n),
        { accountId: 3n, amountMinor: -10_000n, currency: 'USD' },
        { accountId: 102n, amountMinor: 10_000n, currency: 'USD' },
      ],
    };
    expect(() => assertBalanced(exchange)).not.toThrow();
  });

  it('refuses an entry with a single posting', () => {
    expect(() => assertBalanced({ ...depositApproval, postings: [inr(101n, 0n)] })).toThrow(
      'has 1 posting; it needs at least 2',
    );
  });

  it('refuses an entry with a zero posting', () => {
    expect(() =>
      assertBalanced({ ...depositApproval, postings: [...depositApproval.postings, inr(5n, 0n)] }),
    ).toThrow('is zero');
  });

  it('refuses an entry that creates a paisa from nothing', () => {
    expect(() => assertBalanced({ ...depositApproval, postings: [inr(101n, 300n), inr(4n, -299n)] })).toThrow(
      'INR postings sum to 1, not 0',
    );
  });

  it('refuses rupees balanced against dollars', () => {
    const mixed: EntryDraft = {
      key: 'k',
      kind: 'exchange',
      postings: [inr(1n, 100n), { accountId: 2n, amountMinor: -100n, currency: 'USD' }],
    };
    expect(() => assertBalanced(mixed)).toThrow(InvariantError);
  });

  it('refuses one account posted in two currencies', () => {
    const mixed: EntryDraft = {
      key: 'k',
      kind: 'exchange',
      postings: [
        inr(1n, 100n),
        inr(2n, -100n),
        { accountId: '1', amountMinor: 100n, currency: 'USD' },
        { accountId: 3n, amountMinor: -100n, currency: 'USD' },
      ],
    };
    expect(findImbalance(mixed)).toBe('entry k: account 1 is posted in both INR and USD');
  });

  it('refuses an unknown currency and an amount that is not a bigint', () => {
    const unknownCurrency = { accountId: 2n, amountMinor: -100n, currency: 'BTC' as CurrencyCode };
    expect(isBalanced({ key: 'k', kind: 'x', postings: [inr(1n, 100n), unknownCurrency] })).toBe(false);
    const numberAmount = { accountId: 2n, amountMinor: -100 as unknown as bigint, currency: 'INR' as const };
    expect(isBalanced({ key: 'k', kind: 'x', postings: [inr(1n, 100n), numberAmount] })).toBe(false);
  });

  it('refuses an entry without an idempotency key or a kind', () => {
    expect(() => assertBalanced({ ...depositApproval, key: ' ' })).toThrow('idempotency key');
    expect(() => assertBalanced({ ...depositApproval, kind: '' })).toThrow('needs a kind');
  });
});

const accountIds = fc.constantFrom<string | bigint>('1', '2', '3', 4n, 5n, 1n);
const currencies = fc.constantFrom<CurrencyCode>('INR', 'USD');
const anyPosting = fc.record({
  accountId: accountIds,
  amountMinor: fc.bigInt({ min: -3n, max: 3n }),
  currency: currencies,
});

/** Postings that balance by construction: each currency gets a last posting to its own account. */
const balancedPostings = fc
  .array(
    fc.record({
      accountId: fc.constantFrom<string | bigint>('1', '2', 3n),
      amountMinor: fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }).filter((amount) => amount !== 0n),
      currency: fc.constant<CurrencyCode>('INR'),
    }),
    { minLength: 1, maxLength: 6 },
  )
  .map((postings) => {
    const sum = postings.reduce((total, posting) => total + posting.amountMinor, 0n);
    return sum === 0n ? postings : [...postings, inr('clearing', -sum)];
  });

const entryOf = (postings: PostingDraft[]): EntryDraft => ({ key: 'entry:1', kind: 'test', postings });

function groupBy<T>(items: T[], keyOf: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return [...groups.values()];
}

/** Balance as the ledger would define it, computed by grouping rather than by scanning. */
function isBalancedByDefinition(postings: PostingDraft[]): boolean {
  if (postings.length < 2 || postings.some((posting) => posting.amountMinor === 0n)) return false;
  for (const group of groupBy(postings, (posting) => String(posting.accountId))) {
    if (new Set(group.map((posting) => posting.currency)).size > 1) return false;
  }
  return groupBy(postings, (posting) => posting.currency).every(
    (group) => group.reduce((total, posting) => total + posting.amountMinor, 0n) === 0n,
  );
}

describe('balance as a property', () => {
  it('accepts exactly the balanced entries', () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(anyPosting, { maxLength: 6 }), balancedPostings), (postings) => {
        const entry = entryOf(postings);
        if (isBalancedByDefinition(postings)) expect(() => assertBalanced(entry)).not.toThrow();
        else expect(() => assertBalanced(entry)).toThrow(InvariantError);
      }),
      { numRuns: 5000 },
    );
  });

  it('accepts every entry built to balance', () => {
    fc.assert(
      fc.property(
        balancedPostings.filter((postings) => postings.length >= 2),
        (postings) => {
          expect(isBalanced(entryOf(postings))).toBe(true);
        },
      ),
    );
  });
});

describe('reverseEntry', () => {
  it('undoes a deposit on the same accounts, pointing at the original', () => {
    const reversal = reverseEntry(depositApproval, { reason: 'receipt was forged' });
    expect(reversal).toEqual({
      key: 'deposit:7:approve:reversal',
      kind: 'reversal',
      reference: 'deposit:7',
      reverses: 'deposit:7:approve',
      reason: 'receipt was forged',
      postings: [inr(101n, -500_000n), inr(1n, 500_000n)],
    });
  });

  it('takes a key when one is given', () => {
    expect(reverseEntry(depositApproval, { key: 'correction:9' }).key).toBe('correction:9');
  });

  it('leaves every account where it was before the entry, and stays balanced', () => {
    fc.assert(
      fc.property(
        balancedPostings.filter((postings) => postings.length >= 2),
        (postings) => {
          const entry = entryOf(postings);
          const reversal = reverseEntry(entry);
          expect(isBalanced(reversal)).toBe(true);
          const netByAccount = new Map<string, bigint>();
          for (const posting of [...entry.postings, ...reversal.postings]) {
            const account = String(posting.accountId);
            netByAccount.set(account, (netByAccount.get(account) ?? 0n) + posting.amountMinor);
          }
          for (const net of netByAccount.values()) expect(net).toBe(0n);
          expect(reverseEntry(reversal).postings).toEqual(entry.postings);
        },
      ),
    );
  });
});
