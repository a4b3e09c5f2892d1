import type { WebSocket } from '@fastify/websocket';
import { encodeTickerPacket, type TickerMode, type TickerQuote, tickerFrameOf } from '@nivesh/core';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../application/app-error.js';
import type { UserContext } from '../../application/context.js';
import type { LiveQuote, MarketBus } from '../../market/market-bus.js';
import type { KiteInstrumentRow } from '../../repositories/kite-instrument-token.repository.js';
import { readQuotes } from '../../repositories/quote.repository.js';
import { SharedBinaryFrame, WebSocketStreamSocket } from '../../streaming/shared-frame.js';
import { isPaperAccountChangedNotice, type UserEventChannel } from '../../streaming/user-events.js';
import { illustrativeDepth } from '../../use-cases/market/read-depth.js';
import type { ConnectionSlots } from '../connection-slots.js';
import { requestContext } from '../register-call.js';
import type { KiteInstrumentIndex } from './instrument-index.js';
import { authenticateKite } from './kite-auth.js';
import { kiteErrorBody } from './kite-errors.js';
import { kiteOrderOfPosition } from './kite-orders.routes.js';
import type { KiteTransport } from './kite-route.js';

/** A one-byte frame every second while nothing else was sent: the client closes after 5 s of silence. */
export const KITE_HEARTBEAT_MS = 1_000;
/** Kite's documented limits: 3,000 instruments on a connection, 3 connections per API app and user. */
export const KITE_TOKENS_PER_CONNECTION_MAX = 3_000;
export const KITE_CONNECTIONS_PER_APP_MAX = 3;
const CLIENT_MESSAGE_BYTES_MAX = 64 * 1024;
/** Bytes waiting in a socket's buffer beyond which ticks are skipped for it (a slow reader). */
const BUFFERED_BYTES_MAX = 4 * 1024 * 1024;

const MODES = new Set<TickerMode>(['ltp', 'quote', 'full']);

// Every connection of this process is handed the same quote objects of a batch (the market bus):
// each (quote, mode) packet is encoded once and its bytes shared, so a tick costs one encoding
// whatever the number of subscribers; the entries go with the batch's quotes.
const packetsByQuote = new WeakMap<LiveQuote, Map<TickerMode, Uint8Array>>();
/** Kite's heartbeat: a binary frame of one byte, the same bytes for every connection. */
const HEARTBEAT_FRAME = new SharedBinaryFrame(new Uint8Array([0]));

/** The length-prefixed packet of `quote` in `mode`, encoded on first use. */
function packetOf(row: KiteInstrumentRow, quote: LiveQuote, mode: TickerMode): Uint8Array {
  let byMode = packetsByQuote.get(quote);
  if (!byMode) {
    byMode = new Map();
    packetsByQuote.set(quote, byMode);
  }
  let packet = byMode.get(mode);
  if (!packet) {
    packet = encodeTickerPacket(tickerQuoteOf(row, quote), mode);
    byMode.set(mode, packet);
  }
  return packet;
}

/** A stored or live quote of an instrument as a packet carries it (depth: market/depth's illustration). */
export function tickerQuoteOf(row: KiteInstrumentRow, quote: LiveQuote): TickerQuote {
  const isIndex = row.kind === 'index';
  const depth = isIndex
    ? { bids: [], asks: [] }
    : illustrativeDepth({
        symbol: row.symbol,
        pricePaise: quote.pricePaise,
        tickPaise: row.tickPaise,
        lotSize: row.lotSize,
        tickAtMs: quote.tickAtMs,
      });
  const level = (entry: { pricePaise: bigint; quantity: number }) => ({ ...entry, orders: 1 });
  return {
    instrumentToken: Number(row.instrumentToken),
    isIndex,
    lastPricePaise: quote.pricePaise,
    lastQuantity: 0,
    averagePricePaise: quote.volume > 0n ? quote.turnoverPaise / quote.volume : quote.pricePaise,
    volume: quote.volume,
    buyQuantity: depth.bids.reduce((sum, entry) => sum + entry.quantity, 0),
    sellQuantity: depth.asks.reduce((sum, entry) => sum + entry.quantity, 0),
    openPaise: quote.openPaise,
    highPaise: quote.highPaise,
    lowPaise: quote.lowPaise,
    closePaise: quote.previousClosePaise,
    lastTradeAtMs: quote.tickAtMs,
    exchangeAtMs: quote.tickAtMs,
    bids: depth.bids.map(level),
    asks: depth.asks.map(level),
  };
}

