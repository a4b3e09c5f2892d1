import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeLegCharges, DEFAULT_CHARGE_SCHEDULE } from './charges.js';
import { PRODUCTS, type Product } from './product.js';
import { computeOpeningCosts, settleClose } from './settlement.js';
import { computeStopOutPrice, stopOutReached } from './stop-out.js';

const closingCharges = (
  side: 'long' | 'short',
  product: Product,
  exitPricePaise: bigint,
  quantity: number,
  isDpCharged: boolean,
) =>
  computeLegCharges(
    { product, positionSide: side, leg: 'close', pricePaise: exitPricePaise, quantity, isDpCharged },
    DEFAULT_CHARGE_SCHEDULE,
  );

describe('opening and closing a position', () => {
  it('a CNC long bought at ₹100.00 and sold at ₹101.50 returns margin + P&L − charges', () => {
    expect(
      computeOpeningCosts(
        { side: 'long', product: 'CNC', pricePaise: 10_000n, quantity: 10, leverage: 1 },
        DEFAULT_CHARGE_SCHEDULE,
      ),
    ).toEqual({
      notionalPaise: 100_000n,
      marginPaise: 100_000n,
      // STT ₹1 (₹1.00), exchange 2.97 → 3, SEBI 0.1 → 0, stamp 15, GST 18% of 3 = 0.54 → 1.
      feePaise: 119n,
      charges: {
        brokeragePaise: 0n,
        sttPaise: 100n,
        exchangePaise: 3n,
        sebiPaise: 0n,
        stampPaise: 15n,
        gstPaise: 1n,
        dpPaise: 0n,
        dpGstPaise: 0n,
        totalPaise: 119n,
      },
    });
    const charges = closingCharges('long', 'CNC', 10_150n, 10, true);
    const settled = settleClose({
      side: 'long',
      entryPricePaise: 10_000n,
      exitPricePaise: 10_150n,
      quantity: 10,
      marginPaise: 100_000n,
      charges,
    });
    expect(settled).toEqual({
      pnlPaise: 1_500n,
      userPnlPaise: 1_500n,
      // STT ₹1.015 → ₹1; exchange 3, GST 1, DP 1534: everything but STT is the close fee.
      feePaise: 1_538n,
      taxPaise: 100n,
      charges,
      payoutPaise: 99_862n,
      houseAbsorbedPaise: 0n,
      counterpartyPaise: -1_500n,
    });
  });

  it('an intraday short pays STT on its opening sale and none on the closing buy', () => {
    const opening = computeOpeningCosts(
      { side: 'short', product: 'MIS', pricePaise: 10_000n, quantity: 10, leverage: 5 },
      DEFAULT_CHARGE_SCHEDULE,
    );
    expect(opening.charges.sttPaise).toBe(0n); // 0.025% of ₹1,000 = ₹0.25 → ₹0
    expect(opening.charges.stampPaise).toBe(0n); // stamp duty is on the buy
    const settled = settleClose({
      side: 'short',
      entryPricePaise: 10_000n,
      exitPricePaise: 9_000n,
      quantity: 10,
      marginPaise: 20_000n,
      charges: closingCharges('short', 'MIS', 9_000n, 10, false),
    });
    expect(settled.pnlPaise).toBe(10_000n);
    expect(settled.taxPaise).toBe(0n);
    // Brokerage 0.03% of 90000 = 27; exchange 2.673 → 3; SEBI 0; stamp 0.003% = 2.7 → 3; GST 18% of 30 = 5.4 → 5.
    expect(settled.feePaise).toBe(38n);
  });

  it('the house absorbs a loss beyond the margin and the charges it can no longer pay', () => {
    const settled = settleClose({
      side: 'long',
      entryPricePaise: 10_000n,
      exitPricePaise: 4_000n,
      quantity: 10,
      marginPaise: 20_000n,
      charges: closingCharges('long', 'MTF', 4_000n, 10, true),
    });
    expect(settled.userPnlPaise).toBe(-20_000n);
    expect(settled.payoutPaise).toBe(0n);
    expect(settled.houseAbsorbedPaise).toBe(40_000n + settled.feePaise + settled.taxPaise);
  });

  it('every close balances, never pays out below zero and never takes more than the margin', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('long' as const, 'short' as const),
        fc.constantFrom(...PRODUCTS),
        fc.bigInt({ min: 1n, max: 10n ** 7n }),
        fc.bigInt({ min: 1n, max: 10n ** 7n }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.constantFrom(1, 2, 3, 5, 10),
        fc.boolean(),
        (side, product, entry, exit, quantity, leverage, isDpCharged) => {
          const { marginPaise } = computeOpeningCosts(
            { side, product, pricePaise: entry, quantity, leverage },
            DEFAULT_CHARGE_SCHEDULE,
          );
          const charges = closingCharges(side, product, exit, quantity, isDpCharged);
          const s = settleClose({
            side,
            entryPricePaise: entry,
            exitPricePaise: exit,
            quantity,
            marginPaise,
            charges,
          });
          expect(s.feePaise + s.taxPaise).toBe(charges.totalPaise);
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
