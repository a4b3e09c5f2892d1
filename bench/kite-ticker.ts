import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { FEED_SYMBOLS, TICKS_PER_SECOND_PER_SYMBOL } from './ws-fanout/feed.js';

/*
 * `npm run bench -- kite-ticker` (docs/adr/0025, docs/adr/0031): the Kite-compatible binary ticker
 * (/kite/ws) against the app's JSON WebSocket (/api/vue/ws) in the same run, on the same server process
 * (bench/kite-ticker/server.ts: the real app, in-memory PGlite, the ws-fanout test feed of 50
 * symbols at 2 beats a second).
 *
 *   binary  BENCH_CLIENTS (default 1000) ticker connections, each subscribed to the feed's 50 tokens
 *           in full mode (184-byte packets with 5 + 5 depth), 3 connections per API app as Kite allows
 *   json    as many /ws connections, each subscribed to the same 50 symbols in quote mode
 *
 * The server runs in a child process, so its CPU (process.cpuUsage of that process) is measured
 * apart from the clients'. Connections open 25 at a time; an upgrade refused with 429 (admission
 * control, docs/adr/0030) is tried again after its Retry-After. The apps are created by the server
 * child, as many as the clients need at Kite's 3 connections an app (docs/adr/0037).
 *
 * For BENCH_SECONDS (default 10) after BENCH_WARMUP_SECONDS (default 3) each phase measures the
 * bytes a second the clients receive, tick-to-client latency (the feed's publish instant of a beat,
 * read back from the quote's volume, to the frame's arrival; p50, p99) and the server's CPU per beat
 * and per tick published. Ratios are binary over JSON. Ends with one JSON line
 * {"bench":"kite-ticker","figures":{...},"ratios":{...}}. BENCH_CPU_PROFILE_DIR=<dir> also writes a
 * CPU profile of the server over each measurement (bench/kite-ticker/server.ts); profiling costs CPU,
 * so figures of such a run are not comparable with others.
 *
 * The phases alternate for BENCH_ROUNDS rounds (default 3: binary, JSON, binary, JSON, ...) and each
 * kind's figures are the mean over its rounds: on a shared machine the load drifts within a minute,
 * and one phase of each measured back to back let that drift decide a ratio near 1.
 */

const CLIENTS = numberFromEnvironment('BENCH_CLIENTS', 1000);
const MEASURE_MS = numberFromEnvironment('BENCH_SECONDS', 10) * 1000;
const WARM_UP_MS = numberFromEnvironment('BENCH_WARMUP_SECONDS', 3) * 1000;
const ROUNDS = numberFromEnvironment('BENCH_ROUNDS', 3);
const CONNECTIONS_PER_APP = 3;

function numberFromEnvironment(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`${name} must be a positive number`);
  return parsed;
}

function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ')[0] ?? '?';
  } catch {
    return '?';
  }
}

const log = (line: string) => process.stdout.write(`${line}\n`);
const round = (value: number, digits = 2) => Number(value.toFixed(digits));
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

