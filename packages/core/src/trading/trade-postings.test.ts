import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findImbalance } from '../ledger/entry.js';
import { type ChargeLines, computeLegCharges, DEFAULT_CHARGE_SCHEDULE, NO_CHARGES } from './charges.js';
import { PRODUCTS, type Product } from './product.js';
import { computeOpeningCosts, settleClose } from './settlement.js';
import {
  chargePostings,
  closingPostings,
  computeOpeningTerms,
  holdAdjustmentPostings,
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
  charges: { brokerage: 10n, stt: 11n, exchange: 12n, sebi: 13n, stamp: 14n, gst: 15n, dp: 16n },
  houseCounterparty: 6n,
  houseAbsorbed: 7n,
};

const lines = (parts: Partial<ChargeLines>): ChargeLines => {
  const all = { ...NO_CHARGES, ...parts };
  const { totalPaise: _, dpGstPaise: __, ...summed } = all;
  return { ...all, totalPaise: Object.values(summed).reduce((a, b) => a + b, 0n) };
};
const openingCharges = lines({ exchangePaise: 15n, sebiPaise: 1n, stampPaise: 8n, gstPaise: 6n });
const costsOf = (
  side: 'long' | 'short',
  product: Product,
  pricePaise: bigint,
  quantity: number,
  leverage: number,
) => computeOpeningCosts({ side, product, pricePaise, quantity, leverage }, DEFAULT_CHARGE_SCHEDULE);

const amounts = (postings: { accountId: string | bigint; amountMinor: bigint }[]) =>
  Object.fromEntries(postings.map((posting) => [String(posting.accountId), posting.amountMinor]));

describe('the postings of a trade', () => {
  it('a fill at placement takes margin and charges from cash, each line to its house account', () => {
    expect(
      amounts(openingPostings(accounts, { marginPaise: 50_000n, charges: openingCharges }, 'INR')),
    ).toEqual({
      '1': -50_030n,
      '3': 50_000n,
      '12': 15n,
      '13': 1n,
      '14': 8n,
      '15': 6n,
    });
  });

  it('the DP charge is the broker’s and its GST goes with the other GST', () => {
    const charges = lines({
      sttPaise: 15_200n,
      exchangePaise: 451n,
      sebiPaise: 15n,
      gstPaise: 84n,
      dpPaise: 1_534n,
      dpGstPaise: 234n,
    });
    expect(amounts(chargePostings(accounts.charges, charges, 'INR'))).toEqual({
      '11': 15_200n,
      '12': 451n,
      '13': 15n,
      '15': 318n,
      '16': 1_300n,
    });
  });

  it('a pending order holds its margin and fee, and a cancel gives the hold back', () => {
    expect(amounts(holdPostings(accounts, 50_030n, 'INR'))).toEqual({ '1': -50_030n, '2': 50_030n });
    expect(amounts(holdReleasePostings(accounts, 50_030n, 'INR'))).toEqual({ '2': -50_030n, '1': 50_030n });
    expect(holdReleasePostings(accounts, 0n, 'INR')).toEqual([]);
  });

  it('a modified pending order moves only the difference of its hold', () => {
    expect(amounts(holdAdjustmentPostings(accounts, 50_030n, 75_045n, 'INR'))).toEqual({
      '1': -25_015n,
      '2': 25_015n,
    });
    expect(amounts(holdAdjustmentPostings(accounts, 75_045n, 50_030n, 'INR'))).toEqual({
      '1': 25_015n,
      '2': -25_015n,
    });
    expect(holdAdjustmentPostings(accounts, 50_030n, 50_030n, 'INR')).toEqual([]);
  });

  it('a fill below the limit returns the difference of the hold to cash', () => {
    expect(
      amounts(
        pendingFillPostings(accounts, 50_030n, { marginPaise: 49_500n, charges: openingCharges }, 'INR'),
      ),
    ).toEqual({ '2': -50_030n, '1': 500n, '3': 49_500n, '12': 15n, '13': 1n, '14': 8n, '15': 6n });
  });

  it('a close pays out to cash and each charge goes to its house account', () => {
    const settled = settleClose({
      side: 'long',
      entryPricePaise: 10_000n,
      exitPricePaise: 10_150n,
      quantity: 10,
      marginPaise: 100_000n,
      charges: computeLegCharges(
        {
          product: 'CNC',
          positionSide: 'long',
          leg: 'close',
          pricePaise: 10_150n,
          quantity: 10,
          isDpCharged: true,
        },
        DEFAULT_CHARGE_SCHEDULE,
      ),
    });
    expect(amounts(closingPostings(accounts, 100_000n, settled, 'INR'))).toEqual({
      '3': -100_000n,
      '1': 99_862n,
      '11': 100n,
      '12': 3n,
      '15': 235n,
      '16': 1_300n,
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
  const product = fc.constantFrom(...PRODUCTS);
  const side = fc.constantFrom('long' as const, 'short' as const);
  const balanced = (postings: ReturnType<typeof openingPostings>) =>
    postings.length === 0 || findImbalance({ key: 'k', kind: 'trade', postings }) === null;

  it('open, hold, fill and cancel', () => {
    fc.assert(
      fc.property(price, price, quantity, leverage, side, product, (placed, filled, shares, lever, s, p) => {
        const held = costsOf(s, p, placed, shares, lever);
        const heldPaise = held.marginPaise + held.feePaise;
        const costs = costsOf(s, p, filled, shares, lever);
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
        side,
        product,
        price,
        price,
        quantity,
        leverage,
        fc.boolean(),
        (s, p, entry, exit, shares, lever, isDpCharged) => {
          const marginPaise = costsOf(s, p, entry, shares, lever).marginPaise;
          const settled = settleClose({
            side: s,
            entryPricePaise: entry,
            exitPricePaise: exit,
            quantity: shares,
            marginPaise,
            charges: computeLegCharges(
              { product: p, positionSide: s, leg: 'close', pricePaise: exit, quantity: shares, isDpCharged },
              DEFAULT_CHARGE_SCHEDULE,
            ),
          });
          expect(balanced(closingPostings(accounts, marginPaise, settled, 'INR'))).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
