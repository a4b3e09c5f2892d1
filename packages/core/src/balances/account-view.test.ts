import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../invariant.js';
import {
  type AccountBalances,
  accountBalancesOf,
  allotmentValue,
  computeAllotted,
  computeAvailable,
  computeFrozen,
  computeInvested,
  computeLiabilities,
  computeNetAssets,
  computeTotalAssets,
  computeWithdrawable,
  deriveAccountView,
} from './account-view.js';

const empty: AccountBalances = {
  cash: 0n,
  withdrawalHold: 0n,
  orderHold: 0n,
  margin: 0n,
  ipoEscrow: 0n,
  loanOutstanding: 0n,
  unrealisedPnl: 0n,
};

describe('account view', () => {
  it('shows a withdrawal on hold as frozen, not available, and still in total assets', () => {
    const view = deriveAccountView({ ...empty, cash: 250_000n, withdrawalHold: 50_000n });
    expect(view).toEqual({
      totalAssets: 300_000n,
      liabilities: 0n,
      netAssets: 300_000n,
      available: 250_000n,
      frozen: 50_000n,
      invested: 0n,
      allotted: 0n,
      profit: 0n,
      withdrawable: 250_000n,
    });
  });

  it('counts pending-order holds and IPO escrow as frozen', () => {
    expect(
      computeFrozen({ ...empty, withdrawalHold: 50_000n, orderHold: 10_300n, ipoEscrow: 1_000_000n }),
    ).toBe(1_060_300n);
  });

  it('adds open positions at the feed price to total assets', () => {
    const balances = {
      ...empty,
      cash: 250_000n,
      orderHold: 60_300n,
      margin: 125_000n,
      unrealisedPnl: 1_500n,
    };
    expect(computeTotalAssets(balances)).toBe(436_800n);
    expect(computeTotalAssets({ ...balances, unrealisedPnl: -20_000n })).toBe(415_300n);
  });

  it('keeps a borrower from withdrawing the loan but not their own cash beyond it', () => {
    expect(computeWithdrawable({ ...empty, cash: 250_000n, loanOutstanding: 100_000n })).toBe(150_000n);
    expect(computeWithdrawable({ ...empty, cash: 50_000n, loanOutstanding: 100_000n })).toBe(0n);
    expect(computeNetAssets({ ...empty, cash: 250_000n, loanOutstanding: 100_000n })).toBe(150_000n);
  });

  it('treats a negative cash or hold balance as a broken ledger', () => {
    expect(() => computeAvailable({ ...empty, cash: -1n })).toThrow(InvariantError);
    expect(() => computeFrozen({ ...empty, orderHold: -1n })).toThrow(InvariantError);
    expect(() => computeWithdrawable({ ...empty, loanOutstanding: -1n })).toThrow(InvariantError);
  });

  const balances = fc.record({
    cash: fc.bigInt({ min: 0n, max: 10n ** 15n }),
    withdrawalHold: fc.bigInt({ min: 0n, max: 10n ** 15n }),
    orderHold: fc.bigInt({ min: 0n, max: 10n ** 15n }),
    margin: fc.bigInt({ min: 0n, max: 10n ** 15n }),
    ipoEscrow: fc.bigInt({ min: 0n, max: 10n ** 15n }),
    loanOutstanding: fc.bigInt({ min: 0n, max: 10n ** 15n }),
    unrealisedPnl: fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
  });

  it('makes total assets the sum of available, frozen, invested and profit', () => {
    fc.assert(
      fc.property(balances, (input) => {
        const view = deriveAccountView(input);
        expect(view.totalAssets).toBe(view.available + view.frozen + view.invested + view.profit);
        expect(view.netAssets).toBe(view.totalAssets - input.loanOutstanding);
      }),
    );
  });

  it('never lets a user withdraw more than their cash, nor less than cash beyond the loan', () => {
    fc.assert(
      fc.property(balances, (input) => {
        const withdrawable = computeWithdrawable(input);
        expect(withdrawable >= 0n && withdrawable <= input.cash).toBe(true);
        expect(withdrawable >= input.cash - input.loanOutstanding).toBe(true);
      }),
    );
  });

  it('does not take holds out of the withdrawable amount twice', () => {
    fc.assert(
      fc.property(balances, fc.bigInt({ min: 0n, max: 10n ** 15n }), (input, extraHold) => {
        const withMoreHeld = {
          ...input,
          withdrawalHold: input.withdrawalHold + extraHold,
          orderHold: extraHold,
        };
        expect(computeWithdrawable(withMoreHeld)).toBe(computeWithdrawable(input));
      }),
    );
  });
});

describe('balances from the ledger’s accounts by purpose', () => {
  it('reads a loan owed from loan_payable and counts an account not opened yet as zero', () => {
    const balances = accountBalancesOf(
      new Map([
        ['cash', 250_000n],
        ['loan_payable', -100_000n],
      ]),
    );
    expect(balances).toEqual({
      cash: 250_000n,
      withdrawalHold: 0n,
      orderHold: 0n,
      margin: 0n,
      ipoEscrow: 0n,
      loanOutstanding: 100_000n,
      followAllocation: 0n,
      allottedAwaitingListing: 0n,
      unrealisedPnl: 0n,
    });
    expect(computeWithdrawable(balances)).toBe(150_000n);
  });
});

