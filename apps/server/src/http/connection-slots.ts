import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * A bound on the connections open at once per key (Kite's 3 ticker connections per API app and
 * user, docs/adr/0037-kite-ticker-fan-out.md), counted by every server process together: a slot is
 * claimed before a connection is accepted and released when it closes. Without Redis there is one
 * process (PGlite claims its data folder; PostgreSQL without Redis is run as one, ADR 0005), and
 * the count in memory is the whole count.
 */
export interface ConnectionSlots {
  /** Takes one of the `max` slots of `key`: answers the slot's id, or undefined when all are taken. */
  claim(key: string, max: number): Promise<string | undefined>;
  /** Gives a slot back; releasing a slot twice does nothing. */
  release(key: string, slot: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryConnectionSlots implements ConnectionSlots {
  private readonly taken = new Map<string, Set<string>>();

  async claim(key: string, max: number): Promise<string | undefined> {
    let slots = this.taken.get(key);
    if ((slots?.size ?? 0) >= max) return undefined;
    if (!slots) {
      slots = new Set();
      this.taken.set(key, slots);
    }
    const slot = randomUUID();
    slots.add(slot);
    return slot;
  }

  async release(key: string, slot: string): Promise<void> {
    const slots = this.taken.get(key);
    slots?.delete(slot);
    if (slots?.size === 0) this.taken.delete(key);
  }

  async close(): Promise<void> {
    this.taken.clear();
  }
}

/** How long a slot of a process that stopped renewing it (it died) keeps counting. */
export const CONNECTION_SLOT_LEASE_MS = 30_000;

// A key's slots are a sorted set of slot ids scored by the time their lease ends, on Redis's own
// clock (TIME), so processes on machines whose clocks differ agree. Expired slots are dropped before
// counting; the key itself expires with its last lease.
const NOW_MS = `local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
`;
const CLAIM_SCRIPT = `${NOW_MS}redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;
// A renewal adds the slot back if its lease had run out (the process stalled): an open connection
// is counted, whatever the stall.
const RENEW_SCRIPT = `${NOW_MS}redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

/**
 * The slots of every process in Redis (REDIS_URL). Each slot has a lease that its process renews
 * every third of the lease while the connection is open, so the slots of a process that died free
 * themselves within one lease, and nothing else has to notice the death.
 */
export class RedisConnectionSlots implements ConnectionSlots {
  /** The slots this process holds, by slot id: the key each is under. */
  private readonly held = new Map<string, string>();
  private readonly renewal: NodeJS.Timeout;

  /** `prefix` is NIVESH_REDIS_PREFIX, so several deployments can share one Redis. */
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly onError: (error: unknown) => void,
    private readonly leaseMs = CONNECTION_SLOT_LEASE_MS,
  ) {
    this.renewal = setInterval(() => void this.renew(), Math.max(1, Math.floor(leaseMs / 3)));
    this.renewal.unref();
  }

  private redisKey(key: string): string {
    return `${this.prefix}slots:${key}`;
  }

  async claim(key: string, max: number): Promise<string | undefined> {
    const slot = randomUUID();
    const claimed = await this.redis.eval(CLAIM_SCRIPT, 1, this.redisKey(key), slot, max, this.leaseMs);
    if (claimed !== 1) return undefined;
    this.held.set(slot, key);
    return slot;
  }

  async release(key: string, slot: string): Promise<void> {
    if (!this.held.delete(slot)) return;
    await this.redis.zrem(this.redisKey(key), slot);
  }

  private async renew(): Promise<void> {
    if (this.held.size === 0) return;
    const pipeline = this.redis.pipeline();
    for (const [slot, key] of this.held)
      pipeline.eval(RENEW_SCRIPT, 1, this.redisKey(key), slot, this.leaseMs);
    try {
      await pipeline.exec();
    } catch (error) {
      this.onError(error);
    }
  }

  /** Stops renewing; on a clean shutdown the slots still held are given back at once. */
  async close(): Promise<void> {
    clearInterval(this.renewal);
    const held = [...this.held];
    this.held.clear();
    if (held.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const [slot, key] of held) pipeline.zrem(this.redisKey(key), slot);
    await pipeline.exec().catch(this.onError);
  }

  /** Stops renewing without giving anything back, as a process that died (for tests). */
  abandon(): void {
    clearInterval(this.renewal);
    this.held.clear();
  }
}
