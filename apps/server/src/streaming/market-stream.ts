import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../application/context.js';
import type { MarketBus } from '../market/market-bus.js';
import { findListedSymbols } from '../repositories/instrument.repository.js';
import { countUnreadMessages } from '../repositories/message.repository.js';
import { findPaperAccount } from '../repositories/paper-account.repository.js';
import { readQuotes } from '../repositories/quote.repository.js';
import { findLiveSession, isSessionLive } from '../repositories/session.repository.js';
import { sessionPolicyOf } from '../use-cases/accounts/open-session.js';
import { normalizeSymbol } from '../use-cases/market/find-instrument.js';
import { WebSocketStreamSocket } from './shared-frame.js';
import { type StreamConnection, StreamHub, type StreamLimits, type StreamMode } from './stream-hub.js';
import type { UserEvents } from './user-events.js';

/** What a `ws` socket hands to 'message' listeners. */
type RawData = Buffer | ArrayBuffer | Buffer[];

declare module 'fastify' {
  interface FastifyInstance {
    /** Every batch of market ticks; streaming listens, the market publishes. */
    marketBus: MarketBus;
    /** The per-user event channel: `app.userEvents.publishUserEvent(userId, event)`. */
    userEvents: UserEvents;
  }
}

export const STREAM_PATH = '/api/vue/ws';
/** A client message larger than this gets a MESSAGE_TOO_LARGE error frame. */
export const MAX_CLIENT_MESSAGE_BYTES = 4 * 1024;
/** Frames beyond this are refused by the WebSocket layer itself (close 1009). */
const MAX_FRAME_BYTES = 64 * 1024;
/** Messages of one connection waiting for the database (subscribe, auth) before more are refused. */
const MAX_QUEUED_MESSAGES = 16;
const MAX_FAILED_AUTHS = 5;

export interface MarketStreamOptions {
  bus: MarketBus;
  userEvents: UserEvents;
  limits?: Partial<StreamLimits>;
}

/** Registers the WebSocket plugin and `GET /api/vue/ws` (protocol in docs/api.md, "Streaming"). */
export async function registerMarketStream(
  app: FastifyInstance,
  deps: AppDeps,
  options: MarketStreamOptions,
): Promise<StreamHub> {
  const hub = new StreamHub(options.bus, options.limits);
  app.addHook('onClose', async () => hub.close());
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  app.get(STREAM_PATH, { websocket: true, schema: { hide: true } }, (socket) => {
    const connection = hub.attach(new WebSocketStreamSocket(socket));
    const session = new StreamSession(deps, hub, connection, options.userEvents);
    socket.on('message', (data: RawData, isBinary: boolean) => session.receive(data, isBinary));
    socket.on('close', () => connection.detach());
    socket.on('error', () => connection.detach());
  });
  return hub;
}

type ClientMessage =
  | { op: 'subscribe'; symbols: string[]; mode: StreamMode }
  | { op: 'unsubscribe'; symbols: string[] }
  | { op: 'auth'; token: string; account: string }
  | { op: 'ping' };

class StreamSession {
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  private failedAuths = 0;
  /** The session the connection authenticated with, while it is on the user's channel. */
  private sessionId: bigint | undefined;

  constructor(
    private readonly deps: AppDeps,
    private readonly hub: StreamHub,
    private readonly connection: StreamConnection,
    private readonly userEvents: UserEvents,
  ) {}

  private error(code: string, msg: string, params?: Record<string, unknown>): void {
    this.connection.sendFrame({ type: 'error', code, msg, ...(params ? { params } : {}) });
  }

  receive(data: RawData, isBinary: boolean): void {
    const size = Array.isArray(data) ? data.reduce((sum, part) => sum + part.byteLength, 0) : data.byteLength;
    if (size > MAX_CLIENT_MESSAGE_BYTES) {
      this.error('MESSAGE_TOO_LARGE', `Messages are limited to ${MAX_CLIENT_MESSAGE_BYTES} bytes.`, {
        limitBytes: MAX_CLIENT_MESSAGE_BYTES,
      });
      return;
    }
    if (isBinary) {
      this.error('MALFORMED_MESSAGE', 'Send JSON text frames.');
      return;
    }
    const text = Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.from(data as ArrayBuffer).toString('utf8');
    const message = parseMessage(text);
    if (typeof message === 'string') {
      this.error('MALFORMED_MESSAGE', message);
      return;
    }
    if (message.op === 'ping') {
      this.connection.sendNow('{"type":"pong"}');
      return;
    }
    if (message.op === 'unsubscribe') {
      // Keeps the order with a subscribe still waiting for the database.
      this.enqueue(async () => this.unsubscribe(message.symbols));
      return;
    }
    if (this.queued >= MAX_QUEUED_MESSAGES) {
      this.error('TOO_MANY_REQUESTS', 'Too many messages at once; wait for the replies.');
      return;
    }
    this.enqueue(async () =>
      message.op === 'subscribe' ? this.subscribe(message.symbols, message.mode) : this.auth(message),
    );
  }

  private enqueue(work: () => Promise<void>): void {
    this.queued += 1;
    this.queue = this.queue
      .then(work)
      .catch((error: unknown) => {
        this.deps.log.error({ err: error }, 'a stream message failed');
        this.error('SYSTEM_BUSY', 'The message could not be handled; try again.');
      })
      .finally(() => {
        this.queued -= 1;
      });
  }

