import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';
import { balancesOf, publishPrice } from './trading-helpers.js';

const t = await startTestApp();
publishPrice(t, 'RELIANCE', 100_000n, { previousClosePaise: 100_000n });

describe('concurrent orders', () => {
  it('20 orders at once with cash for 10: exactly 10 succeed and no balance goes below zero', async () => {
    // One share at ₹1,000.00 unlevered (CNC) costs margin ₹1,000.00 + charges ₹1.19 (STT ₹1,
    // exchange 0.03, stamp 0.15, GST 0.01; docs/adr/0020).
    const investor = await createInvestor(t, { cashPaise: 10n * 100_119n });
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call(
          'trade/open',
          { symbol: 'RELIANCE', side: 'long', orderType: 'market', quantity: 1, leverage: 1 },
          investor.headers,
        ),
      ),
    );
    const succeeded = replies.filter((reply) => reply.body.status === 1);
    expect(succeeded).toHaveLength(10);
    expect(replies.filter((reply) => reply.body.code === 'FUNDS_INSUFFICIENT')).toHaveLength(10);
    expect(await balancesOf(t, investor.id)).toMatchObject({ cash: 0n, margin: 1_000_000n });
    const positions = await t.db
      .selectFrom('positions')
      .select(sql<string>`count(*)`.as('n'))
      .where('user_id', '=', investor.id)
      .executeTakeFirstOrThrow();
    expect(Number(positions.n)).toBe(10);
    const negative = await t.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('owner_type', '=', 'user')
      .where('purpose', '!=', 'loan_payable')
      .where('balance_minor', '<', 0n)
      .execute();
    expect(negative).toEqual([]);

    // Five closes of one position at once: one closes it, the others are told not to repeat it.
    const id = succeeded[0]!.body.data.id;
    const closes = await Promise.all(
      Array.from({ length: 5 }, () => t.call('trade/close', { id }, investor.headers)),
    );
    expect(closes.filter((reply) => reply.body.status === 1)).toHaveLength(1);
    expect(closes.filter((reply) => reply.body.code === 'REPEATED_OPERATION')).toHaveLength(4);
    const entries = await t.db
      .selectFrom('journal_entries')
      .select('id')
      .where('entry_key', '=', `position:${id}:close`)
      .execute();
    expect(entries).toHaveLength(1);
  });
});
