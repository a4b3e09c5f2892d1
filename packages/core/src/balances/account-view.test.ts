import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../invariant.js';
import {
  type AccountBalances,
  accountBalancesOf,
  computeAvailable,
  computeFrozen,
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
      netAssets: 300_000n,
      available: 250_000n,
      frozen: 50_000n,
      invested: 0n,
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
      unrealisedPnl: 0n,
    });
    expect(computeWithdrawable(balances)).toBe(150_000n);
  });
});
