import underPressure from '@fastify/under-pressure';
import {
  cancelOrder,
  closePosition,
  login,
  loginVerify,
  placeOrder,
  register,
  resetPassword,
  sellHoldings,
  staffLogin,
} from '@nivesh/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CapacityConfig } from '../config.js';
import { passwordHashingLoad } from '../security/passwords.js';
import { refusalReply } from './envelope.js';
import { requestLanguage } from './language.js';

/**
 * Admission control (docs/adr/0030-admission-control-and-session-cache.md). Beyond capacity a
 * request is answered at once with 429 and `Retry-After`, before its body is read, instead of
 * queueing until every request is late:
 *
 * - orders (placing, cancelling, closing, selling) are refused when they would wait: once the oldest
 *   admitted order still unfinished has been in progress longer than `orderWaitMsMax`, or the
 *   event loop's mean delay is longer (a request waits that long before it is even seen), a new one
 *   is refused at once rather than queued for seconds (and past their in-flight bound);
 *   never for event-loop delay: they keep priority over everything else;
 * - while orders are late that way, new sign-ins are refused too: their argon2id work would take the
 *   CPU the late orders need;
 * - sign-ins run at most `signInsInFlightMax` at once (their argon2id work, tens of ms of CPU each,
 *   is bounded apart, by `signInConcurrency` computations at once: security/passwords.ts); up to
 *   `signInQueueMax` wait at most `signInWaitMsMax`; beyond that, and while the event loop is
 *   delayed past `eventLoopDelayMsMax`, they are refused;
 * - reads and every other call are refused past their in-flight bound and while the loop is delayed.
 */
export type RequestClass = 'order' | 'sign-in' | 'read';

const pathOf = (call: { path: string }) => `/api/vue/${call.path}`;
const ORDER_PATHS = new Set([placeOrder, cancelOrder, closePosition, sellHoldings].map(pathOf));
const SIGN_IN_PATHS = new Set([login, loginVerify, register, resetPassword, staffLogin].map(pathOf));
/** Never refused: a load balancer's health check must see the process as it is. */
const UNBOUNDED_PATHS = new Set(['/api/health']);

/** How many of the latest orders' durations the health reply's percentiles are taken over. */
const ORDER_TIMES_KEPT = 1_000;

/** The latest `size` durations, in ms, in a ring: their percentiles on demand. */
class RecentDurations {
  readonly #values: number[] = [];
  #next = 0;

  constructor(readonly size: number) {}

  add(ms: number): void {
    this.#values[this.#next] = ms;
    this.#next = (this.#next + 1) % this.size;
  }

  /** The value at `share` (0 to 1) of the sorted durations, rounded to a ms; 0 with none. */
  percentile(share: number): number {
    if (this.#values.length === 0) return 0;
    const sorted = [...this.#values].sort((left, right) => left - right);
    return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!);
  }
}

/** The most a Retry-After grows to, as a multiple of the configured one (2 s → 8 s). */
export const RETRY_AFTER_MAX_FACTOR = 4;

/**
 * The Retry-After of a refusal, in seconds: the configured one while overload is brief, doubling
 * for each whole second it has lasted, up to RETRY_AFTER_MAX_FACTOR times (docs/adr/0030). During a
 * sustained surge, clients told to come back soon come back into it: each retry costs the server a
 * refusal (nearly a read's work), and open-loop arrivals plus their retries keep it overloaded.
 *
 * @example retryAfterSecondsFor(2, 400) // 2: a burst
 * @example retryAfterSecondsFor(2, 1_500) // 4
 * @example retryAfterSecondsFor(2, 30_000) // 8
 */
export function retryAfterSecondsFor(baseSeconds: number, overloadedForMs: number): number {
  const doublings = Math.floor(Math.max(0, overloadedForMs) / 1_000);
  return baseSeconds * Math.min(RETRY_AFTER_MAX_FACTOR, 2 ** Math.min(doublings, 30));
}

/**
 * How long this process has been refusing: a spell of overload starts with a refusal after a full
 * second without any, and lasts while refusals keep coming less than a second apart.
 */
export class OverloadSpell {
  #startedAtMs = Number.NEGATIVE_INFINITY;
  #lastRefusalAtMs = Number.NEGATIVE_INFINITY;

