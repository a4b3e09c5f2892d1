import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeOpeningCosts, settleClose } from './settlement.js';
import { computeStopOutPrice, stopOutReached } from './stop-out.js';

describe('opening and closing a position', () => {
  it('a long bought at ₹100.00 and sold at ₹101.50 returns margin + P&L − fee − tax', () => {
    expect(computeOpeningCosts(10_000n, 10, 1, 3n)).toEqual({
      notionalPaise: 100_000n,
      marginPaise: 100_000n,
      feePaise: 30n,
    });
    const settled = settleClose({
      side: 'long',
      entryPricePaise: 10_000n,
      exitPricePaise: 10_150n,
      quantity: 10,
      marginPaise: 100_000n,
      feeBps: 3n,
      taxBps: 10n,
    });
    expect(settled).toEqual({
      pnlPaise: 1_500n,
      userPnlPaise: 1_500n,
      feePaise: 30n,
      taxPaise: 102n,
      payoutPaise: 101_368n,
      houseAbsorbedPaise: 0n,
      counterpartyPaise: -1_500n,
    });
  });

  it('a short pays tax on its opening sale', () => {
    const settled = settleClose({
      side: 'short',
      entryPricePaise: 10_000n,
      exitPricePaise: 9_000n,
      quantity: 10,
      marginPaise: 20_000n,
      feeBps: 3n,
      taxBps: 10n,
    });
    expect(settled.pnlPaise).toBe(10_000n);
    expect(settled.taxPaise).toBe(100n);
    expect(settled.feePaise).toBe(27n);
  });

  it('the house absorbs a loss beyond the margin and the fee and tax it can no longer pay', () => {
    const settled = settleClose({
      side: 'long',
      entryPricePaise: 10_000n,
      exitPricePaise: 4_000n,
      quantity: 10,
      marginPaise: 20_000n,
      feeBps: 3n,
      taxBps: 10n,
    });
    expect(settled.userPnlPaise).toBe(-20_000n);
    expect(settled.payoutPaise).toBe(0n);
    expect(settled.houseAbsorbedPaise).toBe(40_000n + settled.feePaise + settled.taxPaise);
  });

  it('every close balances, never pays out below zero and never takes more than the margin', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('long' as const, 'short' as const),
        fc.bigInt({ min: 1n, max: 10n ** 7n }),
        fc.bigInt({ min: 1n, max: 10n ** 7n }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.constantFrom(1, 2, 3, 5, 10),
        fc.bigInt({ min: 0n, max: 100n }),
        fc.bigInt({ min: 0n, max: 100n }),
        (side, entry, exit, quantity, leverage, feeBps, taxBps) => {
          const { marginPaise } = computeOpeningCosts(entry, quantity, leverage, feeBps);
          const s = settleClose({
            side,
            entryPricePaise: entry,
            exitPricePaise: exit,
            quantity,
            marginPaise,
            feeBps,
            taxBps,
          });
          expect(
            -marginPaise +
              s.payoutPaise +
              s.feePaise +
              s.taxPaise +
              s.counterpartyPaise -
              s.houseAbsorbedPaise,
          ).toBe(0n);
          expect(s.payoutPaise >= 0n && s.houseAbsorbedPaise >= 0n).toBe(true);
          expect(s.payoutPaise - marginPaise >= -marginPaise).toBe(true);
          if (s.houseAbsorbedPaise === 0n) {
            expect(s.payoutPaise).toBe(marginPaise + s.pnlPaise - s.feePaise - s.taxPaise);
          }
        },
      ),
    );
  });
});

describe('computeStopOutPrice', () => {
  it('a long of 10 at ₹100.00 with ₹500.00 margin stops out at ₹60.00', () => {
    expect(computeStopOutPrice('long', 10_000n, 10, 50_000n, 8000n)).toBe(6_000n);
    expect(computeStopOutPrice('short', 10_000n, 10, 50_000n, 8000n)).toBe(14_000n);
  });

  it('is the first price at which stopOutReached holds, for longs and shorts', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('long' as const, 'short' as const),
        fc.bigInt({ min: 100n, max: 10n ** 7n }),
        fc.integer({ min: 1, max: 1000 }),
        fc.bigInt({ min: 1n, max: 10n ** 8n }),
        fc.bigInt({ min: 1n, max: 10_000n }),
        (side, entry, quantity, margin, bps) => {
          const stop = computeStopOutPrice(side, entry, quantity, margin, bps);
          const lossAt = (price: bigint) =>
            (side === 'long' ? entry - price : price - entry) * BigInt(quantity);
          const inward = side === 'long' ? stop + 1n : stop - 1n;
          expect(stopOutReached(lossAt(stop), margin, bps)).toBe(true);
          expect(stopOutReached(lossAt(inward), margin, bps)).toBe(false);
        },
      ),
    );
  });
});
