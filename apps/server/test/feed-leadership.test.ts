import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { competeForFeed, FEED_LOCK_KEY } from '../src/market/feed-leadership.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const quietLog = { info: () => {}, error: () => {} } as unknown as Parameters<
  typeof competeForFeed
>[0]['log'];

/*
 * Advisory locks only mean something on PostgreSQL (PGlite is one session): skipped without
 * TEST_DATABASE_URL. The lock key is the real one, so this file must not run beside a server that
 * feeds from the same PostgreSQL; a test server never takes it (tests start no market this way).
 */
describe.skipIf(!databaseUrl)('one process feeds the market', () => {
  it('lets exactly one of two processes lead, and the other take over when the leader stops', async () => {
    const leading: string[] = [];
    const contender = (name: string) =>
      competeForFeed({
        databaseUrl: databaseUrl!,
        log: quietLog,
        retryMs: 20,
        lead: async () => void leading.push(name),
        yieldLead: async () => {
          leading.splice(leading.indexOf(name), 1);
        },
      });
    const first = contender('first');
    await expect.poll(() => leading).toEqual(['first']);
    const second = contender('second');
    // The second keeps trying while the first holds the lock.
    const probe = new pg.Client({ connectionString: databaseUrl });
    await probe.connect();
    const held = await probe.query(
      'SELECT count(*)::int AS n FROM pg_locks WHERE locktype = $1 AND granted AND objid::bigint = $2::bigint % 4294967296',
      ['advisory', String(FEED_LOCK_KEY)],
    );
    expect(held.rows[0].n).toBe(1);
    expect(second.isLeader).toBe(false);

    await first.stop();
    await expect.poll(() => leading, { timeout: 5_000 }).toEqual(['second']);
    expect(second.isLeader).toBe(true);
    await second.stop();
    expect(leading).toEqual([]);
    await probe.end();
  });
});
