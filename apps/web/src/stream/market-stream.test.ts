import { describe, expect, it } from 'vitest';
import { FakeSocket } from '../test/fake-socket';
import { BACKOFF_MAX_MS, backoffDelay, MarketStream, SILENCE_LIMIT_MS } from './market-stream';

/** A stream with a hand-driven clock and timers. */
function setup(startDelayMs = 0) {
  const sockets: FakeSocket[] = [];
  let now = 0;
  let timers: { at: number; callback: () => void; id: number }[] = [];
  let nextId = 0;
  const stream = new MarketStream({
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    readSession: () => ({ token: 'tok', account: '9876543210' }),
    now: () => now,
    setTimer: (callback, ms) => {
      nextId += 1;
      timers.push({ at: now + ms, callback, id: nextId });
      return nextId;
    },
    clearTimer: (id) => {
      timers = timers.filter((timer) => timer.id !== id);
    },
    random: () => 0,
    startDelayMs,
  });
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((timer) => timer !== due);
      now = due.at;
      due.callback();
    }
    now = end;
  };
  return { stream, sockets, advance };
}

describe('backoffDelay', () => {
  it('doubles from 1 s up to 30 s, with at most 20 % jitter', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(attempt, () => 0))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
    expect(backoffDelay(10, () => 1)).toBe(BACKOFF_MAX_MS * 1.2);
  });
});

describe('MarketStream', () => {
  it('authenticates and subscribes on open, and hands ticks and indices to listeners', () => {
    const { stream, sockets } = setup();
    const ticks: unknown[] = [];
    const indices: unknown[] = [];
    stream.onTicks((batch) => ticks.push(...batch));
    stream.onIndices((batch) => indices.push(...batch));
    stream.follow(['reliance', 'TCS']);
    stream.follow(['TCS'], 'quote');
    const socket = sockets[0];
    if (!socket) throw new Error('no socket');
    expect(stream.status).toBe('connecting');
    socket.open();
    expect(stream.status).toBe('live');
    expect(socket.sent).toEqual([
      { op: 'auth', token: 'tok', account: '9876543210' },
      { op: 'subscribe', symbols: ['RELIANCE'], mode: 'ltp' },
      { op: 'subscribe', symbols: ['TCS'], mode: 'quote' },
    ]);
    const tick = {
      symbol: 'TCS',
      price: '4000.00',
      change: '1.00',
      changeRate: 0.03,
      time: 1,
      simulated: true,
    };
    socket.receive({ type: 'ticks', data: [tick] });
    socket.receive({ type: 'indices', data: [{ ...tick, symbol: 'NIFTY50' }] });
    socket.receive({ type: 'heartbeat' });
    expect(ticks).toEqual([tick]);
    expect(indices).toEqual([{ ...tick, symbol: 'NIFTY50' }]);
  });

  it('unsubscribes a symbol only when its last follower leaves', () => {
    const { stream, sockets } = setup();
    const first = stream.follow(['INFY']);
    const second = stream.follow(['INFY']);
    sockets[0]?.open();
    first();
    expect(sockets[0]?.sent.at(-1)).toEqual({ op: 'subscribe', symbols: ['INFY'], mode: 'ltp' });
    second();
    expect(sockets[0]?.sent.at(-1)).toEqual({ op: 'unsubscribe', symbols: ['INFY'] });
  });

  it('goes stale on a drop, reconnects with backoff and subscribes again', () => {
    const { stream, sockets, advance } = setup();
    const statuses: string[] = [];
    stream.onStatus((status) => statuses.push(status));
    stream.follow(['SBIN']);
    sockets[0]?.open();
    sockets[0]?.drop();
    expect(stream.status).toBe('stale');
    advance(999);
    expect(sockets).toHaveLength(1);
    advance(1);
    expect(sockets).toHaveLength(2);
    sockets[1]?.drop();
    advance(1_999);
    expect(sockets).toHaveLength(2);
    advance(1);
    expect(sockets).toHaveLength(3);
    sockets[2]?.open();
    expect(stream.status).toBe('live');
    expect(sockets[2]?.sent).toContainEqual({ op: 'subscribe', symbols: ['SBIN'], mode: 'ltp' });
    expect(statuses).toEqual(['live', 'stale', 'live']);
    // After a good connection the backoff starts from 1 s again.
    sockets[2]?.drop();
    advance(1_000);
    expect(sockets).toHaveLength(4);
  });

  it('opens the first connection only after the start delay', () => {
    const { stream, sockets, advance } = setup(1_500);
    stream.follow(['SBIN']);
    expect(sockets).toHaveLength(0);
    advance(1_499);
    expect(sockets).toHaveLength(0);
    advance(1);
    expect(sockets).toHaveLength(1);
    expect(stream.status).toBe('connecting');
  });

  it('calls a silent connection stale and starts a new one', () => {
    const { stream, sockets, advance } = setup();
    stream.follow(['SBIN']);
    sockets[0]?.open();
    advance(SILENCE_LIMIT_MS - 5_000);
    sockets[0]?.receive({ type: 'heartbeat' });
    advance(SILENCE_LIMIT_MS);
    expect(stream.status).toBe('live');
    advance(10_000);
    expect(stream.status).toBe('stale');
    expect(sockets[0]?.closed).toBe(true);
    advance(1_000);
    expect(sockets).toHaveLength(2);
  });
});

describe('frames of one beat and the user channel', () => {
  it('hands index levels that ride in a ticks frame to index listeners, and user events to theirs', () => {
    const { stream, sockets, advance } = setup();
    const indices: unknown[] = [];
    const events: unknown[] = [];
    stream.onIndices((levels) => indices.push(levels));
    stream.onUserEvent((event) => events.push(event));
    advance(0);
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'ticks', data: [], indices: [{ symbol: 'NIFTY50', price: '24000.00' }] });
    sockets[0]!.receive({ type: 'event', data: { type: 'unread', unread: 3 } });
    expect(indices).toEqual([[{ symbol: 'NIFTY50', price: '24000.00' }]]);
    expect(events).toEqual([{ type: 'unread', unread: 3 }]);
  });

  it('tells user listeners to re-read when the connection joins the channel, with the unread count', () => {
    const { stream, sockets, advance } = setup();
    const events: unknown[] = [];
    stream.onUserEvent((event) => events.push(event));
    advance(0);
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'authenticated', account: '9876543210', unread: 2 });
    sockets[0]!.receive({ type: 'authenticated', account: '9876543210' });
    expect(events).toEqual([{ type: 'resync', unread: 2 }, { type: 'resync' }]);
  });
});
