import { describe, expect, it } from 'vitest';
import { type LiveQuote, MarketBus } from '../src/market/market-bus.js';
import { insertUserMessage } from '../src/repositories/message.repository.js';
import { StreamHub, type StreamSocket } from '../src/streaming/stream-hub.js';
import { startTestApp } from './harness.js';

const t = await startTestApp();
await t.db
  .insertInto('invitation_codes')
  .values({ code: 'STREAM01', owner_user_id: null, note: null })
  .execute();
// The seed has fewer than 101 instruments; test-only ones make room to reach the subscription limit.
const template = await t.db
  .selectFrom('instruments')
  .selectAll()
  .where('symbol', '=', 'TCS')
  .executeTakeFirstOrThrow();
await t.db
  .insertInto('instruments')
  .values(
    Array.from({ length: 30 }, (_, index) => ({
      ...template,
      symbol: `ZZTEST${index}`,
      isin: null,
      name: `Stream test ${index}`,
    })),
  )
  .execute();
const allSymbols = (await t.db.selectFrom('instruments').select('symbol').orderBy('symbol').execute()).map(
  (row) => row.symbol,
);

// biome-ignore lint/suspicious/noExplicitAny: frames are read loosely; the docs describe their shapes.
type Frame = any;

function quote(symbol: string, pricePaise: bigint, atMs = t.clock.now()): LiveQuote {
  return {
    symbol,
    pricePaise,
    previousClosePaise: 100_000n,
    openPaise: 100_500n,
    highPaise: 110_000n,
    lowPaise: 99_000n,
    volume: 1_234n,
    turnoverPaise: 123_400_000n,
    tickAtMs: atMs,
    simulated: true,
    source: 'simulated',
  };
}

const publish = (...quotes: LiveQuote[]) => t.app.marketBus.publish({ ticks: [], quotes });

