import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findImbalance } from '../ledger/entry.js';
import { computeOpeningCosts, settleClose } from './settlement.js';
import {
  closingPostings,
  computeOpeningTerms,
  holdPostings,
  holdReleasePostings,
  openingPostings,
  pendingFillPostings,
  type TradingAccounts,
} from './trade-postings.js';

const accounts: TradingAccounts = {
  cash: 1n,
  orderHold: 2n,
  margin: 3n,
  houseFees: 4n,
  houseTaxes: 5n,
  houseCounterparty: 6n,
  houseAbsorbed: 7n,
};

const amounts = (postings: { accountId: string | bigint; amountMinor: bigint }[]) =>
  Object.fromEntries(postings.map((posting) => [String(posting.accountId), posting.amountMinor]));

describe('the postings of a trade', () => {
  it('a fill at placement takes margin and fee from cash', () => {
    expect(amounts(openingPostings(accounts, { marginPaise: 50_000n, feePaise: 30n }, 'INR'))).toEqual({
      '1': -50_030n,
      '3': 50_000n,
      '4': 30n,
    });
  });

  it('a pending order holds its margin and fee, and a cancel gives the hold back', () => {
    expect(amounts(holdPostings(accounts, 50_030n, 'INR'))).toEqual({ '1': -50_030n, '2': 50_030n });
    expect(amounts(holdReleasePostings(accounts, 50_030n, 'INR'))).toEqual({ '2': -50_030n, '1': 50_030n });
    expect(holdReleasePostings(accounts, 0n, 'INR')).toEqual([]);
  });

  it('a fill below the limit returns the difference of the hold to cash', () => {
    expect(
      amounts(pendingFillPostings(accounts, 50_030n, { marginPaise: 49_500n, feePaise: 30n }, 'INR')),
    ).toEqual({ '2': -50_030n, '1': 500n, '3': 49_500n, '4': 30n });
  });

  it('a close pays out to cash and the house takes the fee and the tax', () => {
    const settled = settleClose({
      side: 'long',
      entryPricePaise: 10_000n,
      exitPricePaise: 10_150n,
      quantity: 10,
      marginPaise: 100_000n,
      feeBps: 3n,
      taxBps: 10n,
    });
    expect(amounts(closingPostings(accounts, 100_000n, settled, 'INR'))).toEqual({
      '3': -100_000n,
      '1': 101_368n,
      '4': 30n,
      '5': 102n,
      '6': -1_500n,
    });
  });

  it('a holding records its lock end and stop-out level', () => {
    expect(
      computeOpeningTerms({
        side: 'long',
        quantity: 10,
        pricePaise: 10_000n,
        openedAtMs: 0,
        marginPaise: 50_000n,
        lock: { days: 0, minutes: 30 },
        stopOutBps: 8000n,
      }),
    ).toEqual({ lockedUntilMs: 1_800_000, stopOutPricePaise: 6_000n });
  });
});

describe('every trading entry balances', () => {
  const price = fc.bigInt({ min: 1n, max: 10_000_000n });
  const quantity = fc.integer({ min: 1, max: 10_000 });
  const leverage = fc.constantFrom(1, 2, 5, 10);
  const bps = fc.bigInt({ min: 0n, max: 100n });
  const balanced = (postings: ReturnType<typeof openingPostings>) =>
    postings.length === 0 || findImbalance({ key: 'k', kind: 'trade', postings }) === null;

  it('open, hold, fill and cancel', () => {
    fc.assert(
      fc.property(price, price, quantity, leverage, bps, (placed, filled, shares, lever, feeBps) => {
        const held = computeOpeningCosts(placed, shares, lever, feeBps);
        const heldPaise = held.marginPaise + held.feePaise;
        const costs = computeOpeningCosts(filled, shares, lever, feeBps);
        expect(balanced(openingPostings(accounts, costs, 'INR'))).toBe(true);
        expect(balanced(holdPostings(accounts, heldPaise, 'INR'))).toBe(true);
        expect(balanced(holdReleasePostings(accounts, heldPaise, 'INR'))).toBe(true);
        expect(balanced(pendingFillPostings(accounts, heldPaise, costs, 'INR'))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('close, at a gain or a loss beyond the margin', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('long' as const, 'short' as const),
        price,
        price,
        quantity,
        leverage,
        bps,
        bps,
        (side, entry, exit, shares, lever, feeBps, taxBps) => {
          const marginPaise = computeOpeningCosts(entry, shares, lever, feeBps).marginPaise;
          const settled = settleClose({
            side,
            entryPricePaise: entry,
            exitPricePaise: exit,
            quantity: shares,
            marginPaise,
            feeBps,
            taxBps,
          });
          expect(balanced(closingPostings(accounts, marginPaise, settled, 'INR'))).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
