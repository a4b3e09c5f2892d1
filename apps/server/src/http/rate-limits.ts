import type { FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../application/app-error.js';
import { sha256Hex } from '../security/tokens.js';

/**
 * Fixed-window counters: at most `max` hits per key in each window. In the process by default, or
 * in Redis (INCR and PEXPIRE, atomic per key) so that several server processes count together.
 * Written here because a route needs more than one independent limit (login: per phone and per
 * address), which @fastify/rate-limit runs only once per request.
 */
export interface CounterStore {
  /** Adds one hit and answers the count in the current window. */
  hit(key: string, windowMs: number, nowMs: number): Promise<number>;
}

export class MemoryCounterStore implements CounterStore {
  private readonly windows = new Map<string, { startsAtMs: number; count: number }>();
  async hit(key: string, windowMs: number, nowMs: number): Promise<number> {
    const window = this.windows.get(key);
    if (!window || window.startsAtMs + windowMs <= nowMs) {
      if (this.windows.size > 100_000) this.evict(nowMs, windowMs);
      this.windows.set(key, { startsAtMs: nowMs, count: 1 });
      return 1;
    }
    window.count += 1;
    return window.count;
  }
  // Bounded memory: drop finished windows when the table grows large.
  private evict(nowMs: number, windowMs: number) {
    for (const [key, window] of this.windows)
      if (window.startsAtMs + windowMs <= nowMs) this.windows.delete(key);
  }
}

export class RedisCounterStore implements CounterStore {
  /** `prefix` is NIVESH_REDIS_PREFIX, so several deployments can share one Redis. */
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}
  async hit(key: string, windowMs: number, nowMs: number): Promise<number> {
    const bucket = Math.floor(nowMs / windowMs);
    const redisKey = `${this.prefix}rl:${key}:${bucket}`;
    const [[, count]] = (await this.redis.multi().incr(redisKey).pexpire(redisKey, windowMs).exec()) as [
      [unknown, number],
    ];
    return count;
  }
}

// `req.ip` is missing in injected WebSocket requests; never let that turn into a 500.
const ipOf = (request: FastifyRequest) => request.ip ?? 'unknown';
const accountOf = (request: FastifyRequest) => {
  const body = request.body as { account?: unknown } | undefined;
  return typeof body?.account === 'string' ? body.account.replace(/\D/g, '').slice(-10) : 'none';
};

/** The limits DESIGN.md section 7 asks for, as preHandlers (they run after body validation). */
export function rateLimits(store: CounterStore, nowMs: () => number) {
  const limit =
    (
      name: string,
      max: number,
      windowMs: number,
      key: (request: FastifyRequest) => string,
    ): preHandlerHookHandler =>
    async (request) => {
      const count = await store.hit(`${name}:${key(request)}`, windowMs, nowMs());
      if (count > max) throw new AppError('TOO_FREQUENT');
    };
  return {
    /**
     * Adds a hit to a named window and answers the count in it: for limits whose size is read per
     * request (the Kite transport's, from the parameters registry).
     */
    countHit: (key: string, windowMs: number) => store.hit(key, windowMs, nowMs()),
    loginPerAccount: limit('login-account', 10, 15 * 60_000, accountOf),
    loginPerAddress: limit('login-address', 50, 15 * 60_000, ipOf),
    registerPerAddress: limit('register-address', 10, 60 * 60_000, ipOf),
    resetPerAccount: limit('reset-account', 5, 15 * 60_000, accountOf),
    /** Money-moving calls of one investor: "submitting too frequently" beyond 10 a minute. */
    // Keyed by a digest of the session token: a counter's name (in Redis) must not carry the secret.
    fundActionPerUser: limit('fund-action', 10, 60_000, (request) =>
      typeof request.headers.token === 'string' ? sha256Hex(request.headers.token) : ipOf(request),
    ),
  };
}

export type RateLimits = ReturnType<typeof rateLimits>;
