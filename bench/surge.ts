import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import pg from 'pg';
import WebSocket from 'ws';
import { connectDatabase, type DatabaseHandle } from '../apps/server/src/db/database.js';
import {
  houseAccountId,
  openUserAccounts,
  postEntry,
  userAccountId,
} from '../apps/server/src/repositories/ledger.repository.js';
import { hashPassword } from '../apps/server/src/security/passwords.js';
import { databaseUrlFor, dropWhenIdle, secondsFromEnvironment } from './lib/ledger-baseline.js';
import { startLoadBalancer } from './lib/load-balancer.js';

/*
 * `npm run bench -- surge` (docs/adr/0030): a market-open surge against real server processes
 * (apps/server/src/main.ts as child processes) on PostgreSQL and Redis, each run in a fresh
 * database dropped afterwards.
 *
 * 1. Capacity of one process, closed loop: sign-ins a second (bounded by argon2id) from 8 clients,
 *    and order round trips a second (trade/open a market order, trade/close it) from 16 clients.
 * 2. The surge, open loop at 1.5 times those rates for SURGE_SECONDS (default 60): a cohort arrives
 *    at 1.5 x the sign-in capacity; each member signs in, subscribes to quotes over the WebSocket,
 *    reads its account, places a market order and closes it; meanwhile investors already signed in
 *    place and close orders at 1.5 x the order capacity. Every request has the client's 10 s
 *    timeout; a 429 is retried after its Retry-After with the same Idempotency-Key while the 10 s
 *    last. Run against one process, then against two behind a small round-robin load balancer
 *    (bench/lib/load-balancer.ts).
 *
 * Printed per run: requests a second by kind, p50 and p99 of accepted requests by kind, 5xx, 429,
 * timeouts, acknowledged orders missing from the database afterwards; then two processes over one.
 * Ends with one JSON line. Skips (with the reason, and a JSON line) without PostgreSQL or Redis.
 * DATABASE_URL and REDIS_URL name them (defaults: the local servers); SURGE_PORT_BASE (default 4700)
 * the first of the three loopback ports used.
 */

const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const SURGE_MS = secondsFromEnvironment('SURGE_SECONDS', 60) * 1000;
const CAPACITY_MS = Math.max(3_000, Math.min(10_000, SURGE_MS / 6));
const PORT_BASE = Number(process.env.SURGE_PORT_BASE || 4700);
const SURGE_FACTOR = 1.5;
const CLIENT_TIMEOUT_MS = 10_000;
const SIGN_IN_CLIENTS = 8;
const ORDER_CLIENTS = 16;
const PASSWORD = 'Surge1234';
const SYMBOL = 'RELIANCE';
const SEED_CASH_PAISE = 10n ** 12n;
// The per-account sign-in limit is 10 per 15 minutes (http/rate-limits.ts): capacity sign-ins use
// each capacity investor at most this often.
const SIGN_INS_PER_CAPACITY_INVESTOR = 8;

const repositoryRoot = path.resolve(import.meta.dirname, '..');
const log = (line: string) => process.stdout.write(`${line}\n`);
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

type Kind = 'sign_in' | 'ws_subscribe' | 'account' | 'order_open' | 'order_close';
const KINDS: Kind[] = ['sign_in', 'ws_subscribe', 'account', 'order_open', 'order_close'];

