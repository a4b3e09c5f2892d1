import { formatPaise } from '@nivesh/core';
import { INDICES } from '@nivesh/market';
import type { LiveQuote, TickBatch, TickBatchListener } from '../market/market-bus.js';
import { lastPriceView } from '../use-cases/market/read-last-prices.js';
import { SharedFrame } from './shared-frame.js';
import {
  isPaperAccountChangedNotice,
  isSessionsRevokedNotice,
  type UserEvent,
  type UserEventChannel,
} from './user-events.js';

/**
 * Where batches of ticks come from. The in-process MarketBus implements it, and so does the
 * RedisMarketBus (redis-fan-out.ts), which also delivers the batches that the market of another
 * server process published into Redis; the hub does not know which one it has.
 */
export interface TickSource {
  onTicks(listener: TickBatchListener): () => void;
}

/** The little of a WebSocket the hub needs (the `ws` WebSocket has it; tests may fake it). */
export interface StreamSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  /** Sends a frame other connections get too (the `ws` adapter writes its pre-built bytes). */
  sendShared?(frame: SharedFrame): void;
  close(code?: number, reason?: string): void;
}

/**
 * The `ticks` frames of one batch, shared by the connections that get the same bytes: by the
 * index version a connection was sent up to, then by its subscription key. `null`: nothing to send.
 */
type BatchFrames = Map<number, Map<string, SharedFrame | null>>;

export type StreamMode = 'ltp' | 'quote';

export interface StreamLimits {
  /** Symbols one connection may follow at once. */
  maxSubscriptions: number;
  /** A connection gets new ticks only while its send buffer holds less than this. */
  flushBelowBytes: number;
  /** A connection whose send buffer holds more than this is closed (1013): it is not reading. */
  closeAboveBytes: number;
  /** No connection is sent nothing for longer than this: a silent one gets a heartbeat frame. */
  heartbeatMs: number;
  /**
   * How often every authenticated connection re-checks its session (expiry; a revocation is
   * announced at once on the user's channel and needs no wait).
   */
  sessionCheckMs: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  maxSubscriptions: 100,
  flushBelowBytes: 64 * 1024,
  closeAboveBytes: 4 * 1024 * 1024,
  heartbeatMs: 15_000,
  sessionCheckMs: 60_000,
};

const OPEN = 1;
/** How long a symbol the database had no quote for is not asked for again (a cache, not a rule). */
const ABSENT_QUOTE_RECHECK_MS = 5_000;
const bigintAsString = (_key: string, value: unknown) => (typeof value === 'bigint' ? String(value) : value);
export const INDEX_TICKER_SYMBOLS: readonly string[] = INDICES.map((index) => index.symbol);

/** One socket's state: what it follows and the latest value of each symbol not yet sent. */
export class StreamConnection {
  readonly subscriptions = new Map<string, StreamMode>();
  /** Latest unsent quote per subscribed symbol: bounded by the subscription limit. */
  readonly pending = new Map<string, LiveQuote>();
  /** The hub's index version this connection has been sent up to (see StreamHub.indicesSince). */
  indicesSentVersion: number;
  userId: bigint | undefined;
  /**
   * Set while the connection is on a user's channel: re-checks the session it authenticated with
   * and leaves the channel when that session has ended (StreamSession in market-stream.ts).
   */
  checkSession: (() => Promise<void>) | undefined;
  private leaveUserChannel: (() => void) | undefined;
  /** Set while the connection follows the investor's paper account (followPaper). */
  private leavePaperChannel: (() => void) | undefined;
  /** How many paper account notices the connection has heard (followPaperAccount). */
  private paperNotices = 0;
  /** Heartbeat rounds (two per heartbeat interval) since a frame last went out. */
  roundsSinceSent = 0;
  /** What it follows, in order and with modes, as a string (see subscriptionKey); '' = stale. */
  private subscriptionKeyCache = '';

  constructor(
    readonly socket: StreamSocket,
    private readonly hub: StreamHub,
  ) {
    this.indicesSentVersion = hub.indexVersion;
  }

  get subscriptionCount(): number {
    return this.subscriptions.size;
  }

