import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../src/config.js';
import { createInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';
import { publishPrice } from './trading-helpers.js';

// Small bounds, so that a burst a test can make is already beyond capacity (docs/adr/0030).
const capacity = {
  ...loadConfig({ NODE_ENV: 'test' }).capacity,
  signInConcurrency: 1,
  signInsInFlightMax: 1,
  signInQueueMax: 2,
  signInWaitMsMax: 30_000,
  readsInFlightMax: 4,
  eventLoopDelayMsMax: 0,
  orderWaitMsMax: 300,
};
const t = await startTestApp({ capacity });
await t.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/vue`;
publishPrice(t, 'RELIANCE', 100_000n, { previousClosePaise: 100_000n });

/** One call over real HTTP: status, Retry-After and the envelope. */
async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as {
    status: number;
    code?: string;
    params?: Record<string, unknown>;
  };
  return { http: response.status, retryAfter: response.headers.get('retry-after'), envelope };
}

/**
 * A refusal's Retry-After: the configured seconds, or (when the refusals of the tests before ran
 * into this one's without a second's pause) a doubling of them; the header and the envelope agree.
 */
function expectRetryAfter(answer: Awaited<ReturnType<typeof post>>) {
  const seconds = Number(answer.retryAfter);
  expect([1, 2, 4].map((factor) => factor * capacity.retryAfterSeconds)).toContain(seconds);
  expect(answer.envelope).toMatchObject({
    status: 0,
    code: 'SERVER_BUSY',
    params: { retryAfterSeconds: seconds },
  });
}

describe('overload is answered, not queued without end', () => {
  it('a flood of sign-ins gets 429 with Retry-After beyond the queue, while an order still fills', async () => {
    const trader = await createInvestor(t, { cashPaise: 10_000_000n });
    const crowd = await Promise.all(Array.from({ length: 3 }, () => createInvestor(t)));
    const signIns = Array.from({ length: 15 }, (_, index) =>
      post('user/login', { account: crowd[index % crowd.length]!.phone, password: 'Secret123' }),
    );
    const order = post(
      'trade/open',
      { symbol: 'RELIANCE', side: 'long', orderType: 'market', quantity: 1, leverage: 1 },
      trader.headers,
    );
    const [placed, ...answers] = await Promise.all([order, ...signIns]);
    expect(placed.http).toBe(200);
    expect(placed.envelope.status, JSON.stringify(placed.envelope)).toBe(1);
    const refused = answers.filter((answer) => answer.http === 429);
    const served = answers.filter((answer) => answer.http === 200);
    // One running and two waiting are served; every other one is refused at once, never a 5xx.
    expect(served.length).toBeGreaterThanOrEqual(3);
    expect(refused.length).toBeGreaterThan(0);
    expect(served.length + refused.length).toBe(answers.length);
    for (const answer of refused) expectRetryAfter(answer);
    for (const answer of served) expect(answer.envelope.status).toBe(1);
    // Every sign-in served or refused left no argon2id computation running or waiting behind it.
    expect((await admissionNow()).passwordHashing).toEqual({ running: 0, waiting: 0 });
  });

  it('answers the refusal in the caller’s language', async () => {
    const investors = await Promise.all(Array.from({ length: 2 }, () => createInvestor(t)));
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        post(
          'user/login',
          { account: investors[index % 2]!.phone, password: 'Secret123' },
          { 'accept-language': 'hi' },
        ),
      ),
    );
    const refused = answers.find((answer) => answer.http === 429);
    expect(refused?.envelope).toMatchObject({ code: 'SERVER_BUSY' });
    expect((refused?.envelope as { msg?: string } | undefined)?.msg).toContain('सेकंड');
  });
});

/** The admission counts the health reply carries (over real HTTP). */
async function admissionNow() {
  const response = await fetch(`${base.replace('/api/vue', '')}/api/health`);
  return (
    (await response.json()) as {
      admission: {
        oldestOrderMs: number;
        inFlight: { order: number };
        passwordHashing: { running: number; waiting: number };
      };
    }
  ).admission;
}

const marketOrder = { symbol: 'RELIANCE', side: 'long', orderType: 'market', quantity: 1, leverage: 1 };

describe('an order that would wait is refused at once', () => {
  it('refuses orders with 429 and Retry-After while the oldest order waits past the bound, and admits them again once it is done', async () => {
    const trader = await createInvestor(t, { cashPaise: 10_000_000n });
    const other = await createInvestor(t);
    const positionsOf = async (userId: bigint) =>
      (await t.db.selectFrom('positions').select('id').where('user_id', '=', userId).execute()).map((row) =>
        String(row.id),
      );

    // A transaction holding the positions table makes the first order wait: the queue a slow
    // database makes.
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = t.db.transaction().execute(async (trx) => {
      await sql`LOCK TABLE positions IN EXCLUSIVE MODE`.execute(trx);
      locked();
      await released;
    });
    await isLocked;
    const first = post('trade/open', marketOrder, {
      ...trader.headers,
      'idempotency-key': 'wait-bound-first-0001',
    });
    // Wait (without asserting any time) until the admitted order has waited past the bound.
    for (;;) {
      const admission = await admissionNow();
      if (admission.inFlight.order === 1 && admission.oldestOrderMs > capacity.orderWaitMsMax) break;
      await sleep(50);
    }
    const secondKey = { ...trader.headers, 'idempotency-key': 'wait-bound-second-0001' };
    const refused = await post('trade/open', marketOrder, secondKey);
    expect(refused.http).toBe(429);
    expectRetryAfter(refused);
    // Orders keep priority: while they are late, a sign-in is refused too, rather than taking the CPU.
    const signIn = await post('user/login', { account: other.phone, password: 'Secret123' });
    expect(signIn.http).toBe(429);
    expectRetryAfter(signIn);

    release();
    await holder;
    const acknowledged = await first;
    expect(acknowledged.http).toBe(200);
    expect(acknowledged.envelope.status, JSON.stringify(acknowledged.envelope)).toBe(1);
    // The queue drained: the refused order, sent again with its Idempotency-Key, is admitted and fills.
    const retried = await post('trade/open', marketOrder, secondKey);
    expect(retried.http).toBe(200);
    expect(retried.envelope.status, JSON.stringify(retried.envelope)).toBe(1);
    // Both acknowledged orders are in the book, and the refused attempt left nothing of its own.
    const ids = [acknowledged, retried].map((answer) =>
      String((answer.envelope as { data?: { id?: unknown } }).data?.id),
    );
    expect((await positionsOf(trader.id)).sort()).toEqual([...ids].sort());
    expect((await admissionNow()).inFlight.order).toBe(0);
  });
});

/** A WebSocket to the app's stream over real HTTP, once open (an upgrade refused rejects). */
function openStream(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('open WebSockets do not hold read slots', () => {
  it('more WebSockets than the read bound stay open, and reads are still served', async () => {
    const sockets: WebSocket[] = [];
    try {
      // One after another: each upgrade is a read only while it is checked.
      for (let k = 0; k < capacity.readsInFlightMax + 3; k++) sockets.push(await openStream());
      expect(sockets.every((socket) => socket.readyState === WebSocket.OPEN)).toBe(true);
      const read = await post('market/lastPrices', { symbols: ['RELIANCE'] });
      expect(read.http).toBe(200);
      expect(read.envelope.status, JSON.stringify(read.envelope)).toBe(1);
    } finally {
      for (const socket of sockets) socket.terminate();
    }
  });
});