function waitFor<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type: string }) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      resolve(message as T);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before "${type}"`)));
  });
}

/** What the clients of a phase record: bytes, and per frame the beat it carried and when it came. */
class Tally {
  bytes = 0;
  recording = false;
  readonly arrivals: Array<[beat: number, atMs: number]> = [];
  frame(bytes: number, beat: number | undefined) {
    if (!this.recording) return;
    this.bytes += bytes;
    if (beat !== undefined) this.arrivals.push([beat, Date.now()]);
  }
}

/** The beat of a binary ticker frame: the volume (offset 16) of its first full or quote packet. */
function beatOfBinary(data: Buffer): number | undefined {
  if (data.length < 4) return undefined; // a heartbeat
  const count = data.readInt16BE(0);
  let offset = 2;
  for (let packet = 0; packet < count; packet++) {
    const length = data.readInt16BE(offset);
    if (length === 184 || length === 44) return data.readInt32BE(offset + 2 + 16);
    offset += 2 + length;
  }
  return undefined;
}

/**
 * The beat of a JSON `ticks` frame: the volume of its first quote (`data[0]`; the index levels come
 * after `data` and have none), read from the bytes without parsing the frame: a client that parses
 * 20 MB of JSON a second falls behind on a loaded machine, and the server then skips beats for it
 * (coalescing), which would make the JSON side look cheaper and later than it is.
 */
const VOLUME = Buffer.from('"volume":');
function beatOfJson(data: Buffer): number | undefined {
  if (data.indexOf('"ticks"') < 0) return undefined;
  let at = data.indexOf(VOLUME);
  if (at < 0) return undefined;
  at += VOLUME.length;
  let beat = 0;
  for (; at < data.length && data[at]! >= 0x30 && data[at]! <= 0x39; at++)
    beat = beat * 10 + data[at]! - 0x30;
  return beat;
}

/** An upgrade the server refused with 429: when it says to ask again. */
class Refused extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`upgrade refused (429), retry after ${retryAfterMs} ms`);
  }
}

/**
 * Opens a WebSocket and resolves once it is open; an upgrade refused with 429 rejects with Refused
 * and the server's Retry-After, any other refusal or error with the error.
 */
function openSocket(
  url: string,
  options: WebSocket.ClientOptions,
  onMessage: (data: Buffer, isBinary: boolean) => void,
) {
  return new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(url, options);
    socket.once('unexpected-response', (request, response) => {
      const seconds = Number(response.headers['retry-after']);
      response.resume();
      request.destroy();
      if (response.statusCode === 429)
        reject(new Refused(Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000));
      else reject(new Error(`upgrade refused (${response.statusCode})`));
    });
    socket.once('error', reject);
    socket.once('open', () => resolve(socket));
    socket.on('message', onMessage);
  });
}

/**
 * Opens `count` sockets, CONNECT_BATCH at a time, a pause between batches (the ramp). The server's
 * admission control refuses an upgrade with 429 and Retry-After while its event loop is delayed
 * (docs/adr/0030): such a socket is opened again after the Retry-After (and a jitter, so the
 * refused ones do not come back at one instant), for up to CONNECT_GIVE_UP_MS.
 */
const CONNECT_BATCH = 25;
const CONNECT_PAUSE_MS = 20;
const CONNECT_GIVE_UP_MS = 5 * 60_000;
let refusals = 0;
async function openAll(count: number, open: (index: number) => Promise<WebSocket>): Promise<WebSocket[]> {
  const startedMs = Date.now();
  const openWithRetries = async (index: number) => {
    for (;;) {
      try {
        return await open(index);
      } catch (error) {
        if (!(error instanceof Refused) || Date.now() - startedMs > CONNECT_GIVE_UP_MS) throw error;
        refusals += 1;
        await sleep(error.retryAfterMs * (1 + Math.random()));
      }
    }
  };
  const sockets: WebSocket[] = [];
  for (let start = 0; start < count; start += CONNECT_BATCH) {
    sockets.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(CONNECT_BATCH, count - start) }, (_, k) => openWithRetries(start + k)),
      )),
    );
    await sleep(CONNECT_PAUSE_MS);
  }
  return sockets;
}

async function runPhase(
  name: 'binary' | 'json',
  server: ChildProcess,
  connect: (index: number, tally: Tally) => Promise<WebSocket>,
) {
  const tally = new Tally();
  const startedMs = Date.now();
  refusals = 0;
  const sockets = await openAll(CLIENTS, (index) => connect(index, tally));
  const connectMs = Date.now() - startedMs;
  const connectRefusals = refusals;
  await sleep(WARM_UP_MS);
  const load = loadAverage();
  server.send({ type: 'mark', phase: name });
  tally.recording = true;
  await sleep(MEASURE_MS);
  tally.recording = false;
  server.send({ type: 'cpu' });
  const cpu = await waitFor<{ cpuMs: number; wallMs: number; beats: number; beatAt: Record<string, number> }>(
    server,
    'cpu',
  );
  // Still open at the end of the measurement (a socket the server dropped as a slow reader is not).
  const openAtEnd = sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length;
  for (const socket of sockets) socket.terminate();
  await sleep(500);
  const latencies = tally.arrivals
    .map(([beat, atMs]) =>
      cpu.beatAt[String(beat)] === undefined ? undefined : atMs - cpu.beatAt[String(beat)]!,
    )
    .filter((ms): ms is number => ms !== undefined)
    .sort((a, b) => a - b);
  const seconds = cpu.wallMs / 1000;
  const ticksPublished = cpu.beats * FEED_SYMBOLS.length;
  const figures = {
    clients: openAtEnd,
    connectMs,
    connectRefusals,
    bytesPerSecond: Math.round(tally.bytes / seconds),
    framesMeasured: latencies.length,
    p50Ms: round(percentile(latencies, 50), 1),
    p99Ms: round(percentile(latencies, 99), 1),
    serverCpuPercent: round((cpu.cpuMs / cpu.wallMs) * 100, 1),
    serverCpuMsPerBeat: round(cpu.beats ? cpu.cpuMs / cpu.beats : 0, 3),
    serverCpuUsPerTick: round(ticksPublished ? (cpu.cpuMs * 1000) / ticksPublished : 0, 1),
    loadAverage: load,
  };
  log(
    `[${name}] ${figures.clients} of ${CLIENTS} clients open (${connectRefusals} upgrades refused and retried): ` +
      `${figures.bytesPerSecond} B/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, ` +
      `server CPU ${figures.serverCpuPercent}% (${figures.serverCpuMsPerBeat} ms a beat, ${figures.serverCpuUsPerTick} µs a tick), load ${load}`,
  );
  return figures;
}

const server = fork(
  path.join(import.meta.dirname, 'kite-ticker', 'server.ts'),
  [String(Math.ceil(CLIENTS / CONNECTIONS_PER_APP))],
  {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: process.execArgv,
  },
);
process.once('exit', () => server.kill('SIGKILL'));
const { port, credentials } = await waitFor<{
  port: number;
  credentials: Array<{ apiKey: string; accessToken: string }>;
}>(server, 'listening');
const origin = `http://127.0.0.1:${port}`;