  /**
   * The subscriptions as a string, equal for two connections exactly when a batch gives both the
   * same `data` (same symbols, same order, same modes): the key under which they share a frame.
   */
  get subscriptionKey(): string {
    if (this.subscriptionKeyCache === '') {
      let key = '#';
      // Newline-separated: no symbol holds one.
      for (const [symbol, mode] of this.subscriptions) key += `${symbol}\n${mode}\n`;
      this.subscriptionKeyCache = key;
    }
    return this.subscriptionKeyCache;
  }

  subscribe(symbols: readonly string[], mode: StreamMode): void {
    this.subscriptionKeyCache = '';
    for (const symbol of symbols) {
      this.subscriptions.set(symbol, mode);
      this.hub.index(symbol, this);
    }
  }

  unsubscribe(symbols: readonly string[]): void {
    this.subscriptionKeyCache = '';
    for (const symbol of symbols) {
      this.subscriptions.delete(symbol);
      this.pending.delete(symbol);
      this.hub.unindex(symbol, this);
    }
  }

  /**
   * Joins `user:<id>` (leaving any channel joined before). `checkSession` runs when the user's
   * sessions are announced revoked and on the hub's periodic check.
   */
  joinUser(userId: bigint, events: UserEventChannel, checkSession: () => Promise<void>): void {
    this.leaveUser();
    this.userId = userId;
    this.checkSession = checkSession;
    this.leaveUserChannel = events.onUserEvent(userId, (event) => {
      if (isSessionsRevokedNotice(event)) void this.checkSession?.();
      else if (isPaperAccountChangedNotice(event)) {
        // The notice names the new paper account, so the switch happens in the order of the events:
        // none of the old account's is sent after it, and none of the new one's is missed.
        this.paperNotices += 1;
        this.followPaper(BigInt(event.paperUserId as string), events);
      } else this.sendUserEvent(event.type === 'trade' ? { ...event, book: 'real' } : event);
    });
  }

  /**
   * Follows the trade events of the investor's paper account as well (docs/adr/0026-paper-trading.md),
   * sent tagged `book: 'paper'` (those of the investor's own account are tagged 'real'), so an app
   * shows the fills of the book it is in as they happen, whichever book the session switches to.
   * Only trade events: the paper account's other events (its notices) are not the investor's inbox.
   * `read` answers the current paper account (undefined: none yet); call it after `joinUser`, so an
   * opening or reset from then on is announced on the channel. A notice heard while `read` ran wins.
   */
  async followPaperAccount(read: () => Promise<bigint | undefined>, events: UserEventChannel): Promise<void> {
    const noticesBefore = this.paperNotices;
    const paperUserId = await read();
    if (this.paperNotices === noticesBefore) this.followPaper(paperUserId, events);
  }

  private followPaper(paperUserId: bigint | undefined, events: UserEventChannel): void {
    this.leavePaperChannel?.();
    this.leavePaperChannel =
      paperUserId === undefined || this.userId === undefined
        ? undefined
        : events.onUserEvent(paperUserId, (event) => {
            if (event.type === 'trade') this.sendUserEvent({ ...event, book: 'paper' });
          });
  }

  /** Leaves the user's channel; market data keeps flowing. */
  leaveUser(): void {
    this.leavePaperChannel?.();
    this.leavePaperChannel = undefined;
    this.leaveUserChannel?.();
    this.leaveUserChannel = undefined;
    this.checkSession = undefined;
    this.userId = undefined;
  }

  /**
   * Sends the latest known value of each of `symbols` at once, as one `ticks` frame marked
   * `snapshot`, so a screen that subscribes does not wait for the next tick. Values sent here are
   * dropped from the pending ones, which are never older.
   */
  sendSnapshot(symbols: readonly string[]): void {
    const parts: string[] = [];
    for (const symbol of symbols) {
      const quote = this.hub.latestQuote(symbol);
      if (!quote) continue;
      this.pending.delete(symbol);
      parts.push(serializeQuote(quote, this.subscriptions.get(symbol) ?? 'ltp'));
    }
    if (parts.length > 0) this.sendNow(`{"type":"ticks","snapshot":true,"data":[${parts.join(',')}]}`);
  }