/**
 * The ticker connections of this process, fed as the app's JSON stream is (streaming/stream-hub.ts,
 * docs/adr/0037): one market-bus listener and one heartbeat timer for all of them, not one of each
 * per connection. Connections are grouped by their subscriptions (instruments, order and modes):
 * in a beat a group's frame is built once, its WebSocket bytes too, and written to each socket of
 * the group as they are, so a connection costs a beat one write and nothing else.
 */
class KiteTickerHub {
  readonly connections = new Set<TickerConnection>();
  /** The connections with any subscription, by subscription key (TickerConnection.subscriptionsChanged). */
  private readonly groups = new Map<string, Set<TickerConnection>>();
  private readonly stops: (() => void)[] = [];

  constructor(bus: MarketBus) {
    this.stops.push(bus.onTicks((batch) => this.onBatch(batch.quotes)));
    // Rounds of half the heartbeat interval: a connection sent nothing for two rounds gets a
    // heartbeat, so an idle one hears one about every second (never more than 1.5 s of silence).
    const heartbeat = setInterval(() => this.beat(), KITE_HEARTBEAT_MS / 2);
    heartbeat.unref();
    this.stops.push(() => clearInterval(heartbeat));
  }

  /** Moves a connection from the group of key `from` to that of `to` ('': no subscriptions, no group). */
  regroup(connection: TickerConnection, from: string, to: string): void {
    if (from === to) return;
    const left = this.groups.get(from);
    left?.delete(connection);
    if (left?.size === 0) this.groups.delete(from);
    if (to === '') return;
    let joined = this.groups.get(to);
    if (!joined) {
      joined = new Set();
      this.groups.set(to, joined);
    }
    joined.add(connection);
  }

  private onBatch(quotes: readonly LiveQuote[]): void {
    for (const group of this.groups.values()) {
      // Built by the group's first connection, from the packets of what it follows.
      let frame: SharedBinaryFrame | undefined;
      for (const connection of group) {
        if (!frame) {
          const payload = connection.frameOf(quotes);
          if (!payload) break; // none of the group's instruments ticked
          frame = new SharedBinaryFrame(payload);
        }
        connection.sendShared(frame);
      }
    }
  }

  private beat(): void {
    for (const connection of this.connections) {
      connection.roundsSinceSent += 1;
      if (connection.roundsSinceSent >= 2) connection.sendShared(HEARTBEAT_FRAME);
    }
  }

  close(): void {
    for (const stop of this.stops.splice(0)) stop();
    for (const connection of [...this.connections]) connection.stop();
  }
}