class Tally {
  readonly latencies = new Map<Kind, number[]>(KINDS.map((kind) => [kind, []]));
  readonly counts = {
    status5xx: 0,
    status429: 0,
    status429WithoutRetryAfter: 0,
    timeouts: 0,
    refusals: 0,
    gaveUp: 0,
  };
  readonly timeoutsByKind = new Map<Kind, number>(KINDS.map((kind) => [kind, 0]));
  timedOut(kind: Kind) {
    this.counts.timeouts += 1;
    this.timeoutsByKind.set(kind, this.timeoutsByKind.get(kind)! + 1);
  }
  readonly openedIds: string[] = [];
  readonly closedIds: string[] = [];
  accepted(kind: Kind, ms: number) {
    this.latencies.get(kind)!.push(ms);
  }
  summary(seconds: number) {
    const byKind: Record<string, { perSecond: number; p50Ms: number; p99Ms: number }> = {};
    for (const kind of KINDS) {
      const values = [...this.latencies.get(kind)!].sort((a, b) => a - b);
      const at = (share: number) =>
        values[Math.min(values.length - 1, Math.floor(share * values.length))] ?? 0;
      byKind[kind] = { perSecond: values.length / seconds, p50Ms: at(0.5), p99Ms: at(0.99) };
    }
    return byKind;
  }
}

// Distinct client addresses (in the loopback range), passed as X-Forwarded-For to servers that trust
// the proxy, so the per-address sign-in limit sees many investors rather than one bench.
let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `127.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

/** The tally of the probe that waits for the first price: its refusals are expected, not printed. */
let probeTally: Tally | undefined;

interface Answer {
  http: number;
  retryAfterSeconds: number;
  /** Whether the answer carried a Retry-After header (every 429 must, ADR 0030). */
  hasRetryAfter: boolean;
  envelope: { status?: number; code?: string; data?: Record<string, unknown> } | undefined;
}

async function post(
  base: string,
  callPath: string,
  body: unknown,
  headers: Record<string, string>,
  signal: AbortSignal,
) {
  const response = await fetch(`${base}/api/vue/${callPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  let envelope: Answer['envelope'];
  try {
    envelope = JSON.parse(text);
  } catch {
    envelope = undefined;
  }
  return {
    http: response.status,
    retryAfterSeconds: Number(response.headers.get('retry-after') ?? 1) || 1,
    hasRetryAfter: response.headers.has('retry-after'),
    envelope,
  } satisfies Answer;
}

/**
 * One call as the investor app makes it: 10 s in all; a 429 waits its Retry-After and goes again with
 * the same body and Idempotency-Key. Answers the accepted envelope's data, or undefined (tallied).
 */