  /** A frame that must not be coalesced away (reply, error, user event, heartbeat). */
  sendNow(frame: string): void {
    if (this.socket.readyState !== OPEN) return;
    if (this.socket.bufferedAmount > this.hub.limits.closeAboveBytes) {
      this.socket.close(1013, 'client too slow');
      return;
    }
    this.roundsSinceSent = 0;
    this.socket.send(frame);
  }

  /** A frame as JSON; a bigint in it (an id, paise) goes as a decimal string, as on HTTP. */
  sendFrame(frame: object): void {
    this.sendNow(JSON.stringify(frame, bigintAsString));
  }

  private sendUserEvent(event: UserEvent): void {
    this.sendFrame({ type: 'event', data: event });
  }

  /**
   * Sends what is pending as one frame, unless the socket is still busy with earlier frames. One
   * frame per connection per beat, whatever moved: a send is a system call, and with thousands of
   * connections the calls, not the JSON, are what a beat costs (bench/ws-fanout.ts).
   */
  flush(moved?: ReadonlyMap<string, LiveQuote>, shared?: BatchFrames): boolean {
    if (this.socket.readyState !== OPEN) return true;
    if (this.socket.bufferedAmount >= this.hub.limits.flushBelowBytes) {
      // Busy: keep the latest value of what it follows for a later beat.
      if (moved) {
        for (const symbol of this.subscriptions.keys()) {
          const quote = moved.get(symbol);
          if (quote) this.pending.set(symbol, quote);
        }
      }
      return false;
    }
    if (shared && this.pending.size === 0) {
      // The common case: nothing kept from a busy spell, so the frame depends only on what the
      // connection follows and the index version it was sent up to; build it once for all such.
      let byKey = shared.get(this.indicesSentVersion);
      if (!byKey) {
        byKey = new Map();
        shared.set(this.indicesSentVersion, byKey);
      }
      const key = this.subscriptionKey;
      let frame = byKey.get(key);
      if (frame === undefined) {
        const text = this.frameText(moved);
        frame = text === undefined ? null : new SharedFrame(text);
        byKey.set(key, frame);
      }
      if (frame === null) return true;
      this.indicesSentVersion = this.hub.indexVersion;
      this.roundsSinceSent = 0;
      if (this.socket.sendShared) this.socket.sendShared(frame);
      else this.socket.send(frame.text);
      return true;
    }
    const text = this.frameText(moved);
    if (text === undefined) return true;
    this.indicesSentVersion = this.hub.indexVersion;
    this.roundsSinceSent = 0;
    this.socket.send(text);
    return true;
  }

  /** The `ticks` frame of what is pending or moved and of the index levels not yet sent, if any. */
  private frameText(moved: ReadonlyMap<string, LiveQuote> | undefined): string | undefined {
    const indices = this.hub.indicesSince(this.indicesSentVersion);
    let frame = '{"type":"ticks","data":[';
    let first = true;
    if (this.pending.size > 0 || moved) {
      // In subscription order; values of this batch win over those kept from a busy spell.
      for (const [symbol, mode] of this.subscriptions) {
        const quote = moved?.get(symbol) ?? this.pending.get(symbol);
        if (!quote) continue;
        frame += (first ? '' : ',') + serializeQuote(quote, mode);
        first = false;
      }
      this.pending.clear();
    }
    if (first && indices === '') return undefined;
    return `${frame}]${indices}}`;
  }

  detach(): void {
    this.leaveUser();
    for (const symbol of this.subscriptions.keys()) this.hub.unindex(symbol, this);
    this.subscriptions.clear();
    this.pending.clear();
    this.hub.forget(this);
  }
}

/**
 * Fans each batch of ticks out to the sockets that follow its symbols, and the index ticker to
 * every socket. A socket gets at most one `ticks` frame a batch (its symbols in `data`, the index
 * levels in `indices`); each quote is serialised once per mode, not once per socket. While its send
 * buffer is above `flushBelowBytes` it gets nothing, and only the latest value of each symbol is
 * kept for it (coalescing), so a slow client never makes the server buffer without bound.
 */