describe('IPO allotments and loans on the account centre (docs/glossary.md, "What an investor sees")', () => {
  it('counts a paid allotment awaiting listing in invested and total assets at the allotment price', () => {
    // ₹5,00,000.00 in cash pays for 1,000 shares allotted at ₹95.00.
    const paid = allotmentValue(1_000n, 9_500n);
    const before = deriveAccountView({ ...empty, cash: 50_000_000n });
    const after = deriveAccountView({ ...empty, cash: 50_000_000n - paid, allottedAwaitingListing: paid });
    expect(after.allotted).toBe(9_500_000n);
    expect(after.invested).toBe(9_500_000n);
    expect(after.totalAssets).toBe(before.totalAssets);
  });

  it('shows a loan as a liability: total assets grow by the loan, net assets do not', () => {
    const view = deriveAccountView({ ...empty, cash: 3_000_000n, loanOutstanding: 1_000_000n });
    expect(view).toMatchObject({ totalAssets: 3_000_000n, liabilities: 1_000_000n, netAssets: 2_000_000n });
  });

  it('treats a negative allotment as a broken ledger', () => {
    expect(() => computeAllotted({ ...empty, allottedAwaitingListing: -1n })).toThrow(InvariantError);
    expect(() => allotmentValue(-1n, 9_500n)).toThrow(InvariantError);
  });

  const amount = fc.bigInt({ min: 0n, max: 10n ** 12n });
  const state = fc.record({
    cash: fc.bigInt({ min: 0n, max: 10n ** 15n }),
    withdrawalHold: amount,
    orderHold: amount,
    margin: amount,
    ipoEscrow: amount,
    loanOutstanding: amount,
    followAllocation: amount,
    allottedAwaitingListing: amount,
    unrealisedPnl: fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
  });

  /**
   * The ledger events around IPOs and loans, each moving money between the investor's accounts (or
   * the house's, for an allotment awaiting listing) as ADR 0011 and ADR 0013 post them, by at most
   * what the source holds. `keeps` says which figure the event must leave unchanged.
   */
  type Event = {
    name: string;
    keeps: 'totalAssets' | 'netAssets';
    apply: (b: AccountBalances) => AccountBalances;
  };
  const min = (a: bigint, b: bigint) => (a < b ? a : b);
  const event: fc.Arbitrary<Event> = fc.tuple(fc.integer({ min: 0, max: 6 }), amount).map(([kind, x]) => {
    const events: Event[] = [
      {
        name: 'borrow',
        keeps: 'netAssets',
        apply: (b) => ({ ...b, cash: b.cash + x, loanOutstanding: b.loanOutstanding + x }),
      },
      {
        name: 'repay',
        keeps: 'netAssets',
        apply: (b) => {
          const paid = min(x, min(b.cash, b.loanOutstanding));
          return { ...b, cash: b.cash - paid, loanOutstanding: b.loanOutstanding - paid };
        },
      },
      {
        name: 'subscribe (block at application)',
        keeps: 'totalAssets',
        apply: (b) => ({ ...b, cash: b.cash - min(x, b.cash), ipoEscrow: b.ipoEscrow + min(x, b.cash) }),
      },
      {
        name: 'capture the allotment from escrow',
        keeps: 'totalAssets',
        apply: (b) => {
          const won = min(x, b.ipoEscrow);
          return {
            ...b,
            ipoEscrow: b.ipoEscrow - won,
            allottedAwaitingListing: (b.allottedAwaitingListing ?? 0n) + won,
          };
        },
      },
      {
        name: 'release what was not won',
        keeps: 'totalAssets',
        apply: (b) => ({
          ...b,
          ipoEscrow: b.ipoEscrow - min(x, b.ipoEscrow),
          cash: b.cash + min(x, b.ipoEscrow),
        }),
      },
      {
        name: 'pay an allotment after the draw',
        keeps: 'totalAssets',
        apply: (b) => {
          const paid = min(x, b.cash);
          return {
            ...b,
            cash: b.cash - paid,
            allottedAwaitingListing: (b.allottedAwaitingListing ?? 0n) + paid,
          };
        },
      },
      {
        name: 'list: the allotment becomes a holding',
        keeps: 'totalAssets',
        apply: (b) => {
          const listed = b.allottedAwaitingListing ?? 0n;
          return { ...b, allottedAwaitingListing: 0n, margin: b.margin + listed };
        },
      },
    ];
    return events[kind]!;
  });

  it('adds up in every state, and IPO and loan events move only what they must', () => {
    fc.assert(
      fc.property(state, fc.array(event, { maxLength: 20 }), (start, events) => {
        let balances: AccountBalances = start;
        for (const next of [null, ...events]) {
          const before = deriveAccountView(balances);
          if (next) balances = next.apply(balances);
          const view = deriveAccountView(balances);
          // The glossary's definitions, each figure from the function of the same name.
          expect(view.totalAssets).toBe(view.available + view.frozen + view.invested + view.profit);
          expect(view.netAssets).toBe(view.totalAssets - view.liabilities);
          expect(view.liabilities).toBe(computeLiabilities(balances));
          expect(view.allotted <= view.invested).toBe(true);
          expect(view.invested).toBe(computeInvested(balances));
          expect(view.withdrawable <= view.available).toBe(true);
          if (next) expect(view[next.keeps], next.name).toBe(before[next.keeps]);
          // Listing changes neither invested nor total assets: the allotment was already counted.
          if (next?.name.startsWith('list')) expect(view.invested).toBe(before.invested);
        }
      }),
    );
  });
});
