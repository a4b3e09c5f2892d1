import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/http/app.js';
import { createInvestor, type TestInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';
import { listen } from './kite-fixtures.js';
import { publishPrice } from './trading-helpers.js';

/*
 * The investor app's WebSocket carries the fills of the paper book live (docs/adr/0026-paper-trading.md,
 * ADR 0018's user channel): a socket follows the investor's account and its paper account, and
 * tags each trade event with the book it happened in. Over real HTTP and a real WebSocket.
 */

// biome-ignore lint/suspicious/noExplicitAny: frames are read loosely; docs/api.md describes them.
type Frame = any;

const redisUrl = process.env.REDIS_URL;
const t = await startTestApp(
  redisUrl ? { redisUrl, redisChannelPrefix: `nivesh-test:${randomUUID()}:` } : {},
);
const { origin } = await listen(t);
publishPrice(t, 'RELIANCE', 143_010n, { previousClosePaise: 143_010n });
const sockets: WebSocket[] = [];
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  for (const close of closers) await close();
});

/** A socket of the investor on `/api/vue/ws`, authenticated on the user channel. */
async function connect(investor: TestInvestor, at = origin) {
  const socket = new WebSocket(`${at.replace('http', 'ws')}/api/vue/ws`);
  sockets.push(socket);
  const frames: Frame[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data: Buffer) => {
    frames.push(JSON.parse(data.toString('utf8')));
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const next = async (match: (frame: Frame) => boolean): Promise<Frame> => {
    for (;;) {
      const index = frames.findIndex(match);
      if (index >= 0) return frames.splice(index, 1)[0];
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  socket.send(JSON.stringify({ op: 'auth', token: investor.headers.token, account: investor.phone }));
  await next((frame) => frame.type === 'authenticated');
  return {
    frames,
    /** The next trade event of the kind `event`. */
    trade: (event: string) =>
      next((frame) => frame.type === 'event' && frame.data.type === 'trade' && frame.data.event === event),
  };
}

async function buyMarket(investor: TestInvestor, quantity: number): Promise<string> {
  const opened = await t.call(
    'trade/open',
    { symbol: 'RELIANCE', side: 'long', orderType: 'market', quantity, leverage: 1 },
    investor.headers,
  );
  expect(opened.body.status, JSON.stringify(opened.body)).toBe(1);
  return opened.body.data.id;
}

async function switchTo(investor: TestInvestor, book: 'paper' | 'real'): Promise<void> {
  const switched = await t.call('paper/switch', { book }, investor.headers);
  expect(switched.body.status, JSON.stringify(switched.body)).toBe(1);
}

describe("the investor app's WebSocket in paper trading", () => {
  it('pushes a paper fill live, tagged paper, to the investor who switched after the socket joined', async () => {
    const investor = await createInvestor(t, { cashPaise: 100_000_000n });
    const other = await createInvestor(t, { cashPaise: 100_000_000n });
    const socket = await connect(investor);
    const otherSocket = await connect(other);

    // The first switch opens the paper account: the open socket starts following it at once.
    await switchTo(investor, 'paper');
    const paperOrderId = await buyMarket(investor, 10);
    const filled = await socket.trade('filled');
    expect(filled.data).toMatchObject({ book: 'paper', position: { id: paperOrderId, symbol: 'RELIANCE' } });

    // The other investor, in the real book, hears its own fill and nothing of the paper one before
    // it (delivery is in order: the paper event was published first).
    const realOrderId = await buyMarket(other, 5);
    const ownFill = await otherSocket.trade('filled');
    expect(ownFill.data).toMatchObject({ book: 'real', position: { id: realOrderId } });
    expect(otherSocket.frames.filter((frame) => frame.type === 'event')).toEqual([]);
    expect(JSON.stringify(otherSocket.frames)).not.toContain(paperOrderId);

    // Back in the real book, the investor's real fill arrives tagged real.
    await switchTo(investor, 'real');
    const realFillId = await buyMarket(investor, 1);
    expect((await socket.trade('filled')).data).toMatchObject({ book: 'real', position: { id: realFillId } });
  });

  it('follows the fresh paper account after a reset, and no longer the old one', async () => {
    const investor = await createInvestor(t, { cashPaise: 100_000_000n });
    await switchTo(investor, 'paper');
    // This socket joins with the paper account already open (read at auth).
    const socket = await connect(investor);
    const before = await buyMarket(investor, 2);
    expect((await socket.trade('filled')).data).toMatchObject({ book: 'paper', position: { id: before } });

    const paperUserId = async () =>
      (
        await t.db
          .selectFrom('paper_accounts')
          .select('paper_user_id')
          .where('user_id', '=', investor.id)
          .executeTakeFirstOrThrow()
      ).paper_user_id;
    const oldPaperUserId = await paperUserId();
    const reset = await t.call('paper/reset', {}, investor.headers);
    expect(reset.body.status, JSON.stringify(reset.body)).toBe(1);
    expect(await paperUserId()).not.toBe(oldPaperUserId);
    // An event of the old account (the engine may still act on its holdings) is no longer pushed.
    t.app.userEvents.publishUserEvent(oldPaperUserId, {
      type: 'trade',
      event: 'filled',
      position: { id: '0' },
    });
    const after = await buyMarket(investor, 3);
    const next = await socket.trade('filled');
    expect(next.data).toMatchObject({ book: 'paper', position: { id: after } });
    expect(socket.frames.filter((frame) => frame.type === 'event')).toEqual([]);
  });
});

describe.skipIf(!redisUrl)('paper fills on a socket of another server process (Redis)', async () => {
  const other = await buildApp({ db: t.db, config: t.config, clock: t.clock, logger: false });
  await other.listen({ port: 0, host: '127.0.0.1' });
  closers.push(() => other.close());
  const otherOrigin = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;

  it('follows the paper account opened and reset through another process, in the order of events', async () => {
    const investor = await createInvestor(t, { cashPaise: 100_000_000n });
    const socket = await connect(investor, otherOrigin);
    await switchTo(investor, 'paper');
    const first = await buyMarket(investor, 1);
    expect((await socket.trade('filled')).data).toMatchObject({ book: 'paper', position: { id: first } });
    const reset = await t.call('paper/reset', {}, investor.headers);
    expect(reset.body.status, JSON.stringify(reset.body)).toBe(1);
    const second = await buyMarket(investor, 2);
    expect((await socket.trade('filled')).data).toMatchObject({ book: 'paper', position: { id: second } });
  });
});
