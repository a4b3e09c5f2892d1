import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computePnl } from '../trading/pnl.js';
import { followInvestmentRefusal } from './follow-investment.js';
import { dailyProfitPaise, type ProfitMark, totalProfitPaise } from './follow-profit.js';
import { mirrorQuantity } from './mirror-quantity.js';

const DAY_START = Date.UTC(2026, 10, 22, 18, 30); // 2026-11-23 00:00 IST

describe('the mirror quantity of a follower', () => {
  it('scales the strategy quantity by the follower’s share of the capital, rounded down', () => {
    expect(mirrorQuantity(100, 2_500_000n, 100_000_000n)).toBe(2);
    expect(mirrorQuantity(100, 50_000_000n, 100_000_000n)).toBe(50);
    expect(mirrorQuantity(3, 1_000_000n, 100_000_000n)).toBe(0);
  });

  it('is the largest whole quantity within the pro-rata share (the rest stays as cash)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (strategyQuantity, first, second) => {
          // A follower's amount is at most the capital in practice; the property holds either way.
          const [amountPaise, capitalPaise] = first <= second ? [first, second] : [second, first];
          const quantity = BigInt(mirrorQuantity(strategyQuantity, amountPaise, capitalPaise));
          const scaled = BigInt(strategyQuantity) * amountPaise;
          expect(quantity * capitalPaise <= scaled).toBe(true);
          expect((quantity + 1n) * capitalPaise > scaled).toBe(true);
        },
      ),
    );
  });

  it('gives followers together P&L equal to the strategy’s scaled by their quantities, to the paisa', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'long' | 'short'>('long', 'short'),
        fc.integer({ min: 1, max: 10_000 }),
        fc.bigInt({ min: 5n, max: 10_000_000n }),
        fc.bigInt({ min: 5n, max: 10_000_000n }),
        fc.array(fc.bigInt({ min: 1n, max: 10n ** 9n }), { minLength: 1, maxLength: 6 }),
        (side, strategyQuantity, entryPaise, exitPaise, amounts) => {
          const capitalPaise = amounts.reduce((sum, amount) => sum + amount, 0n) * 2n;
          const quantities = amounts.map((amount) => mirrorQuantity(strategyQuantity, amount, capitalPaise));
          const followerPnls = quantities.map((quantity) =>
            quantity === 0 ? 0n : computePnl(side, entryPaise, exitPaise, quantity),
          );
          const strategyPnl = computePnl(side, entryPaise, exitPaise, strategyQuantity);
          const totalQuantity = BigInt(quantities.reduce((sum, quantity) => sum + quantity, 0));
          const followersPnl = followerPnls.reduce((sum, pnl) => sum + pnl, 0n);
          // Σ follower P&L × strategy quantity = strategy P&L × Σ follower quantity, exactly.
          expect(followersPnl * BigInt(strategyQuantity)).toBe(strategyPnl * totalQuantity);
        },
      ),
    );
  });
});

describe('an investment in a product', () => {
  const product = {
    state: 'in_progress' as const,
    takenDown: false,
    copyUntilMs: 2_000,
    minInvestmentPaise: 500_000n,
  };

  it('goes ahead at or above the minimum before the copy time limit', () => {
    expect(followInvestmentRefusal(product, 500_000n, 1_999)).toBeUndefined();
  });

  it('is refused for a missing, ended or taken-down product, after the limit, or below the minimum', () => {
    expect(followInvestmentRefusal(undefined, 500_000n, 0)?.code).toBe('PRODUCT_NOT_FOUND');
    expect(followInvestmentRefusal({ ...product, state: 'ended' }, 500_000n, 0)?.code).toBe(
      'PRODUCT_NOT_FOUND',
    );
    expect(followInvestmentRefusal({ ...product, takenDown: true }, 500_000n, 0)?.code).toBe(
      'PRODUCT_NOT_FOUND',
    );
    expect(followInvestmentRefusal(product, 500_000n, 2_000)?.code).toBe('COPY_TIME_LIMIT_EXCEEDED');
    expect(followInvestmentRefusal(product, 499_999n, 0)?.code).toBe('BELOW_PRODUCT_MINIMUM');
  });
});

describe('a follower’s profit', () => {
  const marks = new Map<string, ProfitMark>([
    ['RELIANCE', { pricePaise: 10_500n, previousClosePaise: 10_400n }],
  ]);
  const holding = {
    symbol: 'RELIANCE',
    side: 'long' as const,
    quantity: 10,
    entryPricePaise: 10_000n,
    marginPaise: 100_000n,
    openFeePaise: 30n,
  };

  it('counts a holding at the live price less its opening fee', () => {
    expect(totalProfitPaise([{ ...holding, openedAtMs: DAY_START - 1 }], marks)).toBe(5_000n - 30n);
  });

  it('counts a closed position as what came back less what it cost', () => {
    const closed = {
      ...holding,
      openedAtMs: DAY_START + 1,
      closed: {
        exitPricePaise: 11_000n,
        closedAtMs: DAY_START + 2,
        closeFeePaise: 33n,
        taxPaise: 110n,
        payoutPaise: 100_000n + 10_000n - 33n - 110n,
      },
    };
    expect(totalProfitPaise([closed], marks)).toBe(10_000n - 33n - 110n - 30n);
    // Opened and closed today: the day's profit is the whole of it.
    expect(dailyProfitPaise([closed], marks, DAY_START)).toBe(10_000n - 33n - 110n - 30n);
  });

  it('moves a holding from yesterday from the previous close, and ignores what closed before today', () => {
    expect(dailyProfitPaise([{ ...holding, openedAtMs: DAY_START - 1 }], marks, DAY_START)).toBe(1_000n);
    const closedYesterday = {
      ...holding,
      openedAtMs: DAY_START - 10,
      closed: {
        exitPricePaise: 9_000n,
        closedAtMs: DAY_START - 5,
        closeFeePaise: 27n,
        taxPaise: 90n,
        payoutPaise: 89_883n,
      },
    };
    expect(dailyProfitPaise([closedYesterday], marks, DAY_START)).toBe(0n);
  });

  it('a short gains when the price falls', () => {
    const short = { ...holding, side: 'short' as const, openedAtMs: DAY_START + 1 };
    const falling = new Map([['RELIANCE', { pricePaise: 9_500n, previousClosePaise: 10_400n }]]);
    expect(totalProfitPaise([short], falling)).toBe(5_000n - 30n);
    expect(dailyProfitPaise([short], falling, DAY_START)).toBe(5_000n - 30n);
  });
});
