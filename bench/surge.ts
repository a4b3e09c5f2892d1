import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import pg from 'pg';
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
import { machineCpuSince, machineCpuTimes } from './lib/machine-cpu.js';
import { nginxAvailable, startNginxBalancer } from './lib/nginx-balancer.js';
import {
  CLIENT_TIMEOUT_MS,
  closedLoop,
  KINDS,
  type Kind,
  ORDER_KINDS,
  PASSWORD,
  post,
  roundTrip,
  type Session,
  SYMBOL,
  signIn,
  Tally,
} from './lib/surge-client.js';
import type { ShareResult, SurgeShare } from './lib/surge-worker.js';

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
 *    last. Run against one process, then against two behind a round-robin load balancer: Debian's
 *    nginx when installed (bench/lib/nginx-balancer.ts; `apt-get install nginx-light`), else a small
 *    Node proxy (bench/lib/load-balancer.ts; SURGE_BALANCER=node chooses it). The surge's client load is split over SURGE_CLIENT_WORKERS
 *    (default 4) child processes (bench/lib/surge-worker.ts), each with 1/N of both rates: one
 *    client process was so late on the loaded machine (event-loop delay 2.3 s at p99) that its own
 *    lateness read as the servers' latency and timeouts.
 *
 * Printed per run: requests a second by kind, p50 and p99 of accepted requests by kind, 5xx, 429,
 * timeouts, acknowledged orders missing from the database afterwards, each client worker's own
 * event-loop delay (p99, max), the servers' own figures sampled from /api/health (loop delay, the
 * oldest order in progress, an order's p99 from admission to reply), the longest their accept
 * queues were (/proc/net/tcp) and what the kernel's TCP counters rose by; then two processes over
 * one.
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
// What balances two processes: nginx when Debian's is installed (SURGE_BALANCER=node to compare),
// else the small Node proxy.
const BALANCER =
  process.env.SURGE_BALANCER === 'node' || !nginxAvailable() ? ('node' as const) : ('nginx' as const);
const SIGN_IN_CLIENTS = 8;
// The surge's client load is spread over this many child processes (bench/lib/surge-worker.ts).
const CLIENT_WORKERS = Math.max(1, Number(process.env.SURGE_CLIENT_WORKERS || 4));
const ORDER_CLIENTS = 16;
const SEED_CASH_PAISE = 10n ** 12n;
// The per-account sign-in limit is 10 per 15 minutes (http/rate-limits.ts): capacity sign-ins use
// each capacity investor at most this often.
const SIGN_INS_PER_CAPACITY_INVESTOR = 8;

const repositoryRoot = path.resolve(import.meta.dirname, '..');
const log = (line: string) => process.stdout.write(`${line}\n`);
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

const REQUEST_CLASSES = ['order', 'sign-in', 'read'] as const;
type RequestClass = (typeof REQUEST_CLASSES)[number];

/** What the servers said of themselves during the surge, sampled from /api/health twice a second. */
interface ServerPressure {
  eventLoopDelayMaxMs: number;
  eventLoopDelayP90Ms: number;
  oldestOrderMaxMs: number;
  ordersInFlightMax: number;
  /** The worst of the servers' own p99 of an order, admission to reply (their last 1,000 orders). */
  orderP99Ms: number;
  /**
   * The most connections seen waiting in a server's accept queue: made by the kernel, not yet
   * accepted by the process (docs/adr/0039). -1 where the kernel does not tell (not Linux).
   */
  listenQueueMax: number;
}

/**
 * Connections waiting to be accepted on each of `ports` (loopback listeners), from Linux's
 * /proc/net/tcp, whose rx_queue column is a listening socket's accept queue; undefined elsewhere.
 */
function listenQueueLengths(ports: number[]): number[] | undefined {
  let table: string;
  try {
    table = readFileSync('/proc/net/tcp', 'utf8');
  } catch {
    return undefined;
  }
  const lengths = ports.map(() => 0);
  for (const line of table.split('\n').slice(1)) {
    // sl local_address rem_address st tx_queue:rx_queue …; a listener's state is 0A.
    const [, local, , state, queues] = line.trim().split(/\s+/);
    if (state !== '0A' || !local || !queues) continue;
    const index = ports.indexOf(Number.parseInt(local.split(':')[1] ?? '', 16));
    if (index >= 0)
      lengths[index] = Math.max(lengths[index]!, Number.parseInt(queues.split(':')[1] ?? '0', 16));
  }
  return lengths;
}

