import { describe, expect, it } from 'vitest';
import { findImbalance } from './entry.js';
import { PAPER_STARTING_CASH_PAISE, paperCapitalEntry } from './paper-book.js';

describe('paper book', () => {
  it('opens a paper account with one crore rupees of virtual cash', () => {
    expect(PAPER_STARTING_CASH_PAISE).toBe(1_00_00_000n * 100n);
  });

  it('gives the virtual cash in a balanced entry from the paper capital account', () => {
    const entry = paperCapitalEntry({ paperUserId: 42n, cashAccountId: 7n, capitalAccountId: 3n });
    expect(findImbalance(entry)).toBeNull();
    expect(entry.key).toBe('paper:42:open');
    expect(entry.postings).toEqual([
      { accountId: 7n, amountMinor: 1_000_000_000n, currency: 'INR' },
      { accountId: 3n, amountMinor: -1_000_000_000n, currency: 'INR' },
    ]);
  });
});
