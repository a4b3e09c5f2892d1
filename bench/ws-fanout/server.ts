import { type WebSocket, WebSocketServer } from 'ws';
import { systemClock } from '../../apps/server/src/clock.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { connectDatabase } from '../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { buildApp } from '../../apps/server/src/http/app.js';
import type { LiveQuote } from '../../apps/server/src/market/market-bus.js';
import { seedReferenceData } from '../../apps/server/src/seed/reference-data.js';
import { serializeQuote } from '../../apps/server/src/streaming/stream-hub.js';
import { FEED_INDICES, startFeed } from './feed.js';

/*
 * A server child of bench/ws-fanout.ts. `bare`: a bare `ws` server that speaks the same protocol
 * (subscribe reply, one `ticks` frame per client per beat with its symbols and the index levels)
 * with each quote serialised once, and each distinct frame built once a beat and sent as the same
 * Buffer with `ws.send` (the sharing the app's hub does, so the ratio compares like with like;
 * the app then writes pre-built frame bytes under `ws`, which `ws.send` cannot). `app`: the real Nivesh app (in-memory PGlite, no
 * simulator; REDIS_URL and a channel prefix when given). With `feed`, the test feed publishes here.
 * It answers the parent's messages: `feed` starts the feed, `cpu` reports process.cpuUsage().
 */

const [mode = 'bare', feedFlag = 'feed', redisUrl = '', prefix = ''] = process.argv.slice(2);
const feeds = feedFlag === 'feed';
let publish: (quotes: LiveQuote[]) => void;
let port: number;

if (mode === 'bare') {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', backlog: 4096 });
  // Each socket's symbols, and them as a string: sockets with equal keys get the same frame.
  const clients = new Map<WebSocket, { symbols: Set<string>; key: string }>();
  server.on('connection', (socket) => {
    const client = { symbols: new Set<string>(), key: '' };
    clients.set(socket, client);
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { op: string; symbols?: string[]; mode?: string };
      if (message.op === 'subscribe' && message.symbols) {
        for (const symbol of message.symbols) client.symbols.add(symbol);
        client.key = [...client.symbols].join('\n');
        socket.send(
          JSON.stringify({ type: 'subscribed', symbols: message.symbols, mode: message.mode ?? 'ltp' }),
        );
      }
    });
    socket.on('close', () => clients.delete(socket));
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  port = (server.address() as { port: number }).port;
  const indexSymbols = new Set(FEED_INDICES);
  publish = (quotes) => {
    const json = new Map<string, string>();
    const levels: string[] = [];
    for (const quote of quotes) {
      const text = serializeQuote(quote, 'ltp');
      if (indexSymbols.has(quote.symbol)) levels.push(text);
      else json.set(quote.symbol, text);
    }
    const indicesPart = levels.length > 0 ? `,"indices":[${levels.join(',')}]` : '';
    // The same sharing as the app's hub: one frame (as a Buffer) per distinct symbol set a beat.
    const frames = new Map<string, Buffer | null>();
    for (const [socket, { symbols, key }] of clients) {
      let frame = frames.get(key);
      if (frame === undefined) {
        const parts: string[] = [];
        for (const symbol of symbols) {
          const text = json.get(symbol);
          if (text) parts.push(text);
        }
        frame =
          parts.length > 0 || indicesPart
            ? Buffer.from(`{"type":"ticks","data":[${parts.join(',')}]${indicesPart}}`)
            : null;
        frames.set(key, frame);
      }
      if (frame) socket.send(frame, { binary: false });
    }
  };
} else {
  const database = await connectDatabase({});
  await migrateToLatest(database.db);
  await seedReferenceData(database.db, 'none');
  const config = {
    ...loadConfig({
      NODE_ENV: 'production',
      NIVESH_FEED: 'none',
      NIVESH_IDENTITY_HASH_KEY: 'bench-only-identity-hash-key-0123456789',
      NIVESH_API_SECRET_KEY: 'bench-only-api-secret-key-0123456789abcdef',
    }),
    redisUrl: redisUrl || undefined,
    redisChannelPrefix: prefix || 'nivesh-bench:',
  };
  const app = await buildApp({ db: database.db, config, clock: systemClock, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
  port = (app.server.address() as { port: number }).port;
  publish = (quotes) => app.marketBus.publish({ ticks: [], quotes });
}

let stopFeed: (() => void) | undefined;
let cpuMark = process.cpuUsage();
let wallMark = performance.now();
let beats = 0;
let publishMsTotal = 0;
let publishMsMax = 0;
process.on('message', (message: { type: string }) => {
  if (message.type === 'feed' && feeds) {
    stopFeed = startFeed((quotes) => {
      const startedMs = performance.now();
      publish(quotes);
      const tookMs = performance.now() - startedMs;
      beats += 1;
      publishMsTotal += tookMs;
      if (tookMs > publishMsMax) publishMsMax = tookMs;
    });
  }
  if (message.type === 'mark') {
    cpuMark = process.cpuUsage();
    wallMark = performance.now();
    beats = 0;
    publishMsTotal = 0;
    publishMsMax = 0;
  }
  if (message.type === 'cpu') {
    const used = process.cpuUsage(cpuMark);
    const wallMs = performance.now() - wallMark;
    process.send?.({
      type: 'cpu',
      cpuPercent: ((used.user + used.system) / 1000 / wallMs) * 100,
      beatsPerSecond: (beats / wallMs) * 1000,
      publishMsMean: beats ? publishMsTotal / beats : 0,
      publishMsMax,
    });
  }
  if (message.type === 'stop') {
    stopFeed?.();
    process.exit(0);
  }
});
process.send?.({ type: 'listening', port });