async function callAsApp(
  tally: Tally,
  kind: Kind,
  base: string,
  callPath: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<Record<string, unknown> | undefined> {
  const startedAt = performance.now();
  const deadline = startedAt + CLIENT_TIMEOUT_MS;
  for (;;) {
    const attemptStartedAt = performance.now();
    let answer: Answer;
    try {
      answer = await post(
        base,
        callPath,
        body,
        headers,
        AbortSignal.timeout(Math.max(1, Math.ceil(deadline - attemptStartedAt))),
      );
    } catch (error) {
      tally.timedOut(kind);
      if (tally.counts.timeouts === 1 && performance.now() < deadline)
        log(
          `  ${callPath} failed before its time: ${(error as Error).message} ${String((error as Error).cause ?? '')}`,
        );
      return undefined;
    }
    if (answer.http >= 500) {
      tally.counts.status5xx += 1;
      return undefined;
    }
    if (answer.http === 429) {
      tally.counts.status429 += 1;
      if (!answer.hasRetryAfter) tally.counts.status429WithoutRetryAfter += 1;
      const waitMs = answer.retryAfterSeconds * 1000;
      if (performance.now() + waitMs >= deadline) {
        tally.counts.gaveUp += 1;
        return undefined;
      }
      await sleep(waitMs);
      continue;
    }
    if (answer.envelope?.status !== 1) {
      tally.counts.refusals += 1;
      if (tally !== probeTally && tally.counts.refusals <= 3)
        log(`  refusal on ${callPath}: ${JSON.stringify(answer.envelope)}`);
      return undefined;
    }
    // The accepted request's own latency (its last attempt), as the server answered it.
    tally.accepted(kind, performance.now() - attemptStartedAt);
    return answer.envelope.data ?? {};
  }
}

interface Session {
  token: string;
  account: string;
  address: string;
}
const sessionHeaders = (session: Session) => ({
  token: session.token,
  account: session.account,
  'x-forwarded-for': session.address,
});

async function signIn(tally: Tally, base: string, phone: string): Promise<Session | undefined> {
  const address = nextAddress();
  const data = await callAsApp(
    tally,
    'sign_in',
    base,
    'user/login',
    { account: phone, password: PASSWORD },
    { 'x-forwarded-for': address },
  );
  return data ? { token: String(data.token), account: phone, address } : undefined;
}

async function roundTrip(tally: Tally, base: string, session: Session): Promise<void> {
  const opened = await callAsApp(
    tally,
    'order_open',
    base,
    'trade/open',
    { symbol: SYMBOL, side: 'long', orderType: 'market', quantity: 1, leverage: 1 },
    { ...sessionHeaders(session), 'idempotency-key': randomUUID() },
  );
  if (!opened) return;
  tally.openedIds.push(String(opened.id));
  const closed = await callAsApp(
    tally,
    'order_close',
    base,
    'trade/close',
    { id: opened.id },
    { ...sessionHeaders(session), 'idempotency-key': randomUUID() },
  );
  if (closed) tally.closedIds.push(String(opened.id));
}

/** Connects, subscribes to quotes, and answers once the server confirmed (or undefined after 10 s). */
async function subscribeQuotes(tally: Tally, base: string): Promise<WebSocket | undefined> {
  const startedAt = performance.now();
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/vue/ws`);
  const confirmed = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), CLIENT_TIMEOUT_MS);
    socket.on('open', () =>
      socket.send(JSON.stringify({ op: 'subscribe', symbols: [SYMBOL], mode: 'quote' })),
    );
    socket.on('message', (data: Buffer) => {
      if (String(data).includes('"subscribed"')) {
        clearTimeout(timer);
        resolve(true);
      }
    });
    socket.on('unexpected-response', (_request, response) => {
      if ((response.statusCode ?? 0) === 429) {
        tally.counts.status429 += 1;
        if (response.headers['retry-after'] === undefined) tally.counts.status429WithoutRetryAfter += 1;
      } else if ((response.statusCode ?? 0) >= 500) tally.counts.status5xx += 1;
      clearTimeout(timer);
      resolve(false);
    });
    socket.on('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
  if (!confirmed) {
    socket.terminate();
    tally.timedOut('ws_subscribe');
    return undefined;
  }
  tally.accepted('ws_subscribe', performance.now() - startedAt);
  return socket;
}

/** The app opened at 09:15: sign in, follow quotes, read the account, place an order and close it. */
async function cohortMember(tally: Tally, base: string, phone: string): Promise<void> {
  const session = await signIn(tally, base, phone);
  if (!session) return;
  const socket = await subscribeQuotes(tally, base);
  try {
    await callAsApp(tally, 'account', base, 'user/getUserinfo', {}, sessionHeaders(session));
    await roundTrip(tally, base, session);
  } finally {
    socket?.terminate();
  }
}

/** Runs `work` from `clients` loops for `durationMs`; answers how many finished. */
async function closedLoop(clients: number, durationMs: number, work: (client: number) => Promise<boolean>) {
  const endsAt = performance.now() + durationMs;
  let done = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < endsAt) if (await work(client)) done += 1;
    }),
  );
  return done;
}

/** Starts `perSecond` tasks a second (spread over 100 ms slots) for `durationMs`; waits for all to end. */
async function openLoop(perSecond: number, durationMs: number, start: (index: number) => Promise<void>) {
  const running: Promise<void>[] = [];
  const startedAt = performance.now();
  let index = 0;
  // What is owed follows the clock, not the count of timer beats: a late beat starts the missed tasks.
  for (let elapsedMs = 0; elapsedMs < durationMs; elapsedMs = performance.now() - startedAt) {
    while (index < Math.floor((perSecond * elapsedMs) / 1000)) running.push(start(index++).catch(() => {}));
    await sleep(100);
  }
  await Promise.all(running);
  return index;
}

// --- server processes --------------------------------------------------------------------------

const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

async function startServer(port: number, url: string, prefix: string): Promise<ChildProcess> {
  // Another bench's server on the port would answer the health check below in place of this one.
  const taken = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is already in use: choose other ports with SURGE_PORT_BASE`);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repositoryRoot, 'apps/server/src/main.ts')],
    {
      cwd: repositoryRoot,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: url,
        REDIS_URL: redisUrl,
        NIVESH_REDIS_PREFIX: prefix,
        NIVESH_IDENTITY_HASH_KEY: 'surge-bench-only-identity-hash-key-0123456789',
        NIVESH_API_SECRET_KEY: 'surge-bench-only-api-secret-key-0123456789abcdef',
        // The bench measures sign-in by password; a second factor is another step (docs/adr/0022).
        NIVESH_INVESTOR_2FA_REQUIRED: 'false',
        NIVESH_SEED_DEMO: 'false',
        NIVESH_FEED: 'simulator',
        // NSE trades at any hour, so the bench runs whenever it is started.
        NIVESH_DEMO_SESSION: 'true',
        // The bench's clients name their own addresses in X-Forwarded-For.
        NIVESH_TRUST_PROXY: 'true',
        LOG_LEVEL: 'warn',
      },
    },
  );
  children.add(child);
  const errors: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => {
    errors.push(String(chunk));
    if (errors.length > 50) errors.shift();
  });
  child.once('exit', (code) => {
    children.delete(child);
    if (code !== 0 && code !== null)
      process.stderr.write(`server on ${port} exited ${code}: ${errors.join('')}\n`);
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`the server on port ${port} did not start: ${errors.join('')}`);
    await sleep(250);
  }
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(20_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

async function createInvestors(database: DatabaseHandle, first: number, count: number): Promise<string[]> {
  const db = database.db;
  const passwordHash = await hashPassword(PASSWORD);
  const clearing = await houseAccountId(db, 'house_deposits_clearing', 'INR');
  const phones = Array.from({ length: count }, (_, index) => String(9_700_000_000 + first + index));
  for (const phone of phones) {
    await db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({ phone, password_hash: passwordHash, kyc_status: 'verified', referrer_id: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await openUserAccounts(trx, user.id);
      await postEntry(trx, {
        key: `bench:surge:fund:${user.id}`,
        kind: 'deposit_approved',
        postedBy: { type: 'system' },
        atMs: Date.now(),
        postings: [
          {
            accountId: await userAccountId(trx, user.id, 'cash', 'INR'),
            amountMinor: SEED_CASH_PAISE,
            currency: 'INR',
          },
          { accountId: clearing, amountMinor: -SEED_CASH_PAISE, currency: 'INR' },
        ],
      });
    });
  }
  return phones;
}

interface Capacity {
  signInsPerSecond: number;
  orderRoundTripsPerSecond: number;
}

interface RunResult {
  processes: number;
  seconds: number;
  byKind: ReturnType<Tally['summary']>;
  counts: Tally['counts'];
  timeoutsByKind: Record<string, number>;
  openedAcknowledged: number;
  closedAcknowledged: number;
  lostAcknowledged: number;
  cohortStarted: number;
  /**
   * The bench client's own event-loop delay during the surge, p99 and max in ms. The client shares
   * the machine's cores with the servers: when it is late, its latencies and timeouts are its own
   * lateness as much as the servers' (an accepted answer can then read longer than its 10 s budget).
   */
  clientDelayP99Ms: number;
  clientDelayMaxMs: number;
}

/** One run in a fresh database: start the processes (and balancer), measure capacity if asked, surge. */
async function run(processes: number, capacityIn: Capacity | undefined) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const name = `nivesh_bench_surge_${Date.now()}_${processes}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = databaseUrlFor(databaseUrl, name);
  const prefix = `nivesh-surge:${randomUUID()}:`;
  const servers: ChildProcess[] = [];
  let balancer: http.Server | undefined;
  let database: DatabaseHandle | undefined;
  try {
    const runStartedAt = performance.now();
    // One after the other: the first runs the migrations and seeds the reference data.
    for (let index = 0; index < processes; index++)
      servers.push(await startServer(PORT_BASE + 1 + index, url, prefix));
    const backendPorts = servers.map((_, index) => PORT_BASE + 1 + index);
    if (processes > 1) balancer = await startLoadBalancer(backendPorts, PORT_BASE);
    const base = `http://127.0.0.1:${processes > 1 ? PORT_BASE : backendPorts[0]}`;
    database = await connectDatabase({ databaseUrl: url, poolSize: 4 });

    const tally = new Tally();
    let capacity = capacityIn;
    const traders = await createInvestors(database, 0, ORDER_CLIENTS);
    const traderSessions: Session[] = [];
    for (const phone of traders) {
      for (let attempt = 0; attempt < 10; attempt++) {
        const attempt = new Tally();
        const session = await signIn(attempt, base, phone);
        if (session) {
          traderSessions.push(session);
          break;
        }
        log(`  a trader's sign-in failed: ${JSON.stringify(attempt.counts)}`);
      }
    }
    if (traderSessions.length === 0) throw new Error('no investor could sign in');
    // A price must have arrived before an order can fill: a fresh database's simulator first
    // back-fills years of candles, minutes on a busy machine.
    const feedDeadline = Date.now() + 600_000;
    for (;;) {
      const quote = await post(
        base,
        'market/quote',
        { symbol: SYMBOL },
        {},
        AbortSignal.timeout(CLIENT_TIMEOUT_MS),
      ).catch(() => undefined);
      const data = quote?.envelope?.data as { tickAt?: unknown; simulated?: unknown } | undefined;
      const probe = new Tally();
      probeTally = probe;
      if (data) await roundTrip(probe, base, traderSessions[0]!);
      if (probe.closedIds.length === 1) break;
      if (Date.now() > feedDeadline) throw new Error('no price arrived within 10 minutes');
      await sleep(2_000);
    }
    log(
      `  first order filled ${((performance.now() - runStartedAt) / 1000).toFixed(0)} s after the servers started`,
    );

    if (!capacity) {
      const capacityInvestors = await createInvestors(database, 10_000, 100);
      let signInIndex = 0;
      const signIns = await closedLoop(SIGN_IN_CLIENTS, CAPACITY_MS, async () => {
        const phone =
          capacityInvestors[
            Math.floor(signInIndex++ / SIGN_INS_PER_CAPACITY_INVESTOR) % capacityInvestors.length
          ]!;
        return (await signIn(new Tally(), base, phone)) !== undefined;
      });
      const roundTrips = await closedLoop(ORDER_CLIENTS, CAPACITY_MS, async (client) => {
        const probe = new Tally();
        await roundTrip(probe, base, traderSessions[client % traderSessions.length]!);
        return probe.closedIds.length === 1;
      });
      capacity = {
        signInsPerSecond: signIns / (CAPACITY_MS / 1000),
        orderRoundTripsPerSecond: roundTrips / (CAPACITY_MS / 1000),
      };
      log(
        `capacity of one process: ${capacity.signInsPerSecond.toFixed(1)} sign-ins/s (${SIGN_IN_CLIENTS} clients), ${capacity.orderRoundTripsPerSecond.toFixed(1)} order round trips/s (${ORDER_CLIENTS} clients), ${CAPACITY_MS / 1000} s each`,
      );
    }

    const cohortSize = Math.ceil(SURGE_FACTOR * capacity.signInsPerSecond * (SURGE_MS / 1000)) + 10;
    const cohort = await createInvestors(database, 100_000, cohortSize);
    log(
      `[${processes} process${processes > 1 ? 'es behind the balancer' : ''}] surge for ${SURGE_MS / 1000} s: ${(SURGE_FACTOR * capacity.signInsPerSecond).toFixed(1)} arrivals/s (sign in, quotes, account, order, close) + ${(SURGE_FACTOR * capacity.orderRoundTripsPerSecond).toFixed(1)} order round trips/s of signed-in investors`,
    );
    const startedAt = performance.now();
    const clientDelay = monitorEventLoopDelay({ resolution: 10 });
    clientDelay.enable();
    const [cohortStarted] = await Promise.all([
      openLoop(SURGE_FACTOR * capacity.signInsPerSecond, SURGE_MS, (index) =>
        cohortMember(tally, base, cohort[index % cohort.length]!),
      ),
      openLoop(SURGE_FACTOR * capacity.orderRoundTripsPerSecond, SURGE_MS, (index) =>
        roundTrip(tally, base, traderSessions[index % traderSessions.length]!),
      ),
    ]);
    clientDelay.disable();
    const seconds = SURGE_MS / 1000;
    const wallSeconds = (performance.now() - startedAt) / 1000;

    // Every acknowledged order must be in the database, and every acknowledged close closed.
    const opened = tally.openedIds.map((id) => BigInt(id));
    const closed = tally.closedIds.map((id) => BigInt(id));
    const found = opened.length
      ? await database.db.selectFrom('positions').select('id').where('id', 'in', opened).execute()
      : [];
    const closedFound = closed.length
      ? await database.db
          .selectFrom('positions')
          .select('id')
          .where('id', 'in', closed)
          .where('state', '=', 'closed')
          .execute()
      : [];
    const result: RunResult = {
      processes,
      seconds,
      byKind: tally.summary(seconds),
      counts: tally.counts,
      timeoutsByKind: Object.fromEntries(tally.timeoutsByKind),
      openedAcknowledged: opened.length,
      closedAcknowledged: closed.length,
      lostAcknowledged: opened.length - found.length + (closed.length - closedFound.length),
      cohortStarted,
      clientDelayP99Ms: clientDelay.percentile(99) / 1e6,
      clientDelayMaxMs: clientDelay.max / 1e6,
    };
    printRun(result, wallSeconds);
    return { result, capacity };
  } finally {
    await balancer?.close();
    for (const server of servers) await stopServer(server);
    await database?.close();
    await dropWhenIdle(admin, name);
    await admin.end();
  }
}

