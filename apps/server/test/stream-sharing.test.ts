import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import * as ws from 'ws';
import WebSocket, { WebSocketServer } from 'ws';
import { type LiveQuote, MarketBus } from '../src/market/market-bus.js';
import {
  type SharedFrame,
  WebSocketStreamSocket,
  webSocketTextFrame,
} from '../src/streaming/shared-frame.js';
import { StreamHub, type StreamSocket } from '../src/streaming/stream-hub.js';

/*
 * The fan-out's sharing (ADR 0017): connections that follow the same symbols get one frame built
 * once a batch, written as pre-built WebSocket bytes; heartbeats only to connections sent nothing.
 * No app and no database: the hub over an in-process bus, fake sockets, and one real `ws` pair.
 */

function quote(symbol: string, pricePaise: bigint, atMs = 1_760_000_000_000): LiveQuote {
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

/** A socket that records what it was sent: shared frames by identity, the rest as text. */
function fakeSocket() {
  const shared: SharedFrame[] = [];
  const texts: string[] = [];
  const socket: StreamSocket & { bufferedAmount: number } = {
    readyState: 1,
    bufferedAmount: 0,
    send: (data) => void texts.push(data),
    sendShared: (frame) => void shared.push(frame),
    close: () => {},
  };
  return { socket, shared, texts };
}

describe('frames shared between connections', () => {
  it('builds one frame per distinct subscription (symbols, order, mode) and index version', () => {
    const bus = new MarketBus();
    const hub = new StreamHub(bus);
    const [a, b, c, d, e] = [fakeSocket(), fakeSocket(), fakeSocket(), fakeSocket(), fakeSocket()];
    hub.attach(a.socket).subscribe(['RELIANCE', 'TCS'], 'ltp');
    hub.attach(b.socket).subscribe(['RELIANCE', 'TCS'], 'ltp');
    hub.attach(c.socket).subscribe(['TCS', 'RELIANCE'], 'ltp');
    hub.attach(d.socket).subscribe(['RELIANCE', 'TCS'], 'quote');
    hub.attach(e.socket).subscribe(['INFY'], 'ltp');

    bus.publish({
      ticks: [],
      quotes: [quote('RELIANCE', 100_005n), quote('TCS', 200_010n), quote('NIFTY50', 2_400_000n)],
    });

    expect(a.shared).toHaveLength(1);
    expect(b.shared[0]).toBe(a.shared[0]);
    expect(c.shared[0]).not.toBe(a.shared[0]);
    expect(d.shared[0]).not.toBe(a.shared[0]);
    const frameOf = (sent: SharedFrame[]) => JSON.parse(sent[0]?.text ?? '');
    expect(frameOf(a.shared).data.map((tick: { symbol: string }) => tick.symbol)).toEqual([
      'RELIANCE',
      'TCS',
    ]);
    expect(frameOf(c.shared).data.map((tick: { symbol: string }) => tick.symbol)).toEqual([
      'TCS',
      'RELIANCE',
    ]);
    expect(frameOf(d.shared).data[0]).toMatchObject({ symbol: 'RELIANCE', open: '1005.00', volume: 1234 });
    // INFY did not move, but every connection gets the index ticker.
    expect(frameOf(e.shared)).toEqual({
      type: 'ticks',
      data: [],
      indices: [expect.objectContaining({ symbol: 'NIFTY50', price: '24000.00' })],
    });
    for (const { texts } of [a, b, c, d, e]) expect(texts).toEqual([]);

    // After unsubscribing, a connection no longer shares the frame of its former set.
    const connection = hub.attach(fakeSocket().socket);
    connection.subscribe(['RELIANCE', 'TCS'], 'ltp');
    const before = connection.subscriptionKey;
    connection.unsubscribe(['TCS']);
    expect(connection.subscriptionKey).not.toBe(before);
    hub.close();
  });

  it('gives a connection with values kept from a busy spell its own frame', () => {
    const bus = new MarketBus();
    const hub = new StreamHub(bus, { flushBelowBytes: 1_000 });
    const slow = fakeSocket();
    const quick = fakeSocket();
    hub.attach(slow.socket).subscribe(['RELIANCE', 'TCS'], 'ltp');
    hub.attach(quick.socket).subscribe(['RELIANCE', 'TCS'], 'ltp');
    slow.socket.bufferedAmount = 5_000;
    bus.publish({ ticks: [], quotes: [quote('RELIANCE', 100_005n)] });
    slow.socket.bufferedAmount = 0;
    bus.publish({ ticks: [], quotes: [quote('TCS', 200_010n)] });

    expect(quick.shared.map((frame) => JSON.parse(frame.text).data.length)).toEqual([1, 1]);
    expect(slow.shared).toEqual([]);
    expect(
      slow.texts.map((text) => JSON.parse(text).data.map((tick: { price: string }) => tick.price)),
    ).toEqual([['1000.05', '2000.10']]);
    hub.close();
  });
});

describe('heartbeats', () => {
  it('go only to connections that were sent nothing for two rounds (one interval)', () => {
    const bus = new MarketBus();
    const hub = new StreamHub(bus);
    const busy = fakeSocket();
    const idle = fakeSocket();
    hub.attach(busy.socket).subscribe(['RELIANCE'], 'ltp');
    hub.attach(idle.socket).subscribe(['INFY'], 'ltp');
    const heartbeats = (texts: string[]) => texts.filter((text) => text === '{"type":"heartbeat"}').length;

    for (let round = 1; round <= 6; round++) {
      bus.publish({ ticks: [], quotes: [quote('RELIANCE', 100_000n + BigInt(round))] });
      hub.beat();
    }
    expect(heartbeats(busy.texts)).toBe(0);
    expect(heartbeats(idle.texts)).toBe(3);
    // The market stops: the round after its last frame was the first silent one, so the next
    // round (at most one interval after that frame) sends the busy one its first heartbeat.
    hub.beat();
    expect(heartbeats(busy.texts)).toBe(1);
    hub.beat();
    expect(heartbeats(busy.texts)).toBe(1);
    hub.close();
  });
});

/** ws's own framing (exported by ws, not in its types). */
const sender = (ws as unknown as { Sender: { frame(data: Buffer, options: object): Buffer[] } }).Sender;

describe('the ws adapter', () => {
  it('writes the same bytes as ws for short, medium and long frames', () => {
    const lengths = [0, 125, 126, 65_535, 65_536];
    // ASCII at each length limit, and with '₹' (3 bytes in UTF-8): the header counts bytes.
    const texts = lengths.flatMap((length) => ['x'.repeat(length), `₹${'x'.repeat(length)}`]);
    for (const text of texts) {
      const frame = webSocketTextFrame(text);
      const parts = sender.frame(Buffer.from(text), {
        fin: true,
        rsv1: false,
        opcode: 1,
        mask: false,
        readOnly: false,
      });
      expect(frame.equals(Buffer.concat(parts))).toBe(true);
    }
  });

  it('delivers shared frames over a real socket, in order with the frames ws sends itself', async () => {
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await once(server, 'listening');
    const bus = new MarketBus();
    const hub = new StreamHub(bus);
    server.on('connection', (webSocket) => {
      const connection = hub.attach(new WebSocketStreamSocket(webSocket as never));
      connection.subscribe(['RELIANCE'], 'ltp');
      connection.sendFrame({ type: 'subscribed', symbols: ['RELIANCE'], mode: 'ltp' });
    });
    const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const received: string[] = [];
    const subscribed = new Promise<void>((resolve) =>
      client.on('message', (data) => {
        received.push(String(data));
        if (received.length === 1) resolve();
      }),
    );
    await subscribed;
    for (let step = 1n; step <= 3n; step += 1n) {
      bus.publish({ ticks: [], quotes: [quote('RELIANCE', 100_000n + step * 5n), quote('TCS', 200_000n)] });
    }
    hub.beat();
    hub.beat();
    await new Promise<void>((resolve) => {
      const check = () => (received.length >= 5 ? resolve() : setTimeout(check, 5));
      check();
    });
    expect(received.map((text) => JSON.parse(text).type)).toEqual([
      'subscribed',
      'ticks',
      'ticks',
      'ticks',
      'heartbeat',
    ]);
    expect(JSON.parse(received[3] ?? '').data).toEqual([expect.objectContaining({ price: '1000.15' })]);
    client.close();
    hub.close();
    server.close();
  });
});
