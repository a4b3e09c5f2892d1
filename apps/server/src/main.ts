import { mkdirSync } from 'node:fs';
import { systemClock } from './clock.js';
import { loadConfig } from './config.js';
import { claimDataDir } from './db/data-dir-lock.js';
import { connectDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { buildApp } from './http/app.js';
import { competeForFeed, type FeedLeadership } from './market/feed-leadership.js';
import { FeedSwitch } from './market/feed-switch.js';
import { type RunningMarket, startMarket } from './market/start-market.js';
import { seedDemo } from './seed/demo-seed.js';
import { seedReferenceData } from './seed/reference-data.js';

const config = loadConfig();
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const releaseDataDir = config.databaseUrl ? () => {} : claimDataDir(config.dataDir);
const database = await connectDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
});
await migrateToLatest(database.db);
await seedReferenceData(database.db, config.feed);
const seeded = config.seedDemo ? await seedDemo(database.db, config, systemClock.now()) : undefined;

const feedSwitch = new FeedSwitch();
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
  });
/*
 * Which process feeds the market. PGlite: this one (one process owns the data folder). PostgreSQL
 * without Redis: every process feeds its own clients, as before. PostgreSQL with Redis: the one
 * process holding the feed's advisory lock; the others stream what it publishes into Redis and take
 * over within seconds when it dies (market/feed-leadership.ts).
 */
let market: RunningMarket | undefined;
let leadership: FeedLeadership | undefined;
let marketDescription: string;
if (config.databaseUrl && config.redisUrl && config.feed !== 'none') {
  leadership = competeForFeed({
    databaseUrl: config.databaseUrl,
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
  marketDescription = 'the process holding the feed lock feeds it; ticks arrive here through Redis';
} else {
  market = await runMarket();
  if (market.feed) feedSwitch.attach(market.feed);
  marketDescription = market.description;
}
await app.listen({ port: config.port, host: config.host });

const base = `http://localhost:${config.port}`;
const lines = [
  '',
  `Nivesh is running (${database.driver === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}; market: ${marketDescription})`,
  `  Investor app:  ${base}/`,
  `  Staff console: ${base}/console/`,
  `  API reference: ${base}/api/vue/openapi.json`,
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

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  await leadership?.stop();
  await market?.stop();
  await app.close(); // stops accepting, lets in-flight requests finish
  await database.close();
  releaseDataDir();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