function printRun(result: RunResult, wallSeconds: number) {
  for (const kind of KINDS) {
    const figures = result.byKind[kind]!;
    log(
      `  ${kind.padEnd(13)} ${figures.perSecond.toFixed(1).padStart(7)} accepted/s   p50 ${figures.p50Ms.toFixed(1).padStart(7)} ms   p99 ${figures.p99Ms.toFixed(1).padStart(8)} ms   failed or timed out ${result.timeoutsByKind[kind] ?? 0}`,
    );
  }
  const counts = result.counts;
  log(
    `  5xx ${counts.status5xx}, 429 ${counts.status429} (without Retry-After: ${counts.status429WithoutRetryAfter}; given up after 10 s: ${counts.gaveUp}), timeouts ${counts.timeouts}, other refusals ${counts.refusals}; acknowledged orders ${result.openedAcknowledged} opened, ${result.closedAcknowledged} closed, lost ${result.lostAcknowledged}; ${result.cohortStarted} arrivals; everything ended ${wallSeconds.toFixed(1)} s after the start`,
  );
  log(
    `  the bench client's own event-loop delay: p99 ${result.clientDelayP99Ms.toFixed(0)} ms, max ${result.clientDelayMaxMs.toFixed(0)} ms (late beyond 100 ms: its latencies are partly its own)`,
  );
}

