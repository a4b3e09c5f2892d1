import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/http/app.js';
import { RedisConnectionSlots } from '../src/http/connection-slots.js';
import { KITE_CONNECTIONS_PER_APP_MAX } from '../src/http/kite/kite-ticker.js';
import { createInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';
import { createApiApp, liftKiteRateLimits, listen, signedInClient } from './kite-fixtures.js';

/*
 * Kite's limit of 3 ticker connections per API app (docs/adr/0037-kite-ticker-fan-out.md) counted
 * by every server process together: with Redis, two app instances sharing one database and one
 * Redis (as behind a load balancer, here in one test process) count the same slots; without it,
 * one process counts them in memory. Over real HTTP and real WebSockets.
 */

const redisUrl = process.env.REDIS_URL;
const prefix = `nivesh-test:${randomUUID()}:`;
const t = await startTestApp(redisUrl ? { redisUrl, redisChannelPrefix: prefix } : {});
const { origin, root } = await listen(t);
await liftKiteRateLimits(t);
const sockets: WebSocket[] = [];
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  for (const close of closers) await close();
});

type Upgrade = { socket: WebSocket } | { status: number; body: string };

/** Opens a ticker connection at `at`: the open socket, or the refused upgrade's status and body. */
function openTicker(at: string, apiKey: string, accessToken: string): Promise<Upgrade> {
  const socket = new WebSocket(
    `${at.replace('http', 'ws')}/kite/ws?api_key=${apiKey}&access_token=${accessToken}`,
  );
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      sockets.push(socket);
      resolve({ socket });
    });
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    socket.once('error', (error) => {
      if (!('status' in error)) reject(error);
    });
  });
}

function expectRefused(upgrade: Upgrade): void {
  expect('status' in upgrade, 'a connection beyond the limit opened').toBe(true);
  if (!('status' in upgrade)) return;
  expect(upgrade.status).toBe(429);
  expect(JSON.parse(upgrade.body)).toMatchObject({ status: 'error', error_type: 'NetworkException' });
}

async function closeSocket(upgrade: Upgrade): Promise<void> {
  if (!('socket' in upgrade)) throw new Error('not open');
  const closed = new Promise((resolve) => upgrade.socket.once('close', resolve));
  upgrade.socket.close();
  await closed;
}

/** Opens at `at` once a slot is free: a closed connection's slot is given back as its socket ends. */
async function openOnceFree(at: string, apiKey: string, accessToken: string): Promise<WebSocket> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const upgrade = await openTicker(at, apiKey, accessToken);
    if ('socket' in upgrade) return upgrade.socket;
    expectRefused(upgrade);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no slot was given back');
}

async function signedInApp() {
  const investor = await createInvestor(t, { cashPaise: 10_00_000_00n });
  const app = await createApiApp(t, investor);
  const { session } = await signedInClient(origin, root, app, investor);
  return { apiKey: app.apiKey, accessToken: session.access_token as string };
}

describe('3 ticker connections per API app', () => {
  it('refuses a 4th with 429 NetworkException, and a closed connection frees its slot', async () => {
    const { apiKey, accessToken } = await signedInApp();
    const open: Upgrade[] = [];
    for (let n = 0; n < KITE_CONNECTIONS_PER_APP_MAX; n++)
      open.push(await openTicker(origin, apiKey, accessToken));
    for (const upgrade of open) expect('socket' in upgrade).toBe(true);
    expectRefused(await openTicker(origin, apiKey, accessToken));
    // Another app of another investor has slots of its own.
    const another = await signedInApp();
    expect('socket' in (await openTicker(origin, another.apiKey, another.accessToken))).toBe(true);

    await closeSocket(open[0]!);
    await openOnceFree(origin, apiKey, accessToken);
    expectRefused(await openTicker(origin, apiKey, accessToken));
  });
});

describe.skipIf(!redisUrl)('the limit across server processes (Redis)', async () => {
  const other: FastifyInstance = await buildApp({
    db: t.db,
    config: t.config,
    clock: t.clock,
    logger: false,
  });
  await other.listen({ port: 0, host: '127.0.0.1' });
  closers.push(() => other.close());
  const otherOrigin = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;

  it('counts connections on both processes: 3 across them open, a 4th on either is refused', async () => {
    const { apiKey, accessToken } = await signedInApp();
    const first = await openTicker(origin, apiKey, accessToken);
    const second = await openTicker(otherOrigin, apiKey, accessToken);
    const third = await openTicker(otherOrigin, apiKey, accessToken);
    for (const upgrade of [first, second, third]) expect('socket' in upgrade).toBe(true);
    expectRefused(await openTicker(origin, apiKey, accessToken));
    expectRefused(await openTicker(otherOrigin, apiKey, accessToken));

    // Closing one on the other process frees a slot for this one.
    await closeSocket(second);
    await openOnceFree(origin, apiKey, accessToken);
    expectRefused(await openTicker(otherOrigin, apiKey, accessToken));
  });

  it("frees the slots of a process that died once their lease runs out, and renews a live process's", async () => {
    const redis = new Redis(redisUrl!);
    closers.push(() => redis.quit());
    const leaseMs = 300;
    const noop = () => {};
    const live = new RedisConnectionSlots(redis, prefix, noop, leaseMs);
    const dying = new RedisConnectionSlots(redis, prefix, noop, leaseMs);
    const survivor = new RedisConnectionSlots(redis, prefix, noop, leaseMs);
    closers.push(
      () => live.close(),
      () => survivor.close(),
    );
    const key = `lease-test:${randomUUID()}`;
    expect(await live.claim(key, 3)).toBeDefined();
    expect(await dying.claim(key, 3)).toBeDefined();
    expect(await dying.claim(key, 3)).toBeDefined();
    expect(await survivor.claim(key, 3)).toBeUndefined();
    dying.abandon();
    // The dead process's two slots come free; the live one's stays taken, lease after lease.
    let claimed = 0;
    for (let attempt = 0; attempt < 400 && claimed < 2; attempt++) {
      if ((await survivor.claim(key, 3)) !== undefined) claimed += 1;
      else await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(claimed).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 3 * leaseMs));
    expect(await survivor.claim(key, 3)).toBeUndefined();
  });
});