/** One ticker connection: its subscriptions by symbol, and the investor's order updates. */
class TickerConnection {
  private readonly bySymbol = new Map<string, { row: KiteInstrumentRow; mode: TickerMode }>();
  /** The subscriptions as one string (symbol and mode of each, in order): equal ones share frames. */
  private subscriptionKey = '';
  /** Heartbeat rounds since a frame last went out (KiteTickerHub.beat). */
  roundsSinceSent = 0;
  private readonly wire: WebSocketStreamSocket;
  private readonly stops: (() => void)[] = [];
  private queue: Promise<void> = Promise.resolve();
  /** Closed: a subscription message still queued must not put it back in a group. */
  private stopped = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly transport: KiteTransport,
    private readonly index: KiteInstrumentIndex,
    private context: UserContext,
    private readonly bus: MarketBus,
    private readonly hub: KiteTickerHub,
    userEvents: UserEventChannel,
  ) {
    this.wire = new WebSocketStreamSocket(socket);
    hub.connections.add(this);
    this.stops.push(() => {
      hub.connections.delete(this);
      hub.regroup(this, this.subscriptionKey, '');
    });
    const onOrderEvent = (event: Record<string, unknown>) => this.enqueue(() => this.sendOrderUpdate(event));
    let leaveOrders = userEvents.onUserEvent(context.user.id, onOrderEvent);
    this.stops.push(() => leaveOrders());
    if (context.user.book === 'paper') {
      // A paper app acts as the investor's current paper account: after a reset, the fresh one's
      // orders are this connection's (docs/adr/0026-paper-trading.md), announced on the investor's channel.
      this.stops.push(
        userEvents.onUserEvent(context.user.realUserId, (event) => {
          if (!isPaperAccountChangedNotice(event)) return;
          const paperUserId = BigInt(event.paperUserId as string);
          leaveOrders();
          leaveOrders = userEvents.onUserEvent(paperUserId, onOrderEvent);
          this.context = { ...this.context, user: { ...this.context.user, id: paperUserId, paperUserId } };
        }),
      );
    }
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary || data.byteLength > CLIENT_MESSAGE_BYTES_MAX) return;
      this.enqueue(() => this.receive(data.toString('utf8')));
    });
    socket.on('close', () => this.stop());
    socket.on('error', () => this.stop());
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue
      .then(work)
      .catch((error) => this.transport.deps.log.error({ err: error }, 'kite ticker'));
  }

  stop(): void {
    this.stopped = true;
    for (const stop of this.stops.splice(0)) stop();
  }

  /** Whether a frame may be written now: the socket is open and its reader keeps up. */
  private get writable(): boolean {
    return this.socket.readyState === this.socket.OPEN && this.socket.bufferedAmount <= BUFFERED_BYTES_MAX;
  }

  private send(data: Uint8Array | string): void {
    if (!this.writable) return;
    this.socket.send(data);
    this.roundsSinceSent = 0;
  }

  /** A frame other connections get too, its pre-built bytes written to the socket as they are. */
  sendShared(frame: SharedBinaryFrame): void {
    if (!this.writable) return;
    this.wire.sendShared(frame);
    this.roundsSinceSent = 0;
  }

  /** The packets of the subscribed instruments among `quotes` as one frame, if any ticked. */
  frameOf(quotes: readonly LiveQuote[]): Uint8Array | null {
    const packets: Uint8Array[] = [];
    for (const quote of quotes) {
      const subscribed = this.bySymbol.get(quote.symbol);
      if (subscribed) packets.push(packetOf(subscribed.row, quote, subscribed.mode));
    }
    return packets.length > 0 ? tickerFrameOf(packets) : null;
  }

  private subscriptionsChanged(): void {
    let key = '';
    for (const [symbol, { mode }] of this.bySymbol) key += `${symbol}\n${mode}\n`;
    if (!this.stopped) this.hub.regroup(this, this.subscriptionKey, key);
    this.subscriptionKey = key;
  }

  /** `{"a":"subscribe"|"unsubscribe","v":[tokens]}` or `{"a":"mode","v":[mode,[tokens]]}`; others are ignored. */
  private async receive(text: string): Promise<void> {
    let message: { a?: unknown; v?: unknown };
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (!message || typeof message !== 'object' || !Array.isArray(message.v)) return;
    const tokensOf = (value: unknown) =>
      Array.isArray(value)
        ? value
            .filter((token): token is number => Number.isSafeInteger(token))
            .slice(0, KITE_TOKENS_PER_CONNECTION_MAX)
        : [];
    if (message.a === 'subscribe') return this.setMode(tokensOf(message.v), 'quote', true);
    if (message.a === 'unsubscribe') {
      for (const token of tokensOf(message.v)) {
        const row = await this.index.ofToken(String(token));
        if (row) this.bySymbol.delete(row.symbol);
      }
      this.subscriptionsChanged();
      return;
    }
    if (message.a === 'mode') {
      const [mode, tokens] = message.v as [unknown, unknown];
      if (typeof mode === 'string' && MODES.has(mode as TickerMode))
        await this.setMode(tokensOf(tokens), mode as TickerMode, false);
    }
  }

  /**
   * Subscribes (a new subscription is in quote mode, Kite's default) or changes the mode of tokens,
   * then sends their current quotes at once so a subscriber does not wait for the next tick.
   */
  private async setMode(tokens: readonly number[], mode: TickerMode, isSubscribe: boolean): Promise<void> {
    const changed: KiteInstrumentRow[] = [];
    for (const token of tokens) {
      const row = await this.index.ofToken(String(token));
      if (!row) continue;
      const known = this.bySymbol.get(row.symbol);
      if (isSubscribe && known) continue;
      if (!known && this.bySymbol.size >= KITE_TOKENS_PER_CONNECTION_MAX) break;
      if (!isSubscribe && !known) continue;
      this.bySymbol.set(row.symbol, { row, mode });
      changed.push(row);
    }
    this.subscriptionsChanged();
    if (changed.length === 0) return;
    const stored = await readQuotes(
      this.transport.deps.db,
      changed.map((row) => row.symbol),
    );
    const frame = this.frameOf(
      changed
        .map((row) => this.bus.freshestOf(row.symbol, stored.get(row.symbol)))
        .filter((quote): quote is LiveQuote => quote !== undefined),
    );
    if (frame) this.send(frame);
  }

  /** A trading event of the investor as Kite's `{"type":"order","data":Order}` text frame. */
  private async sendOrderUpdate(event: Record<string, unknown>): Promise<void> {
    if (event.type !== 'trade') return;
    const position = event.position as { id?: unknown } | undefined;
    if (typeof position?.id !== 'string') return;
    const order = await kiteOrderOfPosition(
      this.index,
      this.transport.deps,
      this.context,
      BigInt(position.id),
    );
    if (order) this.send(JSON.stringify({ type: 'order', data: order }));
  }
}