async function available(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.end();
  } catch (error) {
    return `PostgreSQL at ${new URL(databaseUrl).host} is not reachable (${(error as Error).message})`;
  }
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3_000 });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    return `Redis at ${redisUrl} is not reachable (${(error as Error).message})`;
  } finally {
    redis.disconnect();
  }
  return undefined;
}

const unavailable = await available();
if (unavailable) {
  log(`surge benchmark skipped: ${unavailable}. It needs PostgreSQL (DATABASE_URL) and Redis (REDIS_URL).`);
  log(JSON.stringify({ bench: 'surge', skipped: unavailable, figures: {}, ratios: {} }));
  process.exit(0);
}
log(`machine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)} at start`);
const one = await run(1, undefined);
const two = await run(2, one.capacity);
log(`machine: load average ${os.loadavg()[0]!.toFixed(2)} at end`);

const accepted = (result: RunResult, kind: Kind) => result.byKind[kind]!.perSecond;
const ratios = {
  two_over_one_sign_ins: round(
    accepted(two.result, 'sign_in') / Math.max(accepted(one.result, 'sign_in'), 1e-9),
    3,
  ),
  two_over_one_orders: round(
    accepted(two.result, 'order_open') / Math.max(accepted(one.result, 'order_open'), 1e-9),
    3,
  ),
  one_sign_ins_over_capacity: round(accepted(one.result, 'sign_in') / one.capacity.signInsPerSecond, 3),
  one_orders_over_capacity: round(
    accepted(one.result, 'order_close') / one.capacity.orderRoundTripsPerSecond,
    3,
  ),
};
log(
  `two processes over one: sign-ins ${ratios.two_over_one_sign_ins}x (target at least 1.6), orders ${ratios.two_over_one_orders}x`,
);
for (const result of [one.result, two.result]) {
  const p99 = result.byKind.order_open!.p99Ms;
  const everyRefusalSaysWhen = result.counts.status429WithoutRetryAfter === 0;
  const met =
    result.counts.status5xx === 0 && result.lostAcknowledged === 0 && p99 < 1_000 && everyRefusalSaysWhen;
  log(
    `[${result.processes}] 0 5xx: ${result.counts.status5xx === 0 ? 'met' : 'NOT MET'}; 0 lost acknowledged orders: ${result.lostAcknowledged === 0 ? 'met' : 'NOT MET'}; order p99 under 1 s: ${p99 < 1_000 ? 'met' : 'NOT MET'}; every 429 with Retry-After: ${everyRefusalSaysWhen ? 'met' : 'NOT MET'} => ${met ? 'met' : 'NOT MET'}`,
  );
}
const figuresOf = (prefix: string, result: RunResult) =>
  Object.fromEntries([
    ...KINDS.flatMap((kind) => [
      [`${prefix}_${kind}_per_s`, round(result.byKind[kind]!.perSecond)],
      [`${prefix}_${kind}_p50_ms`, round(result.byKind[kind]!.p50Ms)],
      [`${prefix}_${kind}_p99_ms`, round(result.byKind[kind]!.p99Ms)],
    ]),
    [`${prefix}_5xx`, result.counts.status5xx],
    [`${prefix}_429`, result.counts.status429],
    [`${prefix}_429_without_retry_after`, result.counts.status429WithoutRetryAfter],
    [`${prefix}_client_delay_p99_ms`, round(result.clientDelayP99Ms)],
    [`${prefix}_client_delay_max_ms`, round(result.clientDelayMaxMs)],
    [`${prefix}_timeouts`, result.counts.timeouts],
    [`${prefix}_gave_up`, result.counts.gaveUp],
    [`${prefix}_lost_acknowledged_orders`, result.lostAcknowledged],
  ]);
log(
  JSON.stringify({
    bench: 'surge',
    figures: {
      capacity_sign_ins_per_s: round(one.capacity.signInsPerSecond),
      capacity_order_round_trips_per_s: round(one.capacity.orderRoundTripsPerSecond),
      surge_factor: SURGE_FACTOR,
      surge_seconds: SURGE_MS / 1000,
      ...figuresOf('one', one.result),
      ...figuresOf('two', two.result),
    },
    ratios,
  }),
);
process.exit(0);