/** Samples each server's admission figures every 500 ms until stopped: the worst and the 90th percentile. */
function samplePressure(ports: number[]) {
  const delays: number[] = [];
  let oldestOrderMaxMs = 0;
  let ordersInFlightMax = 0;
  let orderP99Ms = 0;
  let listenQueueMax = 0;
  let stopped = false;
  const sampling = (async () => {
    while (!stopped) {
      const queues = listenQueueLengths(ports);
      listenQueueMax = queues ? Math.max(listenQueueMax, ...queues) : -1;
      for (const port of ports) {
        const health = await fetch(`http://127.0.0.1:${port}/api/health`, {
          signal: AbortSignal.timeout(5_000),
        })
          .then((response) => response.json() as Promise<{ admission?: Record<string, unknown> }>)
          .catch(() => undefined);
        const admission = health?.admission as
          | {
              eventLoopDelayMs?: number;
              oldestOrderMs?: number;
              inFlight?: { order?: number };
              orderMs?: { p99?: number };
            }
          | undefined;
        if (!admission) continue;
        delays.push(admission.eventLoopDelayMs ?? 0);
        oldestOrderMaxMs = Math.max(oldestOrderMaxMs, admission.oldestOrderMs ?? 0);
        ordersInFlightMax = Math.max(ordersInFlightMax, admission.inFlight?.order ?? 0);
        orderP99Ms = Math.max(orderP99Ms, admission.orderMs?.p99 ?? 0);
      }
      await sleep(500);
    }
  })();
  return async (): Promise<ServerPressure> => {
    stopped = true;
    await sampling;
    const sorted = [...delays].sort((left, right) => left - right);
    return {
      eventLoopDelayMaxMs: sorted.at(-1) ?? 0,
      eventLoopDelayP90Ms: sorted[Math.floor(0.9 * (sorted.length - 1))] ?? 0,
      oldestOrderMaxMs,
      ordersInFlightMax,
      orderP99Ms,
      listenQueueMax,
    };
  };
}

/**
 * The kernel's TCP counters this machine has counted so far (Linux /proc/net; empty elsewhere):
 * retransmitted segments, duplicates the receiver reported (DSACKs), tail-loss probes, SYNs
 * dropped at a full listen queue, SYNs sent again and retransmission timeouts. On loopback nothing is lost: a retransmission with a DSACK is a
 * tail-loss probe sent because a request went unacknowledged for about 200 ms (the peer acknowledges
 * with its answer, or with a delayed ACK), and a listen drop is a connection the server's backlog
 * could not hold, whose client tries again 1 s later.
 */
function tcpCounters(): Record<string, number> {
  const wanted = [
    'RetransSegs',
    'TCPDSACKRecv',
    'TCPLossProbes',
    'ListenDrops',
    'TCPSynRetrans',
    'TCPTimeouts',
  ];
  const counters: Record<string, number> = {};
  for (const file of ['/proc/net/snmp', '/proc/net/netstat']) {
    let lines: string[];
    try {
      lines = readFileSync(file, 'utf8').trim().split('\n');
    } catch {
      return {};
    }
    for (let index = 0; index + 1 < lines.length; index += 2) {
      const names = lines[index]!.split(/\s+/).slice(1);
      const values = lines[index + 1]!.split(/\s+/).slice(1);
      names.forEach((name, column) => {
        if (wanted.includes(name)) counters[name] = Number(values[column]);
      });
    }
  }
  return counters;
}

/** The 429 answers the servers counted so far, per class, summed over the processes. */
async function serverRefusals(ports: number[]): Promise<Record<RequestClass, number>> {
  const sum: Record<RequestClass, number> = { order: 0, 'sign-in': 0, read: 0 };
  for (const port of ports) {
    const health = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as {
      admission?: { refused?: Partial<Record<RequestClass, number>> };
    };
    for (const name of REQUEST_CLASSES) sum[name] += health.admission?.refused?.[name] ?? 0;
  }
  return sum;
}

