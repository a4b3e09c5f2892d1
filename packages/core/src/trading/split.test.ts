import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateSaleFifo, apportionByQuantity, splitHolding } from './split.js';

describe('apportioning by quantity', () => {
  it('the sold part gets the floor and the remainder keeps the paisa left over', () => {
    expect(apportionByQuantity(1001n, 40, 100)).toEqual({ partPaise: 400n, restPaise: 601n });
    expect(apportionByQuantity(1n, 1, 3)).toEqual({ partPaise: 0n, restPaise: 1n });
    expect(apportionByQuantity(0n, 1, 2)).toEqual({ partPaise: 0n, restPaise: 0n });
  });

  it('refuses a part that is not less than the whole, or a fractional quantity', () => {
    expect(() => apportionByQuantity(100n, 10, 10)).toThrow();
    expect(() => apportionByQuantity(100n, 2.5, 10)).toThrow();
    expect(() => apportionByQuantity(-1n, 1, 10)).toThrow();
  });

  it('the two parts always sum to the total, each within a paisa of its exact share', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.integer({ min: 2, max: 1_000_000 }),
        fc.nat(),
        (total, whole, pick) => {
          const part = 1 + (pick % (whole - 1));
          const { partPaise, restPaise } = apportionByQuantity(total, part, whole);
          expect(partPaise + restPaise).toBe(total);
          expect(partPaise >= 0n && restPaise >= 0n).toBe(true);
          // partPaise ≤ exact share < partPaise + 1, compared without division.
          expect(partPaise * BigInt(whole) <= total * BigInt(part)).toBe(true);
          expect((partPaise + 1n) * BigInt(whole) > total * BigInt(part)).toBe(true);
        },
      ),
    );
  });
});

describe('splitting a holding', () => {
  it('40 of 100 shares: margin, charges and holds split to the paisa', () => {
    const split = splitHolding(
      { quantity: 100, marginPaise: 50_001n, openFeePaise: 1_001n, heldPaise: 7n },
      40,
    );
    expect(split.sold).toEqual({ quantity: 40, marginPaise: 20_000n, openFeePaise: 400n, heldPaise: 2n });
    expect(split.remainder).toEqual({
      quantity: 60,
      marginPaise: 30_001n,
      openFeePaise: 601n,
      heldPaise: 5n,
    });
  });
});

describe('a sale allocated oldest first', () => {
  const lots = [
    { id: 'c', openedAtMs: 3, quantity: 30 },
    { id: 'a', openedAtMs: 1, quantity: 10 },
    { id: 'b', openedAtMs: 2, quantity: 20 },
  ];

  it('takes whole lots oldest first and part of the last', () => {
    const taken = allocateSaleFifo(lots, 35)!;
    expect(taken.map(({ lot, quantity }) => [lot.id, quantity])).toEqual([
      ['a', 10],
      ['b', 20],
      ['c', 5],
    ]);
  });

  it('a sale of exactly the first lot touches nothing else', () => {
    expect(allocateSaleFifo(lots, 10)!.map(({ lot, quantity }) => [lot.id, quantity])).toEqual([['a', 10]]);
  });

  it('answers null for more than the lots hold', () => {
    expect(allocateSaleFifo(lots, 61)).toBeNull();
    expect(allocateSaleFifo([], 1)).toBeNull();
  });
});
