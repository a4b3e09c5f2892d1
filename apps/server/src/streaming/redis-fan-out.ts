import { randomUUID } from 'node:crypto';
import type { Tick } from '@nivesh/market';
import type { Redis } from 'ioredis';
import { type LiveQuote, liveSource, MarketBus, type TickBatch } from '../market/market-bus.js';
import { type UserEvent, UserEvents } from './user-events.js';

/**
 * Fan-out across server processes through Redis pub/sub (REDIS_URL). Every process runs one
 * RedisFanOut with one subscriber connection and two channels:
 *
 * - `<prefix>ticks`: each batch the local market publishes goes to the local listeners at once
 *   and to Redis; a batch that another process published arrives from Redis and goes to the local
 *   listeners (streaming, and later the engine) as if the market were here.
 * - `<prefix>user-events`: `publishUserEvent` delivers to the local sockets of the user at once and
 *   to Redis; the other processes deliver it to their sockets of that user.
 *
 * A message carries the id of the process that sent it, so a process never delivers its own
 * message twice. Only one process should feed the market (main.ts picks it with a PostgreSQL
 * advisory lock); the others only listen. Every process receives every user event and drops those
 * of users without a socket here: simple, and cheap at the rate of fills and messages; per-user
 * channels would be the next step if that rate grows.
 */
export class RedisFanOut {
  readonly origin = randomUUID();
  readonly marketBus: RedisMarketBus;
  readonly userEvents: RedisUserEvents;
  private readonly ticksChannel: string;
  private readonly userEventsChannel: string;
  private closed = false;

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    prefix: string,
    private readonly onError: (error: unknown, context: string) => void,
  ) {
    this.ticksChannel = `${prefix}ticks`;
    this.userEventsChannel = `${prefix}user-events`;
    this.marketBus = new RedisMarketBus(this, (error) => onError(error, 'a market bus listener failed'));
    this.userEvents = new RedisUserEvents(this, (error) => onError(error, 'a user event listener failed'));
  }

  /**
   * Subscribes (on a duplicate of `publisher`: a subscribing connection can do nothing else) and
   * resolves once Redis has confirmed both channels, so nothing published afterwards is missed.
   */
  static async connect(
    publisher: Redis,
    prefix: string,
    onError: (error: unknown, context: string) => void,
  ): Promise<RedisFanOut> {
    const subscriber = publisher.duplicate();
    const fanOut = new RedisFanOut(publisher, subscriber, prefix, onError);
    subscriber.on('message', (channel: string, message: string) => fanOut.receive(channel, message));
    subscriber.on('error', (error: unknown) => onError(error, 'the Redis subscriber failed'));
    await subscriber.subscribe(fanOut.ticksChannel, fanOut.userEventsChannel);
    return fanOut;
  }

  /** @internal */
  send(kind: 'ticks' | 'user-events', payload: string): void {
    if (this.closed) return;
    const channel = kind === 'ticks' ? this.ticksChannel : this.userEventsChannel;
    this.publisher
      .publish(channel, `${this.origin}\n${payload}`)
      .catch((error: unknown) => this.onError(error, `publishing to ${channel} failed`));
  }

  private receive(channel: string, message: string): void {
    const newline = message.indexOf('\n');
    if (newline < 0 || message.slice(0, newline) === this.origin) return;
    const payload = message.slice(newline + 1);
    try {
      if (channel === this.ticksChannel) this.marketBus.deliver(decodeBatch(payload));
      else if (channel === this.userEventsChannel) {
        const { userId, event } = JSON.parse(payload) as { userId: string; event: UserEvent };
        this.userEvents.deliver(userId, event);
      }
    } catch (error) {
      this.onError(error, `a message on ${channel} could not be read`);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }
}

/** The market bus over Redis: local listeners hear every process's market. */
export class RedisMarketBus extends MarketBus {
  constructor(
    private readonly fanOut: RedisFanOut,
    onListenerError: (error: unknown) => void,
  ) {
    super(onListenerError);
  }

  override publish(batch: TickBatch): void {
    super.publish(batch);
    this.fanOut.send('ticks', encodeBatch(batch));
  }

  /** A batch from another process: local listeners only. */
  deliver(batch: TickBatch): void {
    super.publish(batch);
  }
}

/** The user event channel over Redis: an event reaches the user's sockets on every process. */
export class RedisUserEvents extends UserEvents {
  constructor(
    private readonly fanOut: RedisFanOut,
    onListenerError: (error: unknown) => void,
  ) {
    super(onListenerError);
  }

  override publishUserEvent(userId: bigint | string, event: UserEvent): void {
    super.publishUserEvent(userId, event);
    this.fanOut.send('user-events', JSON.stringify({ userId: String(userId), event }, bigintAsString));
  }

  /** An event from another process: local sockets only. */
  deliver(userId: string, event: UserEvent): void {
    super.publishUserEvent(userId, event);
  }
}

const bigintAsString = (_key: string, value: unknown) => (typeof value === 'bigint' ? String(value) : value);

/*
 * A batch on the wire: arrays instead of objects (a beat of the whole market is a few kB), paise
 * and share counts as decimal strings so that no bigint passes through a JavaScript number.
 */
type WireQuote = [string, string, string, string, string, string, string, string, number, boolean];
type WireTick = [string, string, number, number, boolean];

export function encodeBatch(batch: TickBatch): string {
  const quotes: WireQuote[] = batch.quotes.map((quote) => [
    quote.symbol,
    String(quote.pricePaise),
    String(quote.previousClosePaise),
    String(quote.openPaise),
    String(quote.highPaise),
    String(quote.lowPaise),
    String(quote.volume),
    String(quote.turnoverPaise),
    quote.tickAtMs,
    quote.simulated,
  ]);
  const ticks: WireTick[] = batch.ticks.map((tick) => [
    tick.symbol,
    String(tick.pricePaise),
    tick.volume,
    tick.atMs,
    tick.simulated,
  ]);
  return JSON.stringify({ q: quotes, t: ticks });
}

export function decodeBatch(payload: string): TickBatch {
  const wire = JSON.parse(payload) as { q: WireQuote[]; t: WireTick[] };
  const quotes = wire.q.map(
    ([symbol, price, previousClose, open, high, low, volume, turnover, tickAtMs, simulated]): LiveQuote => ({
      symbol,
      pricePaise: BigInt(price),
      previousClosePaise: BigInt(previousClose),
      openPaise: BigInt(open),
      highPaise: BigInt(high),
      lowPaise: BigInt(low),
      volume: BigInt(volume),
      turnoverPaise: BigInt(turnover),
      tickAtMs,
      simulated,
      // The bus carries live ticks only (an import never publishes), so the flag says the source.
      source: liveSource(simulated),
    }),
  );
  const ticks = wire.t.map(
    ([symbol, price, volume, atMs, simulated]): Tick => ({
      symbol,
      pricePaise: BigInt(price),
      volume,
      atMs,
      simulated,
    }),
  );
  return { quotes, ticks };
}
