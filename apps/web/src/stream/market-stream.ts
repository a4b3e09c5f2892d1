/**
 * The live market over the server's WebSocket (/api/vue/ws): one connection for the whole app,
 * shared by every screen that follows symbols. It reconnects after a drop with exponential backoff
 * (1 s, 2 s, 4 s … at most 30 s, with jitter), subscribes again to what is followed, and says
 * "stale" whenever it is not connected or has heard nothing (not even the 15 s heartbeat) for 35 s,
 * so a screen never shows old prices as live.
 */

/** A price update; money as decimal strings, changeRate a percentage. Quote mode adds the day's fields. */
export interface Tick {
  symbol: string;
  price: string;
  change: string;
  changeRate: number;
  time: number;
  simulated: boolean;
  /** Where the price comes from (docs/adr/0023); absent from servers older than the field. */
  source?: 'simulated' | 'imported' | 'feed';
  open?: string;
  high?: string;
  low?: string;
  previousClose?: string;
  volume?: number;
}

/** An event on the investor's own channel, as the server sends it. */
export type UserEvent = { type?: string } & Record<string, unknown>;

/**
 * The user event a listener hears when the connection (re)joins the investor's channel: whatever it
 * shows may have missed events, so it re-reads. Carries `unread`, the count of unread notices.
 */
export const RESYNC_EVENT = 'resync';

export type StreamStatus = 'connecting' | 'live' | 'stale';
export type StreamMode = 'ltp' | 'quote';

export interface SocketLike {
  readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

export interface StreamOptions {
  createSocket: () => SocketLike;
  /** Session to join the investor's event channel; empty when signed out. */
  readSession?: () => { token: string; account: string } | null;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  random?: () => number;
  /** Wait this long before the first connection (the app: 1.5 s; tests: 0). */
  startDelayMs?: number;
}

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;
/** Two heartbeats (every 15 s) missed, and a little slack. */
export const SILENCE_LIMIT_MS = 35_000;
const WATCHDOG_EVERY_MS = 5_000;
const OPEN = 1;

/** Delay before reconnect attempt n (0-based): 1 s × 2^n, at most 30 s, plus up to 20 % jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return Math.round(base * (1 + 0.2 * random()));
}

type Listener<T> = (value: T) => void;

export class MarketStream {
  private socket: SocketLike | null = null;
  private readonly follows = new Map<string, { count: number; quoteCount: number }>();
  private readonly tickListeners = new Set<Listener<Tick[]>>();
  private readonly indexListeners = new Set<Listener<Tick[]>>();
  private readonly userEventListeners = new Set<Listener<UserEvent>>();
  private readonly statusListeners = new Set<Listener<StreamStatus>>();
  private currentStatus: StreamStatus = 'connecting';
  private attempt = 0;
  private lastHeardAt = 0;
  private reconnectTimer: unknown = null;
  private watchdogTimer: unknown = null;
  private started = false;
  private readonly options: Required<Omit<StreamOptions, 'readSession'>> & Pick<StreamOptions, 'readSession'>;

  constructor(options: StreamOptions) {
    this.options = {
      now: () => Date.now(),
      setTimer: (callback, ms) => setTimeout(callback, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      random: Math.random,
      startDelayMs: 0,
      ...options,
    };
  }

  get status(): StreamStatus {
    return this.currentStatus;
  }

  /** Follows symbols until the returned function is called; quote mode adds open, high, low and volume. */
  follow(symbols: readonly string[], mode: StreamMode = 'ltp'): () => void {
    const added: string[] = [];
    const upgraded: string[] = [];
    for (const raw of symbols) {
      const symbol = raw.toUpperCase();
      const entry = this.follows.get(symbol) ?? { count: 0, quoteCount: 0 };
      if (entry.count === 0) added.push(symbol);
      else if (mode === 'quote' && entry.quoteCount === 0) upgraded.push(symbol);
      entry.count += 1;
      if (mode === 'quote') entry.quoteCount += 1;
      this.follows.set(symbol, entry);
    }
    this.ensureStarted();
    const newLtp = added.filter((symbol) => (this.follows.get(symbol)?.quoteCount ?? 0) === 0);
    const newQuote = [...added, ...upgraded].filter(
      (symbol) => (this.follows.get(symbol)?.quoteCount ?? 0) > 0,
    );
    if (newLtp.length) this.send({ op: 'subscribe', symbols: newLtp, mode: 'ltp' });
    if (newQuote.length) this.send({ op: 'subscribe', symbols: newQuote, mode: 'quote' });

    let released = false;
    return () => {
      if (released) return;
      released = true;
      const dropped: string[] = [];
      for (const raw of symbols) {
        const symbol = raw.toUpperCase();
        const entry = this.follows.get(symbol);
        if (!entry) continue;
        entry.count -= 1;
        if (mode === 'quote') entry.quoteCount -= 1;
        if (entry.count <= 0) {
          this.follows.delete(symbol);
          dropped.push(symbol);
        }
      }
      if (dropped.length) this.send({ op: 'unsubscribe', symbols: dropped });
    };
  }

  onTicks(listener: Listener<Tick[]>): () => void {
    this.tickListeners.add(listener);
    this.ensureStarted();
    return () => this.tickListeners.delete(listener);
  }

  onIndices(listener: Listener<Tick[]>): () => void {
    this.indexListeners.add(listener);
    this.ensureStarted();
    return () => this.indexListeners.delete(listener);
  }

