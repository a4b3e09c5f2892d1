import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DrawRandom,
  differingAllotments,
  runDraw,
  seedCommitment,
  seedMatchesCommitment,
} from './ipo-draw.js';
import { settleBlockedAllotment, sharesAmountPaise } from './ipo-rules.js';

const entry = (id: number, lots: number) => ({ subscriptionId: String(id), lots });

describe('the seed commitment', () => {
  it('is the hex SHA-256 of the seed, and only the committed seed matches it', () => {
    const commitment = seedCommitment('nivesh-ipo-seed-1');
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(seedMatchesCommitment('nivesh-ipo-seed-1', commitment)).toBe(true);
    expect(seedMatchesCommitment('nivesh-ipo-seed-1', commitment.toUpperCase())).toBe(true);
    expect(seedMatchesCommitment('nivesh-ipo-seed-2', commitment)).toBe(false);
  });
});

describe('the random stream', () => {
  it('is the same for the same seed and differs for another', () => {
    const a = new DrawRandom('seed');
    const b = new DrawRandom('seed');
    const c = new DrawRandom('other');
    const first = [a.next48(), a.next48(), a.next48()];
    expect([b.next48(), b.next48(), b.next48()]).toEqual(first);
    expect(c.next48()).not.toBe(first[0]);
  });

  it('draws below n, spread over every value', () => {
    const random = new DrawRandom('spread');
    const counts = [0, 0, 0];
    for (let i = 0; i < 3_000; i++) counts[random.below(3)]! += 1;
    for (const count of counts) expect(count).toBeGreaterThan(900);
  });
});

describe('the draw', () => {
  it('allots everyone fully when the issue is undersubscribed, without randomness', () => {
    const result = runDraw({ seed: 'any', offeredLots: 10, entries: [entry(2, 3), entry(1, 4)] });
    expect(result.undersubscribed).toBe(true);
    expect(result.allotments).toEqual([
      { subscriptionId: '1', lots: 4, wonLots: 4 },
      { subscriptionId: '2', lots: 3, wonLots: 3 },
    ]);
    expect(result.allottedLots).toBe(7);
  });

  it('orders entries by id as numbers, not as text', () => {
    const result = runDraw({ seed: 's', offeredLots: 100, entries: [entry(10, 1), entry(9, 1)] });
    expect(result.allotments.map((allotment) => allotment.subscriptionId)).toEqual(['9', '10']);
  });

  it('gives out exactly the offered lots when oversubscribed, and the entry order does not matter', () => {
    const entries = [entry(1, 5), entry(2, 1), entry(3, 10), entry(4, 2)];
    const result = runDraw({ seed: 'fixed seed', offeredLots: 6, entries });
    expect(result.undersubscribed).toBe(false);
    expect(result.allotments.reduce((sum, allotment) => sum + allotment.wonLots, 0)).toBe(6);
    const shuffled = runDraw({ seed: 'fixed seed', offeredLots: 6, entries: [...entries].reverse() });
    expect(shuffled).toEqual(result);
  });

  it('refuses a repeated subscription and an entry without a lot', () => {
    expect(() => runDraw({ seed: 's', offeredLots: 1, entries: [entry(1, 1), entry(1, 2)] })).toThrow();
    expect(() => runDraw({ seed: 's', offeredLots: 1, entries: [entry(1, 0)] })).toThrow();
  });

  it('a published allotment that differs from the replay is caught', () => {
    const result = runDraw({ seed: 'x', offeredLots: 2, entries: [entry(1, 2), entry(2, 2)] });
    const published = new Map(
      result.allotments.map((allotment) => [allotment.subscriptionId, allotment.wonLots]),
    );
    expect(differingAllotments(result.allotments, published)).toEqual([]);
    published.set('1', 99);
    published.set('7', 1);
    expect(differingAllotments(result.allotments, published)).toEqual(['1', '7']);
  });

  it('gives each lot the same chance (a 1-lot and a 3-lot entry for 1 lot: about 1 in 4)', () => {
    let firstWins = 0;
    for (let i = 0; i < 2_000; i++) {
      const result = runDraw({ seed: `trial-${i}`, offeredLots: 1, entries: [entry(1, 1), entry(2, 3)] });
      firstWins += result.allotments[0]!.wonLots;
    }
    expect(firstWins).toBeGreaterThan(400);
    expect(firstWins).toBeLessThan(600);
  });
});

const entriesArbitrary = fc
  .uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 0, maxLength: 25 })
  .chain((ids) =>
    fc.tuple(...ids.map((id) => fc.integer({ min: 1, max: 40 }).map((lots) => entry(id, lots)))),
  );

describe('draw properties (fast-check)', () => {
  it('is deterministic, never allots more than offered or asked, and allots everyone when undersubscribed', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.integer({ min: 0, max: 300 }),
        entriesArbitrary,
        (seed, offeredLots, entries) => {
          const result = runDraw({ seed, offeredLots, entries });
          expect(runDraw({ seed, offeredLots, entries: [...entries].reverse() })).toEqual(result);
          const won = result.allotments.reduce((sum, allotment) => sum + allotment.wonLots, 0);
          const asked = entries.reduce((sum, item) => sum + item.lots, 0);
          expect(won).toBeLessThanOrEqual(offeredLots);
          expect(won).toBe(Math.min(offeredLots, asked));
          for (const allotment of result.allotments) {
            expect(allotment.wonLots).toBeGreaterThanOrEqual(0);
            expect(allotment.wonLots).toBeLessThanOrEqual(allotment.lots);
            if (asked <= offeredLots) expect(allotment.wonLots).toBe(allotment.lots);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('every hold is captured for the won lots and the rest released: captured + released == held', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.integer({ min: 0, max: 200 }),
        entriesArbitrary,
        fc.integer({ min: 1, max: 5_000 }),
        fc.bigInt({ min: 5n, max: 500_000n }),
        fc.bigInt({ min: 0n, max: 100_000n }),
        (seed, offeredLots, entries, lotSize, provisionalPaise, discountPaise) => {
          const finalPaise = provisionalPaise - (discountPaise % provisionalPaise);
          const result = runDraw({ seed, offeredLots, entries });
          let totalCaptured = 0n;
          for (const allotment of result.allotments) {
            const heldPaise = sharesAmountPaise(allotment.lots * lotSize, provisionalPaise);
            const settled = settleBlockedAllotment({
              heldPaise,
              allottedShares: allotment.wonLots * lotSize,
              finalPricePaise: finalPaise,
            });
            expect(settled.capturePaise + settled.releasePaise).toBe(heldPaise);
            expect(settled.releasePaise >= 0n).toBe(true);
            if (allotment.wonLots === 0) expect(settled.releasePaise).toBe(heldPaise);
            totalCaptured += settled.capturePaise;
          }
          expect(totalCaptured).toBe(BigInt(result.allottedLots * lotSize) * finalPaise);
        },
      ),
      { numRuns: 200 },
    );
  });
});
