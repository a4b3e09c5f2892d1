import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { BEAT_MS, FEED_INDICES, FEED_SYMBOLS, TICKS_PER_SECOND_PER_SYMBOL } from './ws-fanout/feed.js';

/*
 * `npm run bench -- ws-fanout`: how fast do ticks reach 10,000 WebSocket clients (ADR 0017)?
 *
 * Each phase starts server child process(es) and one clients child process (CLIENTS sockets on
 * loopback, each subscribed to 5 of the feed's 50 symbols and receiving the index ticker), lets the
 * test feed run (50 symbols and 3 indices at 2 ticks a second, bench/ws-fanout/feed.ts), warms up,
 * then measures for BENCH_SECONDS: tick-to-client latency (publish instant in the tick, Date.now()
 * at the client), tick messages delivered a second, and the CPU of each process.
 *
 *   bare   a bare `ws` server broadcasting the same frames (the baseline)
 *   app    the real app (buildApp, Fastify, @fastify/websocket, StreamHub), simulator off
 *   redis  two app processes sharing Redis: clients split across both, ticks published by one
 *
 * The phases alternate in BENCH_ROUNDS rounds (default 2) and the figures are means over them.
 * BENCH_CLIENTS (default 10000), BENCH_SECONDS (default 10), BENCH_WARMUP_SECONDS (default 3),
 * REDIS_URL (default redis://127.0.0.1:6379; the redis phase is skipped when Redis is unreachable).
 * Ends with one JSON line. Targets: p99 under 100 ms; throughput at least 0.8 of the baseline.
 */

const CLIENTS = numberFromEnvironment('BENCH_CLIENTS', 10_000);
const MEASURE_MS = numberFromEnvironment('BENCH_SECONDS', 10) * 1000;
const WARM_UP_MS = numberFromEnvironment('BENCH_WARMUP_SECONDS', 3) * 1000;
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const here = path.join(import.meta.dirname, 'ws-fanout');

function numberFromEnvironment(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`${name} must be a positive number`);
  return parsed;
}

/** The 1-minute load average (Linux), to read the figures against: the machine may be shared. */
function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ')[0] ?? '?';
  } catch {
    return '?';
  }
}

interface ClientReport {
  messages: number;
  frames: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  p999Ms: number;
  maxMs: number;
  closedEarly: number;
  cpuPercent: number;
}

interface PhaseResult {
  name: string;
  p50Ms: number;
  p99Ms: number;
  p999Ms: number;
  maxMs: number;
  messagesPerSecond: number;
  framesPerSecond: number;
  serverCpuPercent: number[];
  /** CPU time of the server process(es) per feed beat: what a beat costs, whatever the load. */
  serverCpuMsPerBeat: number;
  /** Wall time of the feeding process's publish call (its own sockets' fan-out), mean. */
  fanOutMsMean: number;
  clientCpuPercent: number;
  connectMs: number;
  closedEarly: number;
  /** The 1-minute load average when the measurement started. */
  loadAverage: string;
}