  /** Records a refusal at `nowMs` (a monotonic clock's ms) and answers how long the spell has lasted. */
  refusedNow(nowMs: number): number {
    if (nowMs - this.#lastRefusalAtMs >= 1_000) this.#startedAtMs = nowMs;
    this.#lastRefusalAtMs = nowMs;
    return nowMs - this.#startedAtMs;
  }
}

export function requestClassOf(url: string): RequestClass | undefined {
  const path = url.split('?')[0] ?? '';
  if (UNBOUNDED_PATHS.has(path)) return undefined;
  if (ORDER_PATHS.has(path)) return 'order';
  if (SIGN_IN_PATHS.has(path)) return 'sign-in';
  return 'read';
}

/** Counts of what this process is doing, for the health reply and the benchmarks. */
export interface AdmissionCounts {
  inFlight: Record<RequestClass, number>;
  /** How long the oldest order still in progress has been, in ms (0 when none is). */
  oldestOrderMs: number;
  /** The event loop's mean delay over the last second, in ms: how long a request waits to be seen. */
  eventLoopDelayMs: number;
  /**
   * How long the last ORDER_TIMES_KEPT orders took from admission to their reply's end, p50 and
   * p99 in ms (0 before any): the server's part of an order's latency.
   */
  orderMs: { p50: number; p99: number };
  signInsWaiting: number;
  /** argon2id computations running and waiting their turn (security/passwords.ts). */
  passwordHashing: { running: number; waiting: number };
  refused: Record<RequestClass, number>;
}

export async function registerAdmission(
  app: FastifyInstance,
  capacity: CapacityConfig,
): Promise<AdmissionCounts> {
  // When each admitted, unfinished order was admitted, in admission order: the first is the oldest.
  const orderStarts = new Map<object, number>();
  const orderTimes = new RecentDurations(ORDER_TIMES_KEPT);
  const oldestOrderMs = () => {
    const first = orderStarts.values().next();
    return first.done ? 0 : performance.now() - first.value;
  };
  /**
   * Whether a new order would wait past the bound (docs/adr/0030): the oldest order in progress has
   * run longer, or (when loop delay is watched at all) the event loop's mean delay over the last
   * second is longer, since a request waits that long before this hook even sees it.
   */
  const ordersLate = () =>
    capacity.orderWaitMsMax > 0 &&
    (oldestOrderMs() > capacity.orderWaitMsMax ||
      (capacity.eventLoopDelayMsMax > 0 && app.memoryUsage().eventLoopDelay > capacity.orderWaitMsMax));
  const counts: AdmissionCounts = {
    inFlight: { order: 0, 'sign-in': 0, read: 0 },
    get oldestOrderMs() {
      return Math.round(oldestOrderMs());
    },
    get eventLoopDelayMs() {
      return Math.round(app.memoryUsage().eventLoopDelay);
    },
    get orderMs() {
      return { p50: orderTimes.percentile(0.5), p99: orderTimes.percentile(0.99) };
    },
    signInsWaiting: 0,
    get passwordHashing() {
      return passwordHashingLoad();
    },
    refused: { order: 0, 'sign-in': 0, read: 0 },
  };
  const waiting: Array<() => void> = [];
  const classes = new WeakMap<FastifyRequest, RequestClass>();

  const overload = new OverloadSpell();
  /** Marks the reply 429 with Retry-After and answers its body (the caller sends it). */
  const refusal = (request: FastifyRequest, reply: FastifyReply, requestClass: RequestClass) => {
    counts.refused[requestClass] += 1;
    const retryAfterSeconds = retryAfterSecondsFor(
      capacity.retryAfterSeconds,
      overload.refusedNow(performance.now()),
    );
    reply.code(429).header('retry-after', String(retryAfterSeconds));
    return refusalReply('SERVER_BUSY', requestLanguage(request), { retryAfterSeconds });
  };
  const refuse = (request: FastifyRequest, reply: FastifyReply, requestClass: RequestClass) =>
    reply.send(refusal(request, reply, requestClass));

  /** What ends the count of an admitted WebSocket upgrade (see the preHandler hook below). */
  const upgradesInFlight = new WeakMap<FastifyRequest, () => void>();
  /** Counts the request in until its response is finished or its connection closed, whichever comes first. */
  const admit = (reply: FastifyReply, requestClass: RequestClass) => {
    counts.inFlight[requestClass] += 1;
    const slot = {};
    if (requestClass === 'order') orderStarts.set(slot, performance.now());
    let counted = true;
    const release = () => {
      if (!counted) return;
      counted = false;
      counts.inFlight[requestClass] -= 1;
      const startedAtMs = orderStarts.get(slot);
      if (startedAtMs !== undefined) orderTimes.add(performance.now() - startedAtMs);
      orderStarts.delete(slot);
      if (requestClass === 'sign-in') waiting.shift()?.();
    };
    reply.raw.once('close', release);
    if (reply.request.headers.upgrade !== undefined) upgradesInFlight.set(reply.request, release);
  };

  // Event-loop delay, sampled by @fastify/under-pressure: past the bound, only orders pass.
  await app.register(underPressure, {
    maxEventLoopDelay: capacity.eventLoopDelayMsMax,
    pressureHandler: (request: FastifyRequest, reply: FastifyReply) => {
      const requestClass = requestClassOf(request.url);
      if (requestClass === undefined || requestClass === 'order') return undefined;
      classes.set(request, requestClass);
      // A value answered here is sent by under-pressure and the request goes no further (its index.js
      // handlePressure); its type declares void, hence the cast.
      return refusal(request, reply, requestClass) as unknown as undefined;
    },
  });

  app.addHook('onRequest', (request, reply, done) => {
    if (reply.sent || classes.has(request)) return done();
    const requestClass = requestClassOf(request.url);
    if (requestClass === undefined) return done();
    classes.set(request, requestClass);
    if (requestClass === 'order') {
      if (counts.inFlight.order >= capacity.ordersInFlightMax || ordersLate())
        return refuse(request, reply, 'order');
      admit(reply, 'order');
      return done();
    }
    if (requestClass === 'read') {
      if (counts.inFlight.read >= capacity.readsInFlightMax) return refuse(request, reply, 'read');
      admit(reply, 'read');
      return done();
    }
    if (ordersLate()) return refuse(request, reply, 'sign-in');
    if (counts.inFlight['sign-in'] < capacity.signInsInFlightMax) {
      admit(reply, 'sign-in');
      return done();
    }
    if (waiting.length >= capacity.signInQueueMax) return refuse(request, reply, 'sign-in');
    // Wait for a running sign-in to finish, at most signInWaitMsMax, or until the client goes away.
    counts.signInsWaiting += 1;
    let settled = false;
    const leave = () => {
      settled = true;
      counts.signInsWaiting -= 1;
      clearTimeout(timer);
      const index = waiting.indexOf(proceed);
      if (index >= 0) waiting.splice(index, 1);
    };
    const proceed = () => {
      if (settled) return;
      leave();
      admit(reply, 'sign-in');
      done();
    };
    const timer = setTimeout(() => {
      if (settled) return;
      leave();
      refuse(request, reply, 'sign-in');
    }, capacity.signInWaitMsMax);
    reply.raw.once('close', () => {
      if (!settled) leave();
    });
    waiting.push(proceed);
  });
  // A WebSocket upgrade is a read while it is checked (its credentials, its limits); once its
  // handler takes the socket, the connection lives for hours and its response never "closes"
  // until the socket does. Counted until then, every open WebSocket would hold a read slot, and
  // past `readsInFlightMax` of them the process would refuse every read and upgrade.
  app.addHook('preHandler', (request, _reply, done) => {
    upgradesInFlight.get(request)?.();
    done();
  });
  return counts;
}
