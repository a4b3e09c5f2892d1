import { mkdirSync } from 'node:fs';
import { systemClock } from './clock.js';
import { loadConfig } from './config.js';
import { claimDataDir } from './db/data-dir-lock.js';
import { connectDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { buildApp } from './http/app.js';
import { FeedSwitch } from './market/feed-switch.js';
import { startMarket } from './market/start-market.js';
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
const app = await buildApp({ db: database.db, config, clock: systemClock, logger: true, feedSwitch });
const market = await startMarket({
  db: database.db,
  pglite: database.pglite,
  config,
  clock: systemClock,
  log: app.log,
  // The market publishes on the app's bus, which streams to WebSocket clients.
  bus: app.marketBus,
});
if (market.feed) feedSwitch.attach(market.feed);
await app.listen({ port: config.port, host: config.host });

const base = `http://localhost:${config.port}`;
const lines = [
  '',
  `Nivesh is running (${database.driver === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}; market: ${market.description})`,
  `  Investor app:  ${base}/`,
  `  Staff console: ${base}/console/`,
  `  API reference: ${base}/api/vue/openapi.json`,
];
if (seeded) {
  lines.push(
    '  Demo logins (change them with the NIVESH_* variables in README.md):',
    `    investor  phone ${config.demo.investorPhone}  password ${config.demo.investorPassword}`,
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
  await market.stop();
  await app.close(); // stops accepting, lets in-flight requests finish
  await database.close();
  releaseDataDir();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
