import WebSocket from 'ws';
import { symbolsOfClient } from './feed.js';

/*
 * The clients child of bench/ws-fanout.ts: CLIENTS WebSocket clients spread over the given
 * ports, each subscribed to 5 symbols (and receiving the index ticker). Every tick entry's `time`
 * is its publish instant; latency is Date.now() on arrival minus that, in a 1 ms histogram.
 * Snapshot frames (old values sent on subscribe) are not counted. Messages from the parent:
 * `reset` starts a measurement, `report` answers it.
 */

const [countText = '10000', portsText = ''] = process.argv.slice(2);
const count = Number(countText);
const ports = portsText.split(',').map(Number);
const CONNECT_CONCURRENCY = 200;
const HISTOGRAM_MS = 10_000;

let histogram = new Uint32Array(HISTOGRAM_MS + 1);
let messages = 0;
let frames = 0;
let measuring = false;
let startedMs = performance.now();
let closedEarly = 0;
let cpuMark = process.cpuUsage();
const sockets: WebSocket[] = [];

function onFrame(data: Buffer): void {
  if (!measuring) return;
  const text = data.toString('latin1');
  const head = text.slice(0, 30);
  if (head.includes('"snapshot"') || !(head.includes('"ticks"') || head.includes('"indices"'))) return;
  frames += 1;
  const nowMs = Date.now();
  let at = text.indexOf('"time":');
  while (at >= 0) {
    let index = at + 7;
    let time = 0;
    for (let code = text.charCodeAt(index); code >= 48 && code <= 57; code = text.charCodeAt(++index)) {
      time = time * 10 + (code - 48);
    }
    const latencyMs = Math.max(0, Math.min(HISTOGRAM_MS, nowMs - time));
    histogram[latencyMs]! += 1;
    messages += 1;
    at = text.indexOf('"time":', index);
  }
}

function connectOne(index: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const port = ports[index % ports.length];
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/vue/ws`, { perMessageDeflate: false });
    socket.once('error', reject);
    socket.once('open', () => {
      socket.send(JSON.stringify({ op: 'subscribe', symbols: symbolsOfClient(index), mode: 'ltp' }));
    });
    const onSubscribed = (data: Buffer) => {
      if (!String(data).includes('"subscribed"')) return;
      socket.off('message', onSubscribed);
      socket.on('message', onFrame);
      socket.on('close', () => {
        closedEarly += 1;
      });
      sockets.push(socket);
      resolve();
    };
    socket.on('message', onSubscribed);
  });
}

const connectStartedMs = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: CONNECT_CONCURRENCY }, async () => {
    while (next < count) {
      const index = next++;
      await connectOne(index);
    }
  }),
);
process.send?.({ type: 'ready', connectMs: Math.round(performance.now() - connectStartedMs) });

function percentile(fraction: number, total: number): number {
  const rank = Math.ceil(total * fraction);
  let seen = 0;
  for (let ms = 0; ms < histogram.length; ms++) {
    seen += histogram[ms]!;
    if (seen >= rank) return ms;
  }
  return HISTOGRAM_MS;
}

process.on('message', (message: { type: string }) => {
  if (message.type === 'reset') {
    histogram = new Uint32Array(HISTOGRAM_MS + 1);
    messages = 0;
    frames = 0;
    startedMs = performance.now();
    cpuMark = process.cpuUsage();
    measuring = true;
  }
  if (message.type === 'report') {
    measuring = false;
    const seconds = (performance.now() - startedMs) / 1000;
    const cpu = process.cpuUsage(cpuMark);
    let maxMs = 0;
    for (let ms = 0; ms < histogram.length; ms++) if (histogram[ms]) maxMs = ms;
    process.send?.({
      type: 'report',
      messages,
      frames,
      seconds,
      p50Ms: percentile(0.5, messages),
      p99Ms: percentile(0.99, messages),
      p999Ms: percentile(0.999, messages),
      maxMs,
      closedEarly,
      cpuPercent: ((cpu.user + cpu.system) / 1e6 / seconds) * 100,
    });
  }
  if (message.type === 'stop') {
    for (const socket of sockets) socket.terminate();
    process.exit(0);
  }
});