  private async subscribe(requested: string[], mode: StreamMode): Promise<void> {
    const symbols = [...new Set(requested.map(normalizeSymbol))];
    const known = await findListedSymbols(this.deps.db, symbols);
    const unknown = symbols.filter((symbol) => !known.has(symbol));
    if (unknown.length > 0) {
      this.error('INSTRUMENT_NOT_FOUND', `Unknown symbol: ${unknown.join(', ')}.`, { symbols: unknown });
    }
    const valid = symbols.filter((symbol) => known.has(symbol));
    if (valid.length === 0) return;
    const added = valid.filter((symbol) => !this.connection.subscriptions.has(symbol)).length;
    const limit = this.hub.limits.maxSubscriptions;
    if (this.connection.subscriptionCount + added > limit) {
      this.error('TOO_MANY_SUBSCRIPTIONS', `At most ${limit} symbols per connection.`, {
        limit,
        subscribed: this.connection.subscriptionCount,
      });
      return;
    }
    // The current value at once: from memory, or the stored quote when no tick was seen yet. The
    // stored ones are read first, so that subscribing, the reply and the snapshot happen together
    // and no tick of a later batch can reach the client before an older snapshot.
    const missing = this.hub.symbolsWithoutQuote(valid);
    if (missing.length > 0) this.hub.rememberQuotes(await readQuotes(this.deps.db, missing), missing);
    this.connection.subscribe(valid, mode);
    this.connection.sendFrame({ type: 'subscribed', symbols: valid, mode });
    this.connection.sendSnapshot(valid);
  }

  private async unsubscribe(requested: string[]): Promise<void> {
    const symbols = [...new Set(requested.map(normalizeSymbol))].filter((symbol) =>
      this.connection.subscriptions.has(symbol),
    );
    this.connection.unsubscribe(symbols);
    this.connection.sendFrame({ type: 'unsubscribed', symbols });
  }

  private async auth(message: { token: string; account: string }): Promise<void> {
    const session = await findLiveSession(
      this.deps.db,
      message.token,
      this.deps.clock.now(),
      sessionPolicyOf(this.deps.config),
    );
    const refusal =
      !session || session.phone !== message.account
        ? 'UNAUTHORIZED'
        : session.flags.includes('disabled')
          ? 'ACCOUNT_DISABLED'
          : session.flags.includes('login_banned')
            ? 'LOGIN_BANNED'
            : undefined;
    if (refusal || !session) {
      this.failedAuths += 1;
      this.error(refusal ?? 'UNAUTHORIZED', 'The token and account do not name a live session.');
      if (this.failedAuths >= MAX_FAILED_AUTHS) this.connection.socket.close(1008, 'too many failed auths');
      return;
    }
    const sessionId = session.sessionId;
    this.connection.joinUser(session.userId, this.userEvents, () =>
      this.enqueueCheck(async () => {
        const policy = sessionPolicyOf(this.deps.config);
        if (await isSessionLive(this.deps.db, sessionId, this.deps.clock.now(), policy)) return;
        // Only if this is still the session the connection is on (a later auth may have replaced it).
        if (this.sessionId !== sessionId) return;
        this.sessionId = undefined;
        this.connection.leaveUser();
        this.error('UNAUTHORIZED', 'The session has ended; sign in and authenticate again for events.', {
          reason: 'session_ended',
        });
      }),
    );
    this.sessionId = sessionId;
    await this.connection.followPaperAccount(
      async () => (await findPaperAccount(this.deps.db, session.userId))?.paperUserId,
      this.userEvents,
    );
    // The unread count is read after joining the channel: a notice that arrived while the client was
    // not listening (before the socket opened, or between reconnects) is counted here, and one that
    // arrives from now on is pushed, so the badge never waits for the client's next poll.
    const unread = await countUnreadMessages(this.deps.db, session.userId);
    this.connection.sendFrame({ type: 'authenticated', account: session.phone, unread });
  }

  /** Runs a session check in order with the connection's messages; resolves when it has run. */
  private enqueueCheck(check: () => Promise<void>): Promise<void> {
    const done = this.queue.then(check).catch((error: unknown) => {
      this.deps.log.error({ err: error }, 'a stream session check failed');
    });
    this.queue = done;
    return done;
  }
}

const isSymbolList = (value: unknown): value is string[] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every((item) => typeof item === 'string' && item.length > 0 && item.length <= 32);

/** The client message, or why it is malformed. */
function parseMessage(text: string): ClientMessage | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'The message is not valid JSON.';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'The message must be a JSON object.';
  const message = value as Record<string, unknown>;
  switch (message.op) {
    case 'ping':
      return { op: 'ping' };
    case 'subscribe': {
      if (!isSymbolList(message.symbols)) return 'subscribe needs "symbols": a non-empty list of symbols.';
      const mode = message.mode ?? 'ltp';
      if (mode !== 'ltp' && mode !== 'quote') return '"mode" must be "ltp" or "quote".';
      return { op: 'subscribe', symbols: message.symbols, mode };
    }
    case 'unsubscribe':
      if (!isSymbolList(message.symbols)) return 'unsubscribe needs "symbols": a non-empty list of symbols.';
      return { op: 'unsubscribe', symbols: message.symbols };
    case 'auth':
      if (
        typeof message.token !== 'string' ||
        typeof message.account !== 'string' ||
        message.token === '' ||
        message.token.length > 128 ||
        message.account.length > 32
      ) {
        return 'auth needs "token" and "account" strings.';
      }
      return { op: 'auth', token: message.token, account: message.account };
    default:
      return '"op" must be one of subscribe, unsubscribe, auth, ping.';
  }
}