// The feed's 50 symbols as Kite instrument tokens, from the instrument dump as a client reads it.
const first = credentials[0]!;
// A freshly started server answers 503 (SERVER_BUSY) until it is ready: ask again for up to a minute.
let csv = '';
for (let attempt = 0; attempt < 120 && !csv.startsWith('instrument_token'); attempt++) {
  if (attempt > 0) await sleep(500);
  csv = await (
    await fetch(`${origin}/kite/instruments/NSE`, {
      headers: { authorization: `token ${first.apiKey}:${first.accessToken}`, 'x-kite-version': '3' },
    })
  ).text();
}
const tokenOf = new Map(
  csv
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','))
    .map((cells) => [cells[2]!, Number(cells[0])] as const),
);
const tokens = FEED_SYMBOLS.map((symbol) => tokenOf.get(symbol)).filter(
  (token): token is number => token !== undefined,
);
if (tokens.length !== FEED_SYMBOLS.length)
  throw new Error(`only ${tokens.length} of the feed's symbols have tokens: ${csv.slice(0, 300)}`);
server.send({ type: 'feed' });
log(
  `kite-ticker: ${CLIENTS} clients x ${tokens.length} tokens, ${TICKS_PER_SECOND_PER_SYMBOL} ticks a second a symbol, ` +
    `${MEASURE_MS / 1000} s measured after ${WARM_UP_MS / 1000} s`,
);