export class StreamHub {
  readonly limits: StreamLimits;
  private readonly connections = new Set<StreamConnection>();
  private readonly bySymbol = new Map<string, Set<StreamConnection>>();
  /** Connections that still hold pending values after a batch because they were busy. */
  private readonly backlogged = new Set<StreamConnection>();
  private readonly indexSymbols = new Set(INDEX_TICKER_SYMBOLS);
  /**
   * The index ticker, shared by every connection instead of copied into each: a version that
   * grows with every index level received, the version of each index's latest level, and the
   * `"indices"` part of a frame per version a connection was last sent up to (nearly all were
   * sent up to the previous batch, so a batch builds the part about once).
   */
  indexVersion = 0;
  private readonly indexLevels = new Map<string, { quote: LiveQuote; version: number }>();
  private indicesPartCache = new Map<number, string>();
  /** The newest quote of every symbol seen in a batch or loaded for a snapshot. */
  private readonly latest = new Map<string, LiveQuote>();
  /** Symbols the database had no quote for, until when (performance.now() ms) not to ask again. */
  private readonly absentUntilMs = new Map<string, number>();
  private readonly stopTicks: () => void;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly sessionCheck: NodeJS.Timeout;

  constructor(source: TickSource, limits: Partial<StreamLimits> = {}) {
    this.limits = { ...DEFAULT_STREAM_LIMITS, ...limits };
    this.stopTicks = source.onTicks((batch) => this.onBatch(batch));
    this.heartbeat = setInterval(() => this.beat(), this.limits.heartbeatMs / 2);
    this.heartbeat.unref();
    this.sessionCheck = setInterval(() => void this.recheckSessions(), this.limits.sessionCheckMs);
    this.sessionCheck.unref();
  }

  /** A new connection; it gets the index levels known so far at once. */
  attach(socket: StreamSocket): StreamConnection {
    const connection = new StreamConnection(socket, this);
    this.connections.add(connection);
    const levels: string[] = [];
    for (const symbol of INDEX_TICKER_SYMBOLS) {
      const quote = this.latest.get(symbol);
      if (quote) levels.push(serializeQuote(quote, 'ltp'));
    }
    if (levels.length > 0) {
      connection.sendNow(`{"type":"ticks","snapshot":true,"data":[],"indices":[${levels.join(',')}]}`);
    }
    return connection;
  }

  /** The newest quote of a symbol this hub knows, if any. */
  latestQuote(symbol: string): LiveQuote | undefined {
    return this.latest.get(symbol);
  }

  /**
   * The symbols among `symbols` to read from the database for a snapshot: those without a quote in
   * memory, unless the database had none for them a moment ago (thousands of clients subscribing
   * at once to symbols without a quote would otherwise each ask again).
   */
  symbolsWithoutQuote(symbols: readonly string[]): string[] {
    const nowMs = performance.now();
    return symbols.filter(
      (symbol) => !this.latest.has(symbol) && !((this.absentUntilMs.get(symbol) ?? 0) > nowMs),
    );
  }

  /**
   * Remembers stored quotes for snapshots, unless a newer one arrived meanwhile; `asked` symbols
   * without a stored quote are not asked for again for ABSENT_QUOTE_RECHECK_MS.
   */
  rememberQuotes(quotes: ReadonlyMap<string, LiveQuote>, asked: readonly string[] = []): void {
    for (const quote of quotes.values()) {
      const known = this.latest.get(quote.symbol);
      if (!known || known.tickAtMs < quote.tickAtMs) this.latest.set(quote.symbol, quote);
    }
    const untilMs = performance.now() + ABSENT_QUOTE_RECHECK_MS;
    for (const symbol of asked) if (!quotes.has(symbol)) this.absentUntilMs.set(symbol, untilMs);
  }

