import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reconcileLedger } from '../src/use-cases/ledger/reconcile-ledger.js';
import { createInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';
import { balancesOf, publishPrice, tick } from './trading-helpers.js';

const t = await startTestApp();
publishPrice(t, 'RELIANCE', 100_000n, { previousClosePaise: 100_000n });

const side = fc.constantFrom('long' as const, 'short' as const);
const leverage = fc.constantFrom(1, 2, 5);
const quantity = fc.integer({ min: 1, max: 30 });
/** Limit prices inside the ±10% band, on the tick. */
const limitPrice = fc.integer({ min: 1_800, max: 2_200 }).map((ticks) => ((ticks * 50) / 100).toFixed(2));
const command = fc.oneof(
  fc.record({ kind: fc.constant('market' as const), side, leverage, quantity }),
  fc.record({ kind: fc.constant('limit' as const), side, leverage, quantity, price: limitPrice }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('close' as const), pick: fc.nat() }),
  // Ticks reach past the leverage-5 stop-out levels (₹840.00 and ₹1,160.00 from ₹1,000.00).
  fc.record({
    kind: fc.constant('tick' as const),
    price: fc.integer({ min: 16_000, max: 24_000 }).map((ticks) => BigInt(ticks * 5)),
  }),
);

const LEGAL_CODES = new Set(['FUNDS_INSUFFICIENT', 'REPEATED_OPERATION', 'OPENING_AMOUNT_BELOW_MINIMUM']);

describe('any sequence of opens, closes, cancels and ticks', () => {
  // Generous: the whole suite shares two cores, and each run makes dozens of real API calls.
  it('keeps the ledger balanced and every position in a legal state', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 20 }), async (commands) => {
        const investor = await createInvestor(t, { cashPaise: 5_000_000n });
        const ids: string[] = [];
        await tick(t, 'RELIANCE', 100_000n);
        for (const step of commands) {
          if (step.kind === 'tick') {
            await tick(t, 'RELIANCE', step.price);
            continue;
          }
          let reply: Awaited<ReturnType<typeof t.call>>;
          if (step.kind === 'market' || step.kind === 'limit') {
            reply = await t.call(
              'trade/open',
              {
                symbol: 'RELIANCE',
                side: step.side,
                orderType: step.kind,
                quantity: step.quantity,
                leverage: step.leverage,
                ...(step.kind === 'limit' ? { price: step.price } : {}),
              },
              investor.headers,
            );
            if (reply.body.status === 1) ids.push(reply.body.data.id);
          } else {
            if (ids.length === 0) continue;
            const id = ids[step.pick % ids.length]!;
            reply = await t.call(
              step.kind === 'cancel' ? 'trade/cancel' : 'trade/close',
              { id },
              investor.headers,
            );
          }
          if (reply.body.status !== 1)
            expect(LEGAL_CODES, JSON.stringify(reply.body)).toContain(reply.body.code);
        }
        await t.app.tradingEngine!.idle();

        // Every hold and margin account equals what the investor's positions say it holds.
        const positions = await t.db
          .selectFrom('positions')
          .selectAll()
          .where('user_id', '=', investor.id)
          .execute();
        const held = positions
          .filter((row) => row.state === 'pending')
          .reduce((sum, row) => sum + row.held_paise, 0n);
        const margin = positions
          .filter((row) => row.state === 'holding')
          .reduce((sum, row) => sum + (row.margin_paise ?? 0n), 0n);
        const balances = await balancesOf(t, investor.id);
        expect(balances.order_hold).toBe(held);
        expect(balances.margin).toBe(margin);
        expect(balances.cash! >= 0n).toBe(true);
        for (const row of positions) {
          expect(['pending', 'holding', 'closed', 'cancelled']).toContain(row.state);
          if (row.state === 'closed') expect(row.payout_paise! >= 0n).toBe(true);
        }
        const report = await reconcileLedger(t.db, t.clock.now());
        expect(report.problems).toEqual([]);
      }),
      { numRuns: 10 },
    );
  });
});