const wsOrigin = origin.replace('http', 'ws');
const openBinary = async (index: number, tally: Tally) => {
  const { apiKey, accessToken } = credentials[Math.floor(index / CONNECTIONS_PER_APP)]!;
  const socket = await openSocket(
    `${wsOrigin}/kite/ws?api_key=${apiKey}&access_token=${accessToken}`,
    {},
    (data, isBinary) => tally.frame(data.length, isBinary ? beatOfBinary(data) : undefined),
  );
  socket.send(JSON.stringify({ a: 'subscribe', v: tokens }));
  socket.send(JSON.stringify({ a: 'mode', v: ['full', tokens] }));
  return socket;
};

const openJson = async (_index: number, tally: Tally) => {
  const socket = await openSocket(`${wsOrigin}/api/vue/ws`, { perMessageDeflate: false }, (data) => {
    tally.frame(data.length, beatOfJson(data));
  });
  socket.send(JSON.stringify({ op: 'subscribe', symbols: FEED_SYMBOLS, mode: 'quote' }));
  return socket;
};

type PhaseFigures = Awaited<ReturnType<typeof runPhase>>;
const rounds: { binary: PhaseFigures; json: PhaseFigures }[] = [];
for (let roundIndex = 1; roundIndex <= ROUNDS; roundIndex++) {
  log(`round ${roundIndex} of ${ROUNDS}`);
  rounds.push({
    binary: await runPhase('binary', server, openBinary),
    json: await runPhase('json', server, openJson),
  });
}

/** Each figure's mean over the rounds (clients: the fewest open in any round). */
function meanOf(phases: PhaseFigures[]): PhaseFigures {
  const mean = (pick: (phase: PhaseFigures) => number, digits: number) =>
    round(phases.reduce((sum, phase) => sum + pick(phase), 0) / phases.length, digits);
  return {
    clients: Math.min(...phases.map((phase) => phase.clients)),
    connectMs: mean((phase) => phase.connectMs, 0),
    connectRefusals: phases.reduce((sum, phase) => sum + phase.connectRefusals, 0),
    bytesPerSecond: mean((phase) => phase.bytesPerSecond, 0),
    framesMeasured: phases.reduce((sum, phase) => sum + phase.framesMeasured, 0),
    p50Ms: mean((phase) => phase.p50Ms, 1),
    p99Ms: mean((phase) => phase.p99Ms, 1),
    serverCpuPercent: mean((phase) => phase.serverCpuPercent, 1),
    serverCpuMsPerBeat: mean((phase) => phase.serverCpuMsPerBeat, 3),
    serverCpuUsPerTick: mean((phase) => phase.serverCpuUsPerTick, 1),
    loadAverage: phases.map((phase) => phase.loadAverage).join(' '),
  };
}
const binary = meanOf(rounds.map((pair) => pair.binary));
const json = meanOf(rounds.map((pair) => pair.json));
const roundRatios = rounds.map((pair) =>
  round(pair.binary.serverCpuUsPerTick / pair.json.serverCpuUsPerTick, 3),
);
log(`server CPU a tick, binary / JSON, by round: ${roundRatios.join(', ')}`);

server.send({ type: 'stop' });
const ratio = (a: number, b: number) => (b === 0 ? null : round(a / b, 3));
const ratios = {
  bytesPerSecond: ratio(binary.bytesPerSecond, json.bytesPerSecond),
  p99: ratio(binary.p99Ms, json.p99Ms),
  serverCpuPerTick: ratio(binary.serverCpuUsPerTick, json.serverCpuUsPerTick),
};
log(
  `binary / JSON: bytes a second ${ratios.bytesPerSecond}, p99 ${ratios.p99}, server CPU a tick ${ratios.serverCpuPerTick} ` +
    `(the binary frames must cost no more server CPU a tick than the JSON ones: ${ratios.serverCpuPerTick !== null && ratios.serverCpuPerTick <= 1 ? 'met' : 'NOT met'})`,
);
log(JSON.stringify({ bench: 'kite-ticker', figures: { binary, json, rounds: ROUNDS, roundRatios }, ratios }));
process.exit(0);
