import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { SessionCache } from '../src/application/session-cache.js';
import { buildApp } from '../src/http/app.js';
import { createInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';

const t = await startTestApp();

/** Calls getUserinfo until it is refused with `code` or a second has passed; answers the last code. */
async function codeWithinASecond(app: FastifyInstance, headers: Record<string, string>, code: string) {
  const deadline = Date.now() + 1_000;
  for (;;) {
    const reply = await app.inject({
      method: 'POST',
      url: '/api/vue/user/getUserinfo',
      payload: {},
      headers,
    });
    const answered = (reply.json() as { code?: string }).code ?? 'none';
    if (answered === code || Date.now() >= deadline) return answered;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the session cache (docs/adr/0030)', () => {
  it('refuses a session revoked by another writer within a second, from the database notice alone', async () => {
    const investor = await createInvestor(t);
    // Warm the cache: the second call is answered from it.
    for (let call = 0; call < 2; call++)
      expect((await t.call('user/getUserinfo', {}, investor.headers)).http).toBe(200);
    // Another process signs the investor out: a write this process never announces itself.
    await sql`UPDATE sessions SET revoked_at = now(), revoked_reason = 'elsewhere' WHERE user_id = ${investor.id}`.execute(
      t.db,
    );
    expect(await codeWithinASecond(t.app, investor.headers, 'UNAUTHORIZED')).toBe('UNAUTHORIZED');
  });

  it('refuses a flag set by another writer within a second', async () => {
    const investor = await createInvestor(t);
    for (let call = 0; call < 2; call++)
      expect((await t.call('user/getUserinfo', {}, investor.headers)).http).toBe(200);
    await sql`INSERT INTO user_flags (user_id, flag, reason, set_by, set_at) VALUES (${investor.id}, 'disabled', 'test', 'test', now())`.execute(
      t.db,
    );
    expect(await codeWithinASecond(t.app, investor.headers, 'ACCOUNT_DISABLED')).toBe('ACCOUNT_DISABLED');
  });

  it('a log-out through one server is refused by another serving the same database', async () => {
    const other = await buildApp({
      db: t.db,
      config: t.config,
      clock: t.clock,
      logger: false,
      listen: undefined,
    });
    afterAll(() => other.close());
    const investor = await createInvestor(t);
    const call = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/vue/user/getUserinfo',
        payload: {},
        headers: investor.headers,
      });
    expect((await call(t.app)).statusCode).toBe(200);
    expect((await call(other)).statusCode).toBe(200);
    expect((await t.call('user/logout', {}, investor.headers)).http).toBe(200);
    expect((await call(other)).statusCode).toBe(401);
    expect((await call(t.app)).statusCode).toBe(401);
  });
});

describe('SessionCache', () => {
  const load =
    (value: string, userId = 1n) =>
    async () => ({ value, userId });

  it('keeps nothing while change notices are not arriving, and forgets an investor on a notice', async () => {
    const cache = new SessionCache<string>({ maxAgeMs: 30_000, maxEntries: 10 });
    await cache.read('token-a', 0, load('first'));
    expect(cache.size).toBe(0);
    cache.setListening(true);
    await cache.read('token-a', 0, load('first'));
    expect(await cache.read('token-a', 1, load('second'))).toBe('first');
    cache.forgetUser(1n);
    expect(await cache.read('token-a', 2, load('third'))).toBe('third');
    // A lost listening connection empties it and stops it serving.
    cache.setListening(false);
    expect(await cache.read('token-a', 3, load('fourth'))).toBe('fourth');
    cache.close();
  });

  it('does not keep a read that was in flight when a change arrived, and ages entries out', async () => {
    const cache = new SessionCache<string>({ maxAgeMs: 1_000, maxEntries: 10 });
    cache.setListening(true);
    const reading = cache.read('token-b', 0, async () => {
      cache.forgetUser(2n);
      return { value: 'before the change', userId: 2n };
    });
    expect(await reading).toBe('before the change');
    expect(await cache.read('token-b', 0, load('after', 2n))).toBe('after');
    expect(await cache.read('token-b', 999, load('not read', 2n))).toBe('after');
    expect(await cache.read('token-b', 1_000, load('read again', 2n))).toBe('read again');
    cache.close();
  });
});