  /**
   * Events of the signed-in investor (`{ type: 'message' | 'unread' | 'trade' | ... }`): the socket
   * authenticates with the stored session and the server pushes them on the user's channel.
   */
  onUserEvent(listener: Listener<UserEvent>): () => void {
    this.userEventListeners.add(listener);
    this.ensureStarted();
    return () => this.userEventListeners.delete(listener);
  }

  onStatus(listener: Listener<StreamStatus>): () => void {
    this.statusListeners.add(listener);
    this.ensureStarted();
    return () => this.statusListeners.delete(listener);
  }

  /** Closes the connection for good (tests, sign-out). */
  stop(): void {
    this.started = false;
    if (this.reconnectTimer !== null) this.options.clearTimer(this.reconnectTimer);
    if (this.watchdogTimer !== null) this.options.clearTimer(this.watchdogTimer);
    this.reconnectTimer = null;
    this.watchdogTimer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close();
    }
  }

  private ensureStarted(): void {
    if (this.started) return;
    this.started = true;
    // The first connection waits for the first screen to settle (startDelayMs), so opening the
    // socket and the first burst of ticks do not compete with the screen's own loading.
    if (this.options.startDelayMs > 0) {
      this.reconnectTimer = this.options.setTimer(() => {
        this.reconnectTimer = null;
        if (this.started) this.connect();
      }, this.options.startDelayMs);
    } else {
      this.connect();
    }
    this.scheduleWatchdog();
  }

  private setStatus(status: StreamStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const listener of this.statusListeners) listener(status);
  }

  private send(message: object): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private connect(): void {
    let socket: SocketLike;
    try {
      socket = this.options.createSocket();
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.lastHeardAt = this.options.now();
      this.setStatus('live');
      const session = this.options.readSession?.();
      if (session?.token) this.send({ op: 'auth', token: session.token, account: session.account });
      const ltp: string[] = [];
      const quote: string[] = [];
      for (const [symbol, entry] of this.follows) (entry.quoteCount > 0 ? quote : ltp).push(symbol);
      if (ltp.length) this.send({ op: 'subscribe', symbols: ltp, mode: 'ltp' });
      if (quote.length) this.send({ op: 'subscribe', symbols: quote, mode: 'quote' });
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = () => {
      // onclose follows and schedules the reconnect.
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.setStatus('stale');
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (!this.started || this.reconnectTimer !== null) return;
    const delay = backoffDelay(this.attempt, this.options.random);
    this.attempt += 1;
    this.reconnectTimer = this.options.setTimer(() => {
      this.reconnectTimer = null;
      if (this.started) this.connect();
    }, delay);
  }

  private scheduleWatchdog(): void {
    this.watchdogTimer = this.options.setTimer(() => {
      this.watchdogTimer = null;
      if (!this.started) return;
      const silent = this.options.now() - this.lastHeardAt > SILENCE_LIMIT_MS;
      if (this.socket?.readyState === OPEN && silent) {
        // A half-open connection: say so, and start again.
        const socket = this.socket;
        this.socket = null;
        socket.onclose = null;
        socket.close();
        this.setStatus('stale');
        this.scheduleReconnect();
      }
      this.scheduleWatchdog();
    }, WATCHDOG_EVERY_MS);
  }

  private receive(data: unknown): void {
    this.lastHeardAt = this.options.now();
    if (this.currentStatus !== 'live' && this.socket?.readyState === OPEN) this.setStatus('live');
    if (typeof data !== 'string') return;
    let message: { type?: string; data?: unknown; indices?: unknown };
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (message.type === 'ticks' && Array.isArray(message.data)) {
      if (message.data.length > 0)
        for (const listener of this.tickListeners) listener(message.data as Tick[]);
      // Index levels ride in the same frame (`indices`) since the server sends one frame per beat.
      if (Array.isArray(message.indices)) {
        for (const listener of this.indexListeners) listener(message.indices as Tick[]);
      }
    } else if (message.type === 'indices' && Array.isArray(message.data)) {
      for (const listener of this.indexListeners) listener(message.data as Tick[]);
    } else if (message.type === 'event' && message.data && typeof message.data === 'object') {
      for (const listener of this.userEventListeners) listener(message.data as UserEvent);
    } else if (message.type === 'authenticated') {
      // Events sent before this connection joined the user's channel (before the socket opened, or
      // between reconnects) were never heard: listeners re-read what they show. The reply carries the
      // unread count read after joining.
      const { unread } = message as { unread?: unknown };
      const event: UserEvent = { type: RESYNC_EVENT };
      if (typeof unread === 'number') event.unread = unread;
      for (const listener of this.userEventListeners) listener(event);
    }
  }
}

/** The app opens its socket this long after the first screen asks for it. */
export const FIRST_CONNECTION_DELAY_MS = 1_500;

let shared: MarketStream | null = null;

/** The app's one stream, opened on first use against the page's own host. */
export function marketStream(): MarketStream {
  if (!shared) {
    shared = new MarketStream({
      createSocket: () => {
        const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
        return new WebSocket(`${scheme}://${window.location.host}/api/vue/ws`) as unknown as SocketLike;
      },
      startDelayMs: FIRST_CONNECTION_DELAY_MS,
      readSession: () => {
        const token = localStorage.getItem('token') ?? '';
        return token ? { token, account: localStorage.getItem('account') ?? '' } : null;
      },
    });
  }
  return shared;
}

/** Replaces the shared stream (component tests use a fake socket). */
export function setMarketStream(stream: MarketStream | null): void {
  shared?.stop();
  shared = stream;
}
