import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanCrossed, TriggerIndex, type TriggerItem } from './trigger-index.js';

const item = (
  id: number,
  symbol: string,
  direction: TriggerItem['direction'],
  level: bigint,
): TriggerItem => ({
  id: BigInt(id),
  symbol,
  direction,
  levelPaise: level,
});

describe('TriggerIndex', () => {
  it('a falling price fires the long limits at or above it and nothing else', () => {
    const index = new TriggerIndex();
    index.upsert(item(1, 'TCS', 'at_or_below', 10_000n));
    index.upsert(item(2, 'TCS', 'at_or_below', 9_900n));
    index.upsert(item(3, 'TCS', 'at_or_above', 10_500n));
    index.upsert(item(4, 'INFY', 'at_or_below', 20_000n));
    expect(index.takeCrossed('TCS', 9_950n).map((fired) => fired.id)).toEqual([1n]);
    expect(index.size).toBe(3);
    expect(index.takeCrossed('TCS', 10_500n).map((fired) => fired.id)).toEqual([3n]);
    expect(index.takeCrossed('TCS', 9_900n).map((fired) => fired.id)).toEqual([2n]);
    expect(index.size).toBe(1);
  });

  it('fires orders at the same level oldest first', () => {
    const index = new TriggerIndex();
    for (const id of [5, 2, 9]) index.upsert(item(id, 'TCS', 'at_or_above', 10_000n));
    expect(index.takeCrossed('TCS', 10_000n).map((fired) => fired.id)).toEqual([2n, 5n, 9n]);
  });

  it('a cancelled order is removed and never fires; an upsert moves it', () => {
    const index = new TriggerIndex();
    index.upsert(item(1, 'TCS', 'at_or_below', 10_000n));
    index.upsert(item(2, 'TCS', 'at_or_below', 10_000n));
    expect(index.remove(1n)?.id).toBe(1n);
    expect(index.remove(1n)).toBeUndefined();
    index.upsert(item(2, 'TCS', 'at_or_below', 9_000n));
    expect(index.takeCrossed('TCS', 9_500n)).toEqual([]);
    expect(index.takeCrossed('TCS', 9_000n).map((fired) => fired.id)).toEqual([2n]);
  });

  it('fires exactly what a full scan finds, over any sequence of adds, removes and prices', () => {
    const operation = fc.oneof(
      fc.record({
        kind: fc.constant('add' as const),
        id: fc.integer({ min: 1, max: 40 }),
        symbol: fc.constantFrom('A', 'B'),
        direction: fc.constantFrom('at_or_below' as const, 'at_or_above' as const),
        level: fc.bigInt({ min: 1n, max: 30n }),
      }),
      fc.record({ kind: fc.constant('remove' as const), id: fc.integer({ min: 1, max: 40 }) }),
      fc.record({
        kind: fc.constant('price' as const),
        symbol: fc.constantFrom('A', 'B'),
        price: fc.bigInt({ min: 1n, max: 30n }),
      }),
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 120 }), (operations) => {
        const index = new TriggerIndex();
        const model = new Map<bigint, TriggerItem>();
        for (const step of operations) {
          if (step.kind === 'add') {
            const added = item(step.id, step.symbol, step.direction, step.level);
            index.upsert(added);
            model.set(added.id, added);
          } else if (step.kind === 'remove') {
            expect(index.remove(BigInt(step.id))?.id).toBe(model.get(BigInt(step.id))?.id);
            model.delete(BigInt(step.id));
          } else {
            const expected = scanCrossed([...model.values()], step.symbol, step.price).map(
              (found) => found.id,
            );
            const fired = index.takeCrossed(step.symbol, step.price).map((found) => found.id);
            expect([...fired].sort()).toEqual([...expected].sort());
            for (const id of fired) model.delete(id);
          }
          expect(index.size).toBe(model.size);
        }
      }),
      { numRuns: 300 },
    );
  });
});