function waitFor<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type: string }) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as T);
    };
    const onExit = (code: number | null) => reject(new Error(`child exited (${code}) before "${type}"`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

const children = new Set<ChildProcess>();
function start(file: string, args: string[]): ChildProcess {
  // BENCH_PROFILE=<dir>: the server processes write a V8 CPU profile there (--cpu-prof).
  const profileDirectory = process.env.BENCH_PROFILE;
  const execArgv =
    profileDirectory && file === 'server.ts'
      ? [...process.execArgv, '--cpu-prof', `--cpu-prof-dir=${profileDirectory}`]
      : process.execArgv;
  const child = fork(path.join(here, file), args, {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv,
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

async function runPhase(
  name: string,
  servers: Array<{ mode: string; feeds: boolean; redis?: string; prefix?: string }>,
) {
  process.stderr.write(`[${name}] starting ${servers.length} server process(es)\n`);
  const serverChildren = servers.map((server) =>
    start('server.ts', [
      server.mode,
      server.feeds ? 'feed' : 'listen',
      server.redis ?? '',
      server.prefix ?? '',
    ]),
  );
  const ports = await Promise.all(
    serverChildren.map(async (child) => (await waitFor<{ port: number }>(child, 'listening')).port),
  );
  process.stderr.write(`[${name}] connecting ${CLIENTS} clients to port(s) ${ports.join(', ')}\n`);
  const clients = start('clients.ts', [String(CLIENTS), ports.join(',')]);
  const { connectMs } = await waitFor<{ connectMs: number }>(clients, 'ready');
  process.stderr.write(`[${name}] connected in ${connectMs} ms; feeding, warm-up ${WARM_UP_MS} ms\n`);
  for (const child of serverChildren) child.send({ type: 'feed' });
  await sleep(WARM_UP_MS);
  const loadAtStart = loadAverage();
  clients.send({ type: 'reset' });
  for (const child of serverChildren) child.send({ type: 'mark' });
  await sleep(MEASURE_MS);
  const reportPromise = waitFor<ClientReport>(clients, 'report');
  const cpuPromises = serverChildren.map((child) =>
    waitFor<{ cpuPercent: number; beatsPerSecond: number; publishMsMean: number; publishMsMax: number }>(
      child,
      'cpu',
    ),
  );
  clients.send({ type: 'report' });
  for (const child of serverChildren) child.send({ type: 'cpu' });
  const report = await reportPromise;
  const cpus = await Promise.all(cpuPromises);
  const feeder = cpus[0]!;
  process.stderr.write(
    `[${name}] feed: ${feeder.beatsPerSecond.toFixed(1)} beats/s (${(1000 / BEAT_MS).toFixed(0)} expected), fan-out of a beat ` +
      `${feeder.publishMsMean.toFixed(1)} ms mean, ${feeder.publishMsMax.toFixed(1)} ms max\n`,
  );
  for (const child of [clients, ...serverChildren]) {
    child.send({ type: 'stop' });
  }
  await Promise.all(
    [clients, ...serverChildren].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) resolve();
          else child.once('exit', () => resolve());
        }),
    ),
  );
  await sleep(500);
  const result: PhaseResult = {
    name,
    p50Ms: report.p50Ms,
    p99Ms: report.p99Ms,
    p999Ms: report.p999Ms,
    maxMs: report.maxMs,
    messagesPerSecond: Math.round(report.messages / report.seconds),
    framesPerSecond: Math.round(report.frames / report.seconds),
    serverCpuPercent: cpus.map((cpu) => Math.round(cpu.cpuPercent)),
    serverCpuMsPerBeat:
      feeder.beatsPerSecond > 0
        ? Math.round((cpus.reduce((total, cpu) => total + cpu.cpuPercent, 0) * 10) / feeder.beatsPerSecond)
        : 0,
    fanOutMsMean: Math.round(feeder.publishMsMean),
    clientCpuPercent: Math.round(report.cpuPercent),
    connectMs,
    closedEarly: report.closedEarly,
    loadAverage: loadAtStart,
  };
  process.stderr.write(`[${name}] ${JSON.stringify(result)}\n`);
  return result;
}

async function isRedisReachable(url: string): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

// Every client follows 5 symbols (2 ticks/s each) and gets the 3 indices (2 ticks/s each).
const expectedPerSecond = Math.round(CLIENTS * (5 + FEED_INDICES.length) * TICKS_PER_SECOND_PER_SYMBOL);
process.stderr.write(
  `ws-fanout: ${CLIENTS} clients, ${FEED_SYMBOLS.length} symbols + ${FEED_INDICES.length} indices at ` +
    `${TICKS_PER_SECOND_PER_SYMBOL} ticks/s; expected ${expectedPerSecond} tick messages/s\n`,
);

/** The mean of each figure over the rounds of one phase (the machine's load varies over a run). */
function meanOf(results: PhaseResult[]): PhaseResult {
  const mean = (read: (result: PhaseResult) => number) =>
    Math.round(results.reduce((total, result) => total + read(result), 0) / results.length);
  const first = results[0]!;
  return {
    name: first.name,
    p50Ms: mean((result) => result.p50Ms),
    p99Ms: mean((result) => result.p99Ms),
    p999Ms: mean((result) => result.p999Ms),
    maxMs: Math.max(...results.map((result) => result.maxMs)),
    messagesPerSecond: mean((result) => result.messagesPerSecond),
    framesPerSecond: mean((result) => result.framesPerSecond),
    serverCpuPercent: first.serverCpuPercent.map((_, index) =>
      mean((result) => result.serverCpuPercent[index]!),
    ),
    serverCpuMsPerBeat: mean((result) => result.serverCpuMsPerBeat),
    fanOutMsMean: mean((result) => result.fanOutMsMean),
    clientCpuPercent: mean((result) => result.clientCpuPercent),
    connectMs: mean((result) => result.connectMs),
    closedEarly: results.reduce((total, result) => total + result.closedEarly, 0),
    loadAverage: results.map((result) => result.loadAverage).join(', '),
  };
}

// The phases alternate in BENCH_ROUNDS rounds (default 2), so that a burst of load from elsewhere
// on the machine does not fall on one phase only; figures are means over the rounds.
const ROUNDS = numberFromEnvironment('BENCH_ROUNDS', 2);
let withRedis = false;
if (process.env.BENCH_SKIP_REDIS) {
  process.stderr.write('BENCH_SKIP_REDIS is set: the two-process phase is skipped\n');
} else if (await isRedisReachable(REDIS_URL)) {
  withRedis = true;
} else {
  process.stderr.write(`Redis at ${REDIS_URL} is unreachable: the two-process phase is skipped\n`);
}
const rounds: Record<'bare' | 'app' | 'redis', PhaseResult[]> = { bare: [], app: [], redis: [] };
for (let round = 1; round <= ROUNDS; round++) {
  process.stderr.write(`round ${round} of ${ROUNDS}\n`);
  rounds.bare.push(await runPhase('bare ws baseline', [{ mode: 'bare', feeds: true }]));
  rounds.app.push(await runPhase('nivesh app', [{ mode: 'app', feeds: true }]));
  if (withRedis) {
    const prefix = `nivesh-bench:${randomUUID()}:`;
    rounds.redis.push(
      await runPhase('two app processes + Redis', [
        { mode: 'app', feeds: true, redis: REDIS_URL, prefix },
        { mode: 'app', feeds: false, redis: REDIS_URL, prefix },
      ]),
    );
  }
}
const bare = meanOf(rounds.bare);
const app = meanOf(rounds.app);
const redis = rounds.redis.length > 0 ? meanOf(rounds.redis) : undefined;

const ratio = (value: number, base: number) => (base === 0 ? 0 : Math.round((value / base) * 100) / 100);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const rows = [bare, app, ...(redis ? [redis] : [])];
process.stderr.write(
  `load average (1 min) at each measurement: ${rows.map((row) => `${row.name}: ${row.loadAverage}`).join('; ')}\n`,
);
const line = (cells: Array<string | number>) => cells.map((cell) => String(cell).padStart(14)).join('');
console.log(
  `\nws-fanout: ${CLIENTS} clients x 5 symbols + index ticker; expected ${expectedPerSecond} messages/s; ` +
    `means over ${ROUNDS} round(s)`,
);
console.log(
  line([
    'phase',
    'p50 ms',
    'p99 ms',
    'p99.9 ms',
    'max ms',
    'msgs/s',
    'frames/s',
    'server CPU %',
    'CPU ms/beat',
    'fan-out ms',
    'client CPU %',
  ]),
);
for (const row of rows) {
  console.log(
    line([
      row.name.slice(0, 13),
      row.p50Ms,
      row.p99Ms,
      row.p999Ms,
      row.maxMs,
      row.messagesPerSecond,
      row.framesPerSecond,
      row.serverCpuPercent.join('+'),
      row.serverCpuMsPerBeat,
      row.fanOutMsMean,
      row.clientCpuPercent,
    ]),
  );
}
const ratios: Record<string, number> = {
  appThroughputVsBare: ratio(app.messagesPerSecond, bare.messagesPerSecond),
  appP99VsBare: ratio(app.p99Ms, bare.p99Ms),
  appServerCpuVsBare: ratio(sum(app.serverCpuPercent), sum(bare.serverCpuPercent)),
};
if (redis) {
  ratios.redisThroughputVsBare = ratio(redis.messagesPerSecond, bare.messagesPerSecond);
  ratios.redisP99VsBare = ratio(redis.p99Ms, bare.p99Ms);
  ratios.redisServerCpuVsBare = ratio(sum(redis.serverCpuPercent), sum(bare.serverCpuPercent));
}
console.log(
  `\napp vs bare: throughput ${ratios.appThroughputVsBare} (target >= 0.8), p99 ${app.p99Ms} ms ` +
    `(target < 100: ${app.p99Ms < 100 ? 'met' : 'MISSED'}), server CPU x${ratios.appServerCpuVsBare}`,
);
if (redis) {
  console.log(
    `two processes + Redis vs bare: throughput ${ratios.redisThroughputVsBare}, p99 ${redis.p99Ms} ms ` +
      `(${redis.p99Ms < 100 ? 'met' : 'MISSED'}), server CPU (both) x${ratios.redisServerCpuVsBare}`,
  );
}
const figures: Record<string, number> = {
  clients: CLIENTS,
  rounds: ROUNDS,
  expectedMessagesPerSecond: expectedPerSecond,
};
for (const [key, row] of [
  ['bare', bare],
  ['app', app],
  ['redis', redis],
] as const) {
  if (!row) continue;
  figures[`${key}P50Ms`] = row.p50Ms;
  figures[`${key}P99Ms`] = row.p99Ms;
  figures[`${key}MessagesPerSecond`] = row.messagesPerSecond;
  figures[`${key}ServerCpuPercent`] = sum(row.serverCpuPercent);
  figures[`${key}ServerCpuMsPerBeat`] = row.serverCpuMsPerBeat;
  figures[`${key}FanOutMsMean`] = row.fanOutMsMean;
  figures[`${key}ClientCpuPercent`] = row.clientCpuPercent;
}
console.log(JSON.stringify({ bench: 'ws-fanout', figures, ratios }));
process.exit(0);
