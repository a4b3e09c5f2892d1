import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/http/app.js';
import type { LiveQuote, TickBatch } from '../src/market/market-bus.js';
import { decodeBatch, encodeBatch } from '../src/streaming/redis-fan-out.js';
import { startTestApp } from './harness.js';

// biome-ignore lint/suspicious/noExplicitAny: frames are read loosely; docs/api.md describes them.
type Frame = any;

const quote = (symbol: string, pricePaise: bigint, tickAtMs: number): LiveQuote => ({
  symbol,
  pricePaise,
  previousClosePaise: 100_000n,
  openPaise: 100_500n,
  highPaise: 110_000n,
  lowPaise: 99_000n,
  volume: 9_007_199_254_740_993n,
  turnoverPaise: 123_400_000_000_000_000_001n,
  tickAtMs,
  simulated: true,
  source: 'simulated',
});

describe('a tick batch on the wire', () => {
  it('comes back exactly, bigints beyond 2^53 included', () => {
    const batch: TickBatch = {
      quotes: [quote('RELIANCE', 245_005n, 1_800_000_000_000)],
      ticks: [
        { symbol: 'RELIANCE', pricePaise: 245_005n, volume: 12, atMs: 1_800_000_000_000, simulated: true },
      ],
    };
    expect(decodeBatch(encodeBatch(batch))).toEqual(batch);
  });
});

const redisUrl = process.env.REDIS_URL;

/*
 * Two server processes sharing one database and one Redis, as behind a load balancer: here two
 * app instances in one test process, each with its own Redis connections. A channel prefix of this
 * run keeps parallel runs apart.
 */
describe.skipIf(!redisUrl)('fan-out across server processes through Redis', async () => {
  const prefix = `nivesh-test:${randomUUID()}:`;
  const t = await startTestApp({ redisUrl, redisChannelPrefix: prefix });
  const other: FastifyInstance = await buildApp({
    db: t.db,
    config: t.config,
    clock: t.clock,
    logger: false,
  });
  await other.ready();
  afterAll(async () => {
    await other.close();
  });
  await t.db
    .insertInto('invitation_codes')
    .values({ code: 'REDIS001', owner_user_id: null, note: null })
    .execute();

  async function connect(app: FastifyInstance) {
    const frames: Frame[] = [];
    const waiters: Array<() => void> = [];
    const socket = await app.injectWS(
      '/api/vue/ws',
      {},
      {
        onInit: (ws) =>
          ws.on('message', (data: Buffer) => {
            frames.push(JSON.parse(data.toString('utf8')));
            for (const wake of waiters.splice(0)) wake();
          }),
      },
    );
    return {
      frames,
      send: (message: unknown) => socket.send(JSON.stringify(message)),
      async next(type: string, live = false): Promise<Frame> {
        for (;;) {
          const index = frames.findIndex((frame) => frame.type === type && !(live && frame.snapshot));
          if (index >= 0) return frames.splice(index, 1)[0];
          await new Promise<void>((resolve) => waiters.push(resolve));
        }
      },
      close: () => socket.terminate(),
    };
  }

  it('delivers a tick published by the market of one process to a socket on another', async () => {
    const client = await connect(other);
    client.send({ op: 'subscribe', symbols: ['TCS'], mode: 'quote' });
    await client.next('subscribed');
    const atMs = t.clock.now();
    t.app.marketBus.publish({
      ticks: [],
      quotes: [quote('TCS', 412_345n, atMs), quote('SENSEX', 8_000_000n, atMs)],
    });
    const frame = await client.next('ticks', true);
    expect(frame.data).toEqual([
      expect.objectContaining({ symbol: 'TCS', price: '4123.45', previousClose: '1000.00', time: atMs }),
    ]);
    expect(frame.indices).toEqual([expect.objectContaining({ symbol: 'SENSEX', price: '80000.00' })]);
    // The publishing process's own sockets hear it once, not again from Redis.
    const local = await connect(t.app);
    local.send({ op: 'subscribe', symbols: ['TCS'] });
    await local.next('subscribed');
    t.app.marketBus.publish({ ticks: [], quotes: [quote('TCS', 412_400n, atMs + 1)] });
    expect((await local.next('ticks', true)).data[0]).toMatchObject({ price: '4124.00' });
    expect((await client.next('ticks', true)).data[0]).toMatchObject({ price: '4124.00' });
    local.send({ op: 'ping' });
    await local.next('pong');
    expect(local.frames.filter((frame) => frame.type === 'ticks' && !frame.snapshot)).toEqual([]);
    client.close();
    local.close();
  });

  it("delivers a user event published on one process to the user's socket on another, and a log-out ends it there", async () => {
    const phone = `95${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const registered = await t.call('user/register', {
      account: phone,
      password: 'Redis12345',
      confirmPassword: 'Redis12345',
      inviteCode: 'REDIS001',
      agree: true,
    });
    const token = registered.body.data.token as string;
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();

    const client = await connect(other);
    client.send({ op: 'auth', token, account: phone });
    await client.next('authenticated');
    t.app.userEvents.publishUserEvent(user.id, { kind: 'fill', orderId: '42', amountPaise: 10n });
    expect(await client.next('event')).toEqual({
      type: 'event',
      data: { kind: 'fill', orderId: '42', amountPaise: '10' },
    });

    // Log out through the first process: the socket on the second leaves the user's channel.
    expect((await t.call('user/logout', {}, { token, account: phone })).body.status).toBe(1);
    expect(await client.next('error')).toMatchObject({
      code: 'UNAUTHORIZED',
      params: { reason: 'session_ended' },
    });
    await expect.poll(() => other.userEvents.listenerCount(user.id)).toBe(0);
    client.close();
  });
});