// --- client workers ----------------------------------------------------------------------------

/** Forks a client worker (bench/lib/surge-worker.ts) and answers once it has loaded. */
async function startClientWorker() {
  const child = fork(path.join(repositoryRoot, 'bench/lib/surge-worker.ts'), [], {
    cwd: repositoryRoot,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) =>
      reject(new Error(`a surge client worker exited ${code} before its figures`)),
    ),
  );
  exited.catch(() => {});
  await Promise.race([new Promise((resolve) => child.once('message', resolve)), exited]);
  return {
    run: (share: SurgeShare) => {
      const answered = new Promise<ShareResult>((resolve) =>
        child.once('message', (message) => resolve(message as ShareResult)),
      );
      child.send(share);
      return Promise.race([answered, exited]);
    },
  };
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
   * The bench client's own event-loop delay during the surge, p99 and max in ms, per client worker,
   * and the worst worker's. The client shares the machine's cores with the servers: when it is late,
   * its latencies and timeouts are its own lateness as much as the servers' (an accepted answer can
   * then read longer than its 10 s budget).
   */
  clientDelays: Array<{ p99Ms: number; maxMs: number }>;
  /** The servers' own count of 429 answers during the surge, per request class (their /api/health). */
  serverRefused: Record<RequestClass, number>;
  clientDelayP99Ms: number;
  clientDelayMaxMs: number;
  pressure: ServerPressure;
  /** What the kernel's TCP counters rose by during the surge (tcpCounters). */
  tcp: Record<string, number>;
  /**
   * How busy the machine's cores were during the surge, in percent (every process on it): near 100, a
   * second process has no core to use.
   */
  machineBusyPercent: number;
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
  let balancer: { close(): unknown } | undefined;
  let database: DatabaseHandle | undefined;
  try {
    const runStartedAt = performance.now();
    // One after the other: the first runs the migrations and seeds the reference data.
    for (let index = 0; index < processes; index++)
      servers.push(await startServer(PORT_BASE + 1 + index, url, prefix));
    const backendPorts = servers.map((_, index) => PORT_BASE + 1 + index);
    if (processes > 1) {
      balancer =
        BALANCER === 'nginx'
          ? await startNginxBalancer(backendPorts, PORT_BASE)
          : await startLoadBalancer(backendPorts, PORT_BASE);
    }
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
    // A live price must be arriving before an order can fill: a fresh database's simulator first
    // back-fills years of candles, minutes on a busy machine. The back-fill's own quote already
    // fills an order, but it is stale a minute later if the live ticks have not begun, and every
    // order of the capacity phase was once refused PRICE_UNAVAILABLE: so wait for the quote's
    // tick time to move, then for an order to fill.
    const feedDeadline = Date.now() + 600_000;
    let firstTickAt: unknown;
    for (;;) {
      const quote = await post(
        base,
        'market/quote',
        { symbol: SYMBOL },
        {},
        AbortSignal.timeout(CLIENT_TIMEOUT_MS),
      ).catch(() => undefined);
      // `time`: the tick's epoch ms (the contract's StockQuote).
      const data = quote?.envelope?.data as { time?: unknown } | undefined;
      firstTickAt ??= data?.time;
      const live = data?.time !== undefined && data.time !== firstTickAt;
      const probe = new Tally(true);
      if (live) await roundTrip(probe, base, traderSessions[0]!);
      if (probe.closedIds.length === 1) break;
      if (Date.now() > feedDeadline) throw new Error('no price arrived within 10 minutes');
      await sleep(2_000);
    }
    log(
      `  live ticks arriving and the first order filled ${((performance.now() - runStartedAt) / 1000).toFixed(0)} s after the servers started`,
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
      // A surge sized from no capacity measures nothing (once, every order of the capacity phase
      // was refused PRICE_UNAVAILABLE: the feed's price had gone stale).
      if (signIns === 0 || roundTrips === 0)
        throw new Error(
          `the capacity phase completed ${signIns} sign-ins and ${roundTrips} order round trips: run the bench again`,
        );
      log(
        `capacity of one process: ${capacity.signInsPerSecond.toFixed(1)} sign-ins/s (${SIGN_IN_CLIENTS} clients), ${capacity.orderRoundTripsPerSecond.toFixed(1)} order round trips/s (${ORDER_CLIENTS} clients), ${CAPACITY_MS / 1000} s each`,
      );
    }

    const cohortSize = Math.ceil(SURGE_FACTOR * capacity.signInsPerSecond * (SURGE_MS / 1000)) + 10;
    const cohort = await createInvestors(database, 100_000, cohortSize);
    log(
      `[${processes} process${processes > 1 ? `es behind ${BALANCER === 'nginx' ? 'nginx' : 'the Node balancer'}` : ''}] surge for ${SURGE_MS / 1000} s: ${(SURGE_FACTOR * capacity.signInsPerSecond).toFixed(1)} arrivals/s (sign in, quotes, account, order, close) + ${(SURGE_FACTOR * capacity.orderRoundTripsPerSecond).toFixed(1)} order round trips/s of signed-in investors`,
    );
    const refusedBefore = await serverRefusals(backendPorts);
    // Each worker takes 1/N of both rates and every N-th cohort investor; all start together.
    const workers = await Promise.all(Array.from({ length: CLIENT_WORKERS }, startClientWorker));
    const stopSampling = samplePressure(backendPorts);
    const tcpBefore = tcpCounters();
    const cpuBefore = machineCpuTimes();
    const startedAt = performance.now();
    const shares = await Promise.all(
      workers.map((worker, index) =>
        worker.run({
          base,
          cohort: cohort.filter((_, k) => k % CLIENT_WORKERS === index),
          traderSessions,
          arrivalsPerSecond: (SURGE_FACTOR * capacity.signInsPerSecond) / CLIENT_WORKERS,
          roundTripsPerSecond: (SURGE_FACTOR * capacity.orderRoundTripsPerSecond) / CLIENT_WORKERS,
          durationMs: SURGE_MS,
          addressesFrom: (index + 1) * 1_000_000,
        }),
      ),
    );
    const machineBusyPercent = machineCpuSince(cpuBefore).busyPercent;
    const pressure = await stopSampling();
    const tcpAfter = tcpCounters();
    const tcp = Object.fromEntries(
      Object.entries(tcpAfter).map(([name, value]) => [name, value - (tcpBefore[name] ?? 0)]),
    );
    for (const share of shares) tally.add(share.tally);
    const cohortStarted = shares.reduce((sum, share) => sum + share.cohortStarted, 0);
    const clientDelays = shares.map((share) => ({ p99Ms: share.delayP99Ms, maxMs: share.delayMaxMs }));
    const seconds = SURGE_MS / 1000;
    const wallSeconds = (performance.now() - startedAt) / 1000;
    const refusedAfter = await serverRefusals(backendPorts);
    const serverRefused = Object.fromEntries(
      REQUEST_CLASSES.map((name) => [name, refusedAfter[name] - refusedBefore[name]]),
    ) as Record<RequestClass, number>;

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
      serverRefused,
      lostAcknowledged: opened.length - found.length + (closed.length - closedFound.length),
      cohortStarted,
      clientDelays,
      clientDelayP99Ms: Math.max(...clientDelays.map((delay) => delay.p99Ms)),
      clientDelayMaxMs: Math.max(...clientDelays.map((delay) => delay.maxMs)),
      pressure,
      tcp,
      machineBusyPercent,
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
    `  5xx ${counts.status5xx}, 429 ${counts.status429} (without Retry-After: ${counts.status429WithoutRetryAfter}; given up after 10 s: ${counts.gaveUp}; retries cut short by the 10 s: ${counts.retriesCutShort}), timeouts ${counts.timeouts}, other refusals ${counts.refusals}; acknowledged orders ${result.openedAcknowledged} opened, ${result.closedAcknowledged} closed, lost ${result.lostAcknowledged}; ${result.cohortStarted} arrivals; everything ended ${wallSeconds.toFixed(1)} s after the start`,
  );
  log(
    `  the bench client's own event-loop delay: p99 ${result.clientDelayP99Ms.toFixed(0)} ms, max ${result.clientDelayMaxMs.toFixed(0)} ms, worst of ${result.clientDelays.length} workers (late beyond 100 ms: its latencies are partly its own)`,
  );
  log(
    `  the machine's ${os.cpus().length} cores were ${result.machineBusyPercent.toFixed(1)} % busy during the surge (every process on it: servers, balancer, client workers, PostgreSQL, Redis)`,
  );
  log(
    `  the servers' own 429 answers during the surge: orders ${result.serverRefused.order}, sign-ins ${result.serverRefused['sign-in']}, reads ${result.serverRefused.read}`,
  );
  log(
    `  the servers' own pressure, sampled twice a second: event-loop delay (mean over a second) p90 ${result.pressure.eventLoopDelayP90Ms} ms, max ${result.pressure.eventLoopDelayMaxMs} ms; oldest order in progress at most ${result.pressure.oldestOrderMaxMs} ms; at most ${result.pressure.ordersInFlightMax} orders in progress; an order's p99 from admission to reply ${result.pressure.orderP99Ms} ms (worst sample); connections waiting to be accepted at most ${result.pressure.listenQueueMax}`,
  );
  log(
    `  the kernel's TCP counters during the surge (loopback: a retransmission is a probe after about 200 ms unacknowledged; a listen drop a SYN the backlog refused): ${
      Object.entries(result.tcp)
        .map(([name, value]) => `${name} +${value}`)
        .join(', ') || 'not available here'
    }`,
  );
  log(
    `  per client worker, p99 / max: ${result.clientDelays.map((delay) => `${delay.p99Ms.toFixed(0)} / ${delay.maxMs.toFixed(0)} ms`).join(', ')}`,
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
  // Every accepted order counts: the traders' and the cohort's, opens and closes.
  const p99 = Math.max(...ORDER_KINDS.map((kind) => result.byKind[kind]!.p99Ms));
  const everyRefusalSaysWhen = result.counts.status429WithoutRetryAfter === 0;
  const met =
    result.counts.status5xx === 0 && result.lostAcknowledged === 0 && p99 < 1_000 && everyRefusalSaysWhen;
  log(
    `[${result.processes}] 0 5xx: ${result.counts.status5xx === 0 ? 'met' : 'NOT MET'}; 0 lost acknowledged orders: ${result.lostAcknowledged === 0 ? 'met' : 'NOT MET'}; accepted orders' p99 under 1 s (worst kind ${Math.round(p99)} ms): ${p99 < 1_000 ? 'met' : 'NOT MET'}; every 429 with Retry-After: ${everyRefusalSaysWhen ? 'met' : 'NOT MET'} => ${met ? 'met' : 'NOT MET'}`,
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
    [`${prefix}_server_429_orders`, result.serverRefused.order],
    [`${prefix}_server_429_sign_ins`, result.serverRefused['sign-in']],
    [`${prefix}_server_429_reads`, result.serverRefused.read],
    [`${prefix}_timeouts`, result.counts.timeouts],
    [`${prefix}_gave_up`, result.counts.gaveUp],
    [`${prefix}_retries_cut_short`, result.counts.retriesCutShort],
    [`${prefix}_lost_acknowledged_orders`, result.lostAcknowledged],
    [`${prefix}_server_loop_delay_p90_ms`, result.pressure.eventLoopDelayP90Ms],
    [`${prefix}_server_loop_delay_max_ms`, result.pressure.eventLoopDelayMaxMs],
    [`${prefix}_server_oldest_order_max_ms`, result.pressure.oldestOrderMaxMs],
    [`${prefix}_server_order_p99_ms`, result.pressure.orderP99Ms],
    [`${prefix}_listen_queue_max`, result.pressure.listenQueueMax],
    [`${prefix}_machine_busy_percent`, round(result.machineBusyPercent)],
    [`${prefix}_tcp_retransmitted_segments`, result.tcp.RetransSegs ?? 0],
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