/** A test client: every frame is kept, and `next(type)` takes the first unread one of a type. */
async function connect() {
  const frames: Frame[] = [];
  const waiters: Array<() => void> = [];
  // Listens from the start: the server may send a frame (the index levels) as the socket opens.
  const socket = await t.app.injectWS(
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
    socket,
    frames,
    send(message: unknown) {
      socket.send(typeof message === 'string' ? message : JSON.stringify(message));
    },
    /**
     * The first unread frame of a type. `live` passes over snapshots (frames sent on connect and on
     * subscribe); `symbols` over ticks frames without symbol entries (the index ticker alone).
     */
    async next(type: string, options: { live?: boolean; symbols?: boolean } = {}): Promise<Frame> {
      for (;;) {
        const index = frames.findIndex(
          (frame) =>
            frame.type === type &&
            !(options.live && frame.snapshot === true) &&
            !(options.symbols && !(frame.data?.length > 0)),
        );
        if (index >= 0) return frames.splice(index, 1)[0];
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    unread(type: string): Frame[] {
      return frames.filter((frame) => frame.type === type);
    },
    close() {
      socket.terminate();
    },
  };
}

async function investor() {
  const phone = `97${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const reply = await t.call('user/register', {
    account: phone,
    password: 'Stream1234',
    confirmPassword: 'Stream1234',
    inviteCode: 'STREAM01',
    agree: true,
  });
  expect(reply.body.status).toBe(1);
  const user = await t.db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', phone)
    .executeTakeFirstOrThrow();
  return { token: reply.body.data.token as string, account: phone, id: user.id };
}

describe('market streaming at /api/vue/ws', () => {
  it('streams ticks of subscribed symbols, in ltp and quote modes, and stops after unsubscribe', async () => {
    const client = await connect();
    client.send({ op: 'subscribe', symbols: ['reliance', 'TCS'], mode: 'ltp' });
    expect(await client.next('subscribed')).toEqual({
      type: 'subscribed',
      symbols: ['RELIANCE', 'TCS'],
      mode: 'ltp',
    });
    client.send({ op: 'subscribe', symbols: ['INFY'], mode: 'quote' });
    await client.next('subscribed');

    publish(
      quote('RELIANCE', 101_000n),
      quote('WIPRO', 50_000n),
      quote('RELIANCE', 102_050n),
      quote('INFY', 99_000n),
    );
    const ticks = await client.next('ticks', { live: true });
    expect(ticks.data).toEqual([
      {
        symbol: 'RELIANCE',
        price: '1020.50',
        change: '20.50',
        changeRate: 2.05,
        time: t.clock.now(),
        simulated: true,
        source: 'simulated',
      },
      {
        symbol: 'INFY',
        price: '990.00',
        change: '-10.00',
        changeRate: -1,
        time: t.clock.now(),
        simulated: true,
        source: 'simulated',
        open: '1005.00',
        high: '1100.00',
        low: '990.00',
        previousClose: '1000.00',
        volume: 1234,
      },
    ]);

    client.send({ op: 'unsubscribe', symbols: ['RELIANCE'] });
    expect(await client.next('unsubscribed')).toEqual({ type: 'unsubscribed', symbols: ['RELIANCE'] });
    publish(quote('RELIANCE', 103_000n), quote('TCS', 104_000n));
    const after = await client.next('ticks', { live: true });
    expect(after.data.map((tick: Frame) => tick.symbol)).toEqual(['TCS']);
    client.close();
  });

  it('sends the index ticker to every client, subscribed or not, and answers ping', async () => {
    const first = await connect();
    const second = await connect();
    first.send({ op: 'ping' });
    expect(await first.next('pong')).toEqual({ type: 'pong' });
    publish(quote('NIFTY50', 2_400_000n), quote('SENSEX', 8_000_000n));
    for (const client of [first, second]) {
      // One frame: no followed symbol moved, so `data` is empty and the levels are in `indices`.
      const frame = await client.next('ticks');
      expect(frame.data).toEqual([]);
      expect(frame.indices.map((level: Frame) => [level.symbol, level.price])).toEqual([
        ['NIFTY50', '24000.00'],
        ['SENSEX', '80000.00'],
      ]);
      expect(client.unread('ticks')).toEqual([]);
      client.close();
    }
  });

  it('answers bad messages with error frames and keeps the connection usable', async () => {
    const client = await connect();
    client.send('{not json');
    expect(await client.next('error')).toMatchObject({ code: 'MALFORMED_MESSAGE' });
    client.send({ op: 'dance' });
    expect(await client.next('error')).toMatchObject({ code: 'MALFORMED_MESSAGE' });
    client.send({ op: 'subscribe', symbols: ['TCS'], mode: 'depth' });
    expect(await client.next('error')).toMatchObject({ code: 'MALFORMED_MESSAGE' });
    client.send(JSON.stringify({ op: 'ping', padding: 'x'.repeat(5_000) }));
    expect(await client.next('error')).toMatchObject({
      code: 'MESSAGE_TOO_LARGE',
      params: { limitBytes: 4096 },
    });
    client.send({ op: 'subscribe', symbols: ['NOSUCH', 'TCS'] });
    expect(await client.next('error')).toMatchObject({
      code: 'INSTRUMENT_NOT_FOUND',
      params: { symbols: ['NOSUCH'] },
    });
    expect(await client.next('subscribed')).toEqual({ type: 'subscribed', symbols: ['TCS'], mode: 'ltp' });

    // TCS and 99 others make 100; one more is refused.
    const others = allSymbols.filter((symbol) => symbol !== 'TCS');
    expect(others.length).toBeGreaterThan(99);
    client.send({ op: 'subscribe', symbols: others.slice(0, 99) });
    expect((await client.next('subscribed')).symbols).toHaveLength(99);
    client.send({ op: 'subscribe', symbols: [others[99]] });
    expect(await client.next('error')).toMatchObject({
      code: 'TOO_MANY_SUBSCRIPTIONS',
      params: { limit: 100 },
    });

    client.send({ op: 'ping' });
    expect(await client.next('pong')).toEqual({ type: 'pong' });
    publish(quote('TCS', 100_500n));
    expect((await client.next('ticks', { live: true })).data).toMatchObject([
      { symbol: 'TCS', price: '1005.00' },
    ]);
    client.close();
  });

  it('joins the user channel after auth; a user event reaches that user only', async () => {
    const alice = await investor();
    const bob = await investor();
    // A notice that arrived before the socket opened is counted in the reply to auth.
    await insertUserMessage(t.db, { userId: alice.id, kind: 'DEPOSIT_APPROVED', atMs: t.clock.now() });
    const aliceSocket = await connect();
    const bobSocket = await connect();
    const anonymous = await connect();

    anonymous.send({ op: 'auth', token: 'not-a-token', account: alice.account });
    expect(await anonymous.next('error')).toMatchObject({ code: 'UNAUTHORIZED' });
    bobSocket.send({ op: 'auth', token: bob.token, account: alice.account });
    expect(await bobSocket.next('error')).toMatchObject({ code: 'UNAUTHORIZED' });

    aliceSocket.send({ op: 'auth', token: alice.token, account: alice.account });
    expect(await aliceSocket.next('authenticated')).toEqual({
      type: 'authenticated',
      account: alice.account,
      unread: 1,
    });
    bobSocket.send({ op: 'auth', token: bob.token, account: bob.account });
    expect(await bobSocket.next('authenticated')).toEqual({
      type: 'authenticated',
      account: bob.account,
      unread: 0,
    });

    t.app.userEvents.publishUserEvent(alice.id, { kind: 'fill', orderId: '1' });
    t.app.userEvents.publishUserEvent(bob.id, { kind: 'message', text: 'hello' });
    expect(await aliceSocket.next('event')).toEqual({ type: 'event', data: { kind: 'fill', orderId: '1' } });
    expect(await bobSocket.next('event')).toEqual({
      type: 'event',
      data: { kind: 'message', text: 'hello' },
    });
    // The anonymous socket saw neither; a ping round trip shows nothing was on its way.
    anonymous.send({ op: 'ping' });
    await anonymous.next('pong');
    expect(anonymous.unread('event')).toEqual([]);
    expect(aliceSocket.unread('event')).toEqual([]);

    aliceSocket.close();
    await expect.poll(() => t.app.userEvents.listenerCount(alice.id)).toBe(0);
    bobSocket.close();
    anonymous.close();
  });
});

describe('snapshot on subscribe', () => {
  it('sends the latest tick in memory at once, in the mode asked, before any new tick', async () => {
    publish(quote('HDFCBANK', 150_000n));
    const client = await connect();
    client.send({ op: 'subscribe', symbols: ['HDFCBANK'], mode: 'quote' });
    await client.next('subscribed');
    const snapshot = await client.next('ticks', { symbols: true });
    expect(snapshot.snapshot).toBe(true);
    expect(snapshot.data).toEqual([
      expect.objectContaining({
        symbol: 'HDFCBANK',
        price: '1500.00',
        previousClose: '1000.00',
        volume: 1234,
      }),
    ]);
    client.close();
  });

  it('reads the stored quote when no tick was seen in this process, and sends nothing for a symbol without one', async () => {
    // A symbol no earlier test subscribed: the hub remembers for a few seconds which had no quote.
    await t.db
      .insertInto('instruments')
      .values({ ...template, symbol: 'ZZSNAP', isin: null, name: 'Snapshot test' })
      .execute();
    await t.db
      .insertInto('quotes')
      .values({
        symbol: 'ZZSNAP',
        price_paise: 41_230n,
        previous_close_paise: 40_000n,
        open_paise: 40_100n,
        high_paise: 41_500n,
        low_paise: 40_000n,
        volume: 10n,
        turnover_paise: 412_300n,
        tick_at_ms: BigInt(t.clock.now()),
        simulated: false,
        source: 'imported',
      })
      .execute();
    const client = await connect();
    client.send({ op: 'subscribe', symbols: ['ZZSNAP', 'ZZTEST7'] });
    expect((await client.next('subscribed')).symbols).toEqual(['ZZSNAP', 'ZZTEST7']);
    const snapshot = await client.next('ticks', { symbols: true });
    expect(snapshot).toEqual({
      type: 'ticks',
      snapshot: true,
      data: [
        {
          symbol: 'ZZSNAP',
          price: '412.30',
          change: '12.30',
          changeRate: 3.08,
          time: t.clock.now(),
          simulated: false,
          source: 'imported',
        },
      ],
    });
    client.send({ op: 'ping' });
    await client.next('pong');
    expect(client.unread('ticks').filter((frame) => frame.data.length > 0)).toEqual([]);
    client.close();
  });

  it('gives a new connection the index levels known so far', async () => {
    publish(quote('NIFTY50', 2_410_000n));
    const client = await connect();
    const levels = await client.next('ticks');
    expect(levels.snapshot).toBe(true);
    expect(levels.data).toEqual([]);
    expect(levels.indices).toEqual(
      expect.arrayContaining([expect.objectContaining({ symbol: 'NIFTY50', price: '24100.00' })]),
    );
    client.close();
  });
});

describe('the session behind a socket', () => {
  async function authenticated(user: { token: string; account: string }) {
    const socket = await connect();
    socket.send({ op: 'auth', token: user.token, account: user.account });
    await socket.next('authenticated');
    return socket;
  }

  it('ends the user channel at once when the investor logs out; market data keeps flowing', async () => {
    const alice = await investor();
    const socket = await authenticated(alice);
    socket.send({ op: 'subscribe', symbols: ['TCS'] });
    await socket.next('subscribed');
    expect(t.app.userEvents.listenerCount(alice.id)).toBe(1);

    const out = await t.call('user/logout', {}, { token: alice.token, account: alice.account });
    expect(out.body.status).toBe(1);
    expect(await socket.next('error')).toMatchObject({
      type: 'error',
      code: 'UNAUTHORIZED',
      params: { reason: 'session_ended' },
    });
    expect(t.app.userEvents.listenerCount(alice.id)).toBe(0);
    t.app.userEvents.publishUserEvent(alice.id, { kind: 'fill', orderId: '9' });
    publish(quote('TCS', 101_000n));
    expect((await socket.next('ticks', { live: true })).data[0]).toMatchObject({ symbol: 'TCS' });
    expect(socket.unread('event')).toEqual([]);
    // The revocation notice itself is never forwarded.
    expect(socket.frames.some((frame) => frame.type === 'event')).toBe(false);
    socket.close();
  });

  it('after a password change keeps the socket of the session that changed it and ends the others', async () => {
    const bob = await investor();
    const second = await t.call('user/login', { account: bob.account, password: 'Stream1234' });
    const other = { token: second.body.data.token as string, account: bob.account };
    const keeper = await authenticated(bob);
    const dropped = await authenticated(other);

    const changed = await t.call(
      'user/changePassword',
      { oldPassword: 'Stream1234', newPassword: 'Stream5678', confirmPassword: 'Stream5678' },
      { token: bob.token, account: bob.account },
    );
    expect(changed.body.status).toBe(1);
    expect(await dropped.next('error')).toMatchObject({ code: 'UNAUTHORIZED' });
    await t.app.streamHub.recheckSessions();
    t.app.userEvents.publishUserEvent(bob.id, { kind: 'message', text: 'still here' });
    expect(await keeper.next('event')).toEqual({
      type: 'event',
      data: { kind: 'message', text: 'still here' },
    });
    expect(keeper.unread('error')).toEqual([]);
    expect(dropped.unread('event')).toEqual([]);
    keeper.close();
    dropped.close();
  });

  it('ends the user channel on the periodic check once the session has expired', async () => {
    const carol = await investor();
    const socket = await authenticated(carol);
    await t.app.streamHub.recheckSessions();
    expect(socket.unread('error')).toEqual([]);
    expect(t.app.userEvents.listenerCount(carol.id)).toBe(1);

    const startMs = t.clock.now();
    t.clock.set(startMs + t.config.sessionIdleMinutes * 60_000 + 1);
    try {
      await t.app.streamHub.recheckSessions();
      expect(await socket.next('error')).toMatchObject({ code: 'UNAUTHORIZED' });
      expect(t.app.userEvents.listenerCount(carol.id)).toBe(0);
    } finally {
      t.clock.set(startMs);
    }
    socket.close();
  });
});

describe('a slow client', () => {
  it('keeps only the latest value per symbol while its buffer is full, then sends them together', () => {
    const bus = new MarketBus();
    const hub = new StreamHub(bus, { flushBelowBytes: 1_000 });
    const sent: string[] = [];
    const socket: StreamSocket & { bufferedAmount: number } = {
      readyState: 1,
      bufferedAmount: 5_000,
      send: (data) => void sent.push(data),
      close: () => {},
    };
    const connection = hub.attach(socket);
    connection.subscribe(['RELIANCE', 'TCS'], 'ltp');
    for (let step = 1n; step <= 50n; step += 1n) {
      bus.publish({
        ticks: [],
        quotes: [quote('RELIANCE', 100_000n + step * 5n), quote('TCS', 200_000n + step)],
      });
    }
    expect(sent).toEqual([]);
    expect(connection.pending.size).toBe(2);

    socket.bufferedAmount = 0;
    bus.publish({ ticks: [], quotes: [quote('TCS', 300_000n)] });
    expect(sent).toHaveLength(1);
    const frame = JSON.parse(sent[0] ?? '');
    expect(frame.data.map((tick: Frame) => [tick.symbol, tick.price])).toEqual([
      ['RELIANCE', '1002.50'],
      ['TCS', '3000.00'],
    ]);
    expect(connection.pending.size).toBe(0);
    hub.close();
  });
});