  /** Makes every authenticated connection re-check its session; resolves when all have. */
  async recheckSessions(): Promise<void> {
    const checks: Promise<void>[] = [];
    for (const connection of this.connections) {
      if (connection.checkSession) checks.push(connection.checkSession());
    }
    await Promise.all(checks);
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  /** @internal */
  index(symbol: string, connection: StreamConnection): void {
    let followers = this.bySymbol.get(symbol);
    if (!followers) {
      followers = new Set();
      this.bySymbol.set(symbol, followers);
    }
    followers.add(connection);
  }

  /** @internal */
  unindex(symbol: string, connection: StreamConnection): void {
    const followers = this.bySymbol.get(symbol);
    followers?.delete(connection);
    if (followers?.size === 0) this.bySymbol.delete(symbol);
  }

  /** @internal */
  forget(connection: StreamConnection): void {
    this.connections.delete(connection);
    this.backlogged.delete(connection);
  }

  /** `,"indices":[…]`: the latest level of each index that moved after `version`, or ''. */
  indicesSince(version: number): string {
    if (version >= this.indexVersion) return '';
    let part = this.indicesPartCache.get(version);
    if (part === undefined) {
      const levels: string[] = [];
      for (const level of this.indexLevels.values()) {
        if (level.version > version) levels.push(serializeQuote(level.quote, 'ltp'));
      }
      part = `,"indices":[${levels.join(',')}]`;
      this.indicesPartCache.set(version, part);
    }
    return part;
  }

  onBatch(batch: TickBatch): void {
    // The latest quote of each symbol in the batch; a connection picks what it follows from it.
    const moved = new Map<string, LiveQuote>();
    let indicesMoved = false;
    for (const quote of batch.quotes) {
      this.latest.set(quote.symbol, quote);
      moved.set(quote.symbol, quote);
      if (this.indexSymbols.has(quote.symbol)) {
        this.indexVersion += 1;
        this.indexLevels.set(quote.symbol, { quote, version: this.indexVersion });
        indicesMoved = true;
      }
    }
    if (indicesMoved) this.indicesPartCache = new Map();
    // Every connection is due when an index moved; otherwise those following what moved, and
    // those still holding values from a busy spell.
    let targets: Iterable<StreamConnection> = this.connections;
    if (!indicesMoved) {
      const touched = new Set<StreamConnection>(this.backlogged);
      for (const symbol of moved.keys()) {
        const followers = this.bySymbol.get(symbol);
        if (followers) for (const connection of followers) touched.add(connection);
      }
      targets = touched;
    }
    this.backlogged.clear();
    const shared: BatchFrames = new Map();
    for (const connection of targets) {
      if (!connection.flush(moved, shared)) this.backlogged.add(connection);
    }
  }

  /**
   * A heartbeat round, every half heartbeat interval: a heartbeat to each connection that was sent
   * nothing for two rounds, so none is silent for more than the interval. Any frame tells a client
   * the connection is alive (the web client counts every frame), and while the market moves,
   * 10,000 heartbeats at once would be a second fan-out on top of a beat's, delaying it.
   */
  beat(): void {
    for (const connection of this.connections) {
      connection.roundsSinceSent += 1;
      // sendNow sets roundsSinceSent back to 0.
      if (connection.roundsSinceSent >= 2) connection.sendNow('{"type":"heartbeat"}');
    }
  }

  close(): void {
    this.stopTicks();
    clearInterval(this.heartbeat);
    clearInterval(this.sessionCheck);
    for (const connection of [...this.connections]) connection.detach();
  }
}

const serialized = new WeakMap<LiveQuote, Partial<Record<StreamMode, string>>>();

/** A quote as a JSON object in the given mode; cached, so a batch is serialized once per mode. */
export function serializeQuote(quote: LiveQuote, mode: StreamMode): string {
  let forms = serialized.get(quote);
  if (!forms) {
    forms = {};
    serialized.set(quote, forms);
  }
  const cached = forms[mode];
  if (cached) return cached;
  const ltp = lastPriceView(quote);
  const json = JSON.stringify(
    mode === 'ltp'
      ? ltp
      : {
          ...ltp,
          open: formatPaise(quote.openPaise),
          high: formatPaise(quote.highPaise),
          low: formatPaise(quote.lowPaise),
          previousClose: formatPaise(quote.previousClosePaise),
          volume: Number(quote.volume),
        },
  );
  forms[mode] = json;
  return json;
}
