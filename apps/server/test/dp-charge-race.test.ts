import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { pgErrorCode } from '../src/db/errors.js';
import { createInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';
import { publishPrice } from './trading-helpers.js';

/*
 * The DP charge is once per user, scrip and IST day, held by the schema (migration 0029,
 * docs/adr/0020-charges-schedule-and-postings.md): two delivery sales of one scrip written at the
 * same instant that both carry the charge cannot both pay it, whatever account locks they take
 * (an own position and a copy-trading mirror share none). Each sale here is its own transaction
 * writing its closing charge lines through insert_trade_charges, as close_holding does; on
 * PostgreSQL the two run on two connections at once, on PGlite one after the other.
 */

const t = await startTestApp();

/** Opens a delivery holding of RELIANCE at ₹1,430.10 and answers its id. */
async function deliveryHolding(headers: Record<string, string>): Promise<bigint> {
  publishPrice(t, 'RELIANCE', 143_010n);
  const opened = await t.call(
    'trade/open',
    { symbol: 'RELIANCE', side: 'long', orderType: 'market', quantity: 10, leverage: 1, product: 'CNC' },
    headers,
  );
  expect(opened.body.status, JSON.stringify(opened.body)).toBe(1);
  return BigInt(opened.body.data.id);
}

/**
 * Writes a closing (sell) leg carrying the day's DP charge (₹15.34) for the holding, in its own
 * transaction, from its opening row's figures: what close_holding hands insert_trade_charges.
 */
const sellWithDpCharge = (positionId: bigint) =>
  t.db.transaction().execute((trx) =>
    sql`SELECT insert_trade_charges(p, 'close',
          to_jsonb(c) || jsonb_build_object('side', 'sell', 'dp_paise', 1534, 'total_paise', c.total_paise + 1534),
          c.journal_entry_id)
        FROM positions p JOIN trade_charges c ON c.position_id = p.id AND c.leg = 'open'
       WHERE p.id = ${positionId}`.execute(trx),
  );

describe('the DP charge race', () => {
  it('two sales of one scrip on one day at once: exactly one pays the DP charge, the other is told 40001', async () => {
    const investor = await createInvestor(t, { cashPaise: 100_000_000n });
    const first = await deliveryHolding(investor.headers);
    const second = await deliveryHolding(investor.headers);

    const outcomes = await Promise.allSettled([sellWithDpCharge(first), sellWithDpCharge(second)]);
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const error = (refused[0] as PromiseRejectedResult).reason;
    expect(pgErrorCode(error)).toBe('40001');
    expect(String(error.message)).toContain('DP charge');

    const paid = await t.db
      .selectFrom('trade_charges')
      .select(['position_id', 'dp_paise'])
      .where('user_id', '=', investor.id)
      .where('dp_paise', '>', 0n)
      .execute();
    expect(paid).toHaveLength(1);
    const days = await t.db
      .selectFrom('dp_charge_days')
      .selectAll()
      .where('user_id', '=', investor.id)
      .execute();
    expect(days).toHaveLength(1);
    expect(days[0]).toMatchObject({ symbol: 'RELIANCE' });
  });

  it('a day already charged stays charged: the row cannot be removed', async () => {
    const investor = await createInvestor(t, { cashPaise: 100_000_000n });
    await sellWithDpCharge(await deliveryHolding(investor.headers));
    await expect(
      t.db.deleteFrom('dp_charge_days').where('user_id', '=', investor.id).execute(),
    ).rejects.toThrow();
    expect(
      await t.db.selectFrom('dp_charge_days').selectAll().where('user_id', '=', investor.id).execute(),
    ).toHaveLength(1);
  });
});