/**
 * The Kite ticker at `/kite/ws` (reference §5): `?api_key=&access_token=` checked before the
 * upgrade (bad credentials: HTTP 403, Kite's TokenException body), then binary frames of ltp
 * (8 bytes), quote (44; indices 28) and full (184; indices 32) packets on every tick of a subscribed
 * instrument, a one-byte heartbeat each second while idle, and order updates as text frames.
 */
export function registerKiteTicker(
  transport: KiteTransport,
  index: KiteInstrumentIndex,
  bus: MarketBus,
  userEvents: UserEventChannel,
  slots: ConnectionSlots,
): void {
  const { app, deps } = transport;
  const contexts = new WeakMap<FastifyRequest, { context: UserContext; release: () => void }>();
  const hub = new KiteTickerHub(bus);
  app.addHook('onClose', async () => hub.close());
  app.get(
    '/ws',
    {
      websocket: true,
      preValidation: async (request, reply) => {
        const base = requestContext(deps, request);
        const query = request.query as { api_key?: unknown; access_token?: unknown };
        try {
          const { context, session } = await authenticateKite(
            deps,
            base,
            typeof query.api_key === 'string' && typeof query.access_token === 'string'
              ? { apiKey: query.api_key, accessToken: query.access_token }
              : undefined,
          );
          // Counted by every process together (connection-slots.ts): Kite's limit is per app, not
          // per server. The slot is taken before the upgrade, so two upgrades cannot both take the last.
          const key = `kite-ws:${session.appId}:${session.userId}`;
          const slot = await slots.claim(key, KITE_CONNECTIONS_PER_APP_MAX);
          if (slot === undefined) throw new AppError('TOO_FREQUENT');
          let released = false;
          const release = () => {
            if (released) return;
            released = true;
            slots.release(key, slot).catch((error) => deps.log.error({ err: error }, 'kite ticker slot'));
          };
          // The TCP connection ends with the WebSocket, and also when the upgrade never completes.
          request.raw.socket?.once('close', release);
          contexts.set(request, { context, release });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const status = error.code === 'TOO_FREQUENT' ? 429 : 403;
          return reply.status(status).send(kiteErrorBody(error.code, base.language, error.params));
        }
      },
    },
    (socket, request) => {
      const found = contexts.get(request);
      if (!found) return socket.close(1008);
      const { context, release } = found;
      const connection = new TickerConnection(socket, transport, index, context, bus, hub, userEvents);
      socket.on('close', () => {
        connection.stop();
        release();
      });
    },
  );
}
