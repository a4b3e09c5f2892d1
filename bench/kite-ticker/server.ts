import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';
import { systemClock } from '../../apps/server/src/clock.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { connectDatabase } from '../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { buildApp } from '../../apps/server/src/http/app.js';
import { insertApiApp } from '../../apps/server/src/repositories/api-app.repository.js';
import { insertKiteSession } from '../../apps/server/src/repositories/kite-session.repository.js';
import { writeParameter } from '../../apps/server/src/repositories/parameter.repository.js';
import { sha256Hex } from '../../apps/server/src/security/tokens.js';
import { seedReferenceData } from '../../apps/server/src/seed/reference-data.js';
import { startFeed } from '../ws-fanout/feed.js';

/*
 * The server child of bench/kite-ticker.ts: the real app (in-memory PGlite, no simulator), one
 * investor with `apps` API apps and a Kite session on each (Kite allows 3 ticker connections per
 * app), the test feed of bench/ws-fanout (50 symbols, 2 beats a second; a quote's volume is its beat
 * number, so a client knows which beat a tick belongs to). Messages from the parent: `feed` starts
 * the feed, `mark` starts a measurement, `cpu` answers the CPU used and the beats published since,
 * with each beat's publish instant (Date.now()), `stop` ends the process.
 */

const apps = Number(process.argv[2] ?? 1);
const database = await connectDatabase({});
await migrateToLatest(database.db);
await seedReferenceData(database.db, 'none');
const config = loadConfig({
  NODE_ENV: 'production',
  NIVESH_FEED: 'none',
  NIVESH_IDENTITY_HASH_KEY: 'bench-only-identity-hash-key-0123456789',
  NIVESH_API_SECRET_KEY: 'bench-only-api-secret-key-0123456789abcdef',
});
const app = await buildApp({ db: database.db, config, clock: systemClock, logger: false });
await app.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
const port = (app.server.address() as { port: number }).port;

const nowMs = Date.now();
const user = await database.db
  .insertInto('users')
  .values({
    phone: '9000000001',
    password_hash: 'bench',
    real_name: 'Bench',
    kyc_status: 'verified',
    referrer_id: null,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
const credentials: Array<{ apiKey: string; accessToken: string }> = [];
for (let index = 0; index < apps; index++) {
  const apiKey = `benchkey${String(index).padStart(8, '0')}`;
  const accessToken = `benchtoken${index}`;
  const created = await insertApiApp(database.db, {
    userId: user.id,
    name: `bench ${index}`,
    redirectUrl: 'https://bench.example/callback',
    apiKey,
    secretNonce: 'bench',
    secretHash: sha256Hex(`secret${index}`),
    atMs: nowMs,
  });
  await insertKiteSession(database.db, {
    appId: created.id,
    userId: user.id,
    accessTokenHash: sha256Hex(accessToken),
    refreshTokenHash: sha256Hex(`refresh${index}`),
    atMs: nowMs,
    expiresAtMs: nowMs + 86_400_000,
    refreshExpiresAtMs: nowMs + 86_400_000,
  });
  credentials.push({ apiKey, accessToken });
}
// Generous rate limits: the bench reads the instrument dump once per app at most.
for (const name of ['kite_rate_quote_per_second', 'kite_rate_other_per_second'] as const)
  await writeParameter(database.db, name, 1_000, nowMs);

// BENCH_CPU_PROFILE_DIR: a CPU profile of this process over each measurement, written there as
// kite-ticker-<phase>.cpuprofile (open it in Chrome's DevTools; --cpu-prof would also take in the set-up).
const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
const inspector = profileDir ? new Session() : undefined;
inspector?.connect();
const post = (method: string, params?: object) =>
  new Promise<unknown>((resolve, reject) =>
    inspector?.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
  );
let phase = '';

let stopFeed: (() => void) | undefined;
let cpuMark = process.cpuUsage();
let wallMark = performance.now();
let beats = 0;
let beatAt: Record<number, number> = {};
process.on('message', async (message: { type: string; phase?: string }) => {
  if (message.type === 'feed')
    stopFeed = startFeed((quotes) => {
      beatAt[Number(quotes[0]?.volume ?? 0)] = Date.now();
      beats += 1;
      app.marketBus.publish({ ticks: [], quotes });
    });
  if (message.type === 'mark') {
    phase = message.phase ?? 'phase';
    if (inspector) {
      await post('Profiler.enable');
      await post('Profiler.start');
    }
    cpuMark = process.cpuUsage();
    wallMark = performance.now();
    beats = 0;
    beatAt = {};
  }
  if (message.type === 'cpu') {
    const used = process.cpuUsage(cpuMark);
    const wallMs = performance.now() - wallMark;
    if (inspector && profileDir) {
      const { profile } = (await post('Profiler.stop')) as { profile: unknown };
      writeFileSync(path.join(profileDir, `kite-ticker-${phase}.cpuprofile`), JSON.stringify(profile));
    }
    process.send?.({
      type: 'cpu',
      cpuMs: (used.user + used.system) / 1000,
      wallMs,
      beats,
      beatAt,
    });
  }
  if (message.type === 'stop') {
    stopFeed?.();
    void app.close().finally(() => process.exit(0));
  }
});
process.send?.({ type: 'listening', port, credentials });
