import { mkdirSync } from 'node:fs';
import { progressLine } from './cli/progress-line.js';
import { systemClock } from './clock.js';
import { loadConfig } from './config.js';
import { claimDataDir } from './db/data-dir-lock.js';
import { connectDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { buildApp } from './http/app.js';
import { addListenCopies } from './http/listen-copies.js';
import { competeForFeed, type FeedLeadership } from './market/feed-leadership.js';
import { FeedSwitch } from './market/feed-switch.js';
import { type RunningMarket, startMarket } from './market/start-market.js';
import { seedDemo } from './seed/demo-seed.js';
import { seedReferenceData } from './seed/reference-data.js';

/** Prints `label ... done in 1.2 s` around one step of the start, so a first start never looks stuck. */
async function step<T>(label: string, work: () => Promise<T>): Promise<T> {
  const startedMs = performance.now();
  process.stdout.write(`${label} ...`);
  const result = await work();
  process.stdout.write(` done in ${((performance.now() - startedMs) / 1000).toFixed(1)} s\n`);
  return result;
}

const config = loadConfig();
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const releaseDataDir = config.databaseUrl ? () => {} : claimDataDir(config.dataDir);
const database = await connectDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
});
await step('Preparing the database', () => migrateToLatest(database.db));
await step('Loading reference data', () => seedReferenceData(database.db, config.feed, config.brokerDetails));
const seeded = config.seedDemo
  ? await step('Seeding the demo', () => seedDemo(database.db, config, systemClock.now()))
  : undefined;

const feedSwitch = new FeedSwitch();
/** Connections waiting to be accepted (see the listen call below). */
const LISTEN_BACKLOG = 4_096;
const app = await buildApp({
  db: database.db,
  config,
  clock: systemClock,
  logger: true,
  feedSwitch,
  listen: database.listen,
  // Several processes may share a PostgreSQL database: one of them, chosen by an advisory lock, runs
  // the trading engine. PGlite has one process, which always runs it (ADR 0007).
  engine: { leadership: database.driver === 'postgres' ? 'advisory_lock' : 'always' },
});
let closing = false; // set by shutdown(), declared before anything may call it
const history = progressLine('Making the simulated price history', 'symbols');
const runMarket = () =>
  startMarket({
    db: database.db,
    pglite: database.pglite,
    config,
    clock: systemClock,
    log: app.log,
    // The market publishes on the app's bus, which streams to WebSocket clients (and, with
    // REDIS_URL, to the other server processes).
    bus: app.marketBus,
    // The calendar staff edit in the console: holidays they add stop the simulator that day.
    calendar: app.marketCalendar,
    onHistoryProgress: (stored, total) => {
      app.startup.advance(stored, total);
      history.update(stored, total);
    },
  });
/*
 * Which process feeds the market. PGlite: this one (one process owns the data folder). PostgreSQL
 * without Redis: every process feeds its own clients, as before. PostgreSQL with Redis: the one
 * process holding the feed's advisory lock; the others stream what it publishes into Redis and take
 * over within seconds when it dies (market/feed-leadership.ts).
 */
let market: RunningMarket | undefined;
let leadership: FeedLeadership | undefined;
const feedLed = Boolean(config.databaseUrl && config.redisUrl && config.feed !== 'none');
// A first start spends a minute making price history: answer pages and sign-ins meanwhile, with
// /api/health saying "starting" (and the investor app a banner) until the market runs.
if (!feedLed) app.startup.begin('market history');
// A market open brings thousands of new connections at once. Past the listen backlog the kernel
// drops their SYNs and clients resend after 1 s, then 3 s: seconds of latency, and timeouts, the
// server never sees (docs/adr/0030). Node's default is 511; the kernel caps this at somaxconn.
await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
// A busy event loop accepts one connection per listening descriptor each turn: copies of it let the
// connections in as fast as they come (docs/adr/0039).
// Without them the process still serves, one accept a turn: a failure is worth a warning, not a stop.
const listenCopies = await addListenCopies(app.server, config.capacity.listenCopies).catch((error) => {
  app.log.warn({ err: error }, 'no copies of the listening socket: connections are accepted one a turn');
  return { count: 0, close: async () => {} };
});

const base = `http://localhost:${config.port}`;
const lines = [
  '',
  `Nivesh is running (${database.driver === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  `  Investor app:  ${base}/`,
  `  Staff console: ${base}/console/`,
  `  API reference: ${base}/api/vue/openapi.json (console: ${base}/api/console/openapi.json)`,
];
if (seeded) {
  lines.push(
    '  Demo logins (change them with the NIVESH_* variables in README.md):',
    `    investor  phone ${config.demo.investorPhone}  password ${config.demo.investorPassword}  fund password ${config.demo.investorFundPassword}`,
    `    staff     user  ${config.demo.adminUsername}  password ${config.demo.adminPassword}  (TOTP enrolment on first sign-in)`,
    `    invitation code for new investors: ${config.demo.inviteCode}`,
  );
}
process.stdout.write(`${lines.join('\n')}\n\n`);

if (feedLed) {
  leadership = competeForFeed({
    databaseUrl: config.databaseUrl!,
    log: app.log,
    lead: async () => {
      market = await runMarket();
      if (market.feed) feedSwitch.attach(market.feed);
      app.log.info({ market: market.description }, 'market feed started');
    },
    yieldLead: async () => {
      await market?.stop();
      market = undefined;
    },
  });
  process.stdout.write(
    'Market: the process holding the feed lock feeds it; ticks arrive here through Redis\n',
  );
} else {
  try {
    market = await runMarket();
  } catch (error) {
    app.log.fatal({ err: error }, 'the market could not start');
    await shutdown('market failure', 1);
  }
  if (market?.feed) feedSwitch.attach(market.feed);
  const made = market?.backfill;
  if (made) history.finish(`done in ${((made.computeMs + made.insertMs) / 1000).toFixed(1)} s`);
  app.startup.finish();
  process.stdout.write(`Market: ${market?.description}\n`);
}

async function shutdown(signal: string, exitCode = 0) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  await leadership?.stop();
  await market?.stop();
  await listenCopies.close();
  await app.close(); // stops accepting, lets in-flight requests finish
  await database.close();
  releaseDataDir();
  process.exit(exitCode);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
