import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { openingPostings, scanCrossed, TriggerIndex } from '@nivesh/core';
import pg from 'pg';
import { Pool } from 'undici';
import { systemClock } from '../apps/server/src/clock.js';
import { loadConfig } from '../apps/server/src/config.js';
import { connectDatabase, type DatabaseHandle } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import type { EngineItem } from '../apps/server/src/engine/trading-engine.js';
import { buildApp } from '../apps/server/src/http/app.js';
import {
  houseAccountId,
  openUserAccounts,
  postEntry,
  userAccountId,
} from '../apps/server/src/repositories/ledger.repository.js';
import { findPosition } from '../apps/server/src/repositories/position.repository.js';
import {
  lockFor,
  readTradingParameters,
} from '../apps/server/src/repositories/trading-parameters.repository.js';
import { hashPassword } from '../apps/server/src/security/passwords.js';
import { seedReferenceData } from '../apps/server/src/seed/reference-data.js';
import { reconcileLedger } from '../apps/server/src/use-cases/ledger/reconcile-ledger.js';
import { openingCostsAt } from '../apps/server/src/use-cases/trading/charges-in-force.js';
import {
  insertPosition,
  openingChargesColumns,
  openingColumns,
  settleHolding,
} from '../apps/server/src/use-cases/trading/position-ledger.js';
import { tradingAccountsOf } from '../apps/server/src/use-cases/trading/trading-accounts.js';
import {
  createBaselineTables,
  databaseUrlFor,
  describeRate,
  dropWhenIdle,
  type Rate,
  randomAmountMinor,
  randomPair,
  rateOf,
  type Sample,
  sampleRate,
  secondsFromEnvironment,
  transferWithRawSql,
} from './lib/ledger-baseline.js';
import { machineCpuSince, machineCpuTimes } from './lib/machine-cpu.js';

/*
 * `npm run bench -- trading` (ADR 0016), in one run on PostgreSQL (DATABASE_URL, default the local
 * server), in a fresh database dropped afterwards:
 *
 *   (a) the ledger benchmark's raw SQL transfer baseline (bench/lib/ledger-baseline.ts);
 *   (b) open-and-close round trips through the HTTP API (trade/open a market order, trade/close it)
 *       from 16 keep-alive connections (undici's Pool), one investor per connection, against the real server built
 *       in this process on the same PostgreSQL; each round trip is two ledger entries, so the figure
 *       compared with (a) is entries per second; target (b)/(a) ≥ 0.5;
 *   (d) the same round trip's database work alone, as the use cases issue it (open_position, the
 *       holding's read, close_holding: migration 0020, ADR 0016) from 16 pooled connections, with
 *       no HTTP, no session check and no JSON: the ceiling (b) cannot pass on this database and
 *       machine, printed as d/a next to b/a;
 *   (c) the engine's tick handling with 100,000 pending limit orders over 50 symbols: the time to
 *       take the orders one tick crosses from the per-symbol trigger index, p50 and p99 (target p99
 *       under 1 ms), against a naive scan over every pending order, in the same run.
 *
 * (a), (b) and (d) alternate in ROUNDS rounds so that drift on a shared machine lands on both. For (b)
 * and (d) it prints this process's CPU per round trip and the whole machine's (every process, from
 * os.cpus()), with how busy the cores were: when both phases keep the cores busy, b/d is about (d)'s
 * machine CPU per round trip over (b)'s. Ends with one line of JSON. BENCH_SECONDS (default 10) and BENCH_WARMUP_SECONDS (default 2) as in the ledger
 * benchmark. BENCH_PROFILE=<file.cpuprofile> writes a V8 CPU profile of the (b) rounds alone (client
 * and server share this process, as in every round of (b)).
 */

const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const CLIENTS = 16;
const ROUNDS = 3;
const WARM_UP_MS = secondsFromEnvironment('BENCH_WARMUP_SECONDS', 2) * 1000;
const MEASURE_MS = secondsFromEnvironment('BENCH_SECONDS', 10) * 1000;
const BASELINE_ACCOUNTS = 10_000;
const SEED_CASH_MINOR = 10n ** 12n;
const SYMBOL = 'USDTINR';

let interrupted = false;
process.once('SIGINT', () => {
  interrupted = true;
  process.stderr.write('\ninterrupted: stopping and dropping the bench database\n');
});

const round = (value: number, digits: number) => Number(value.toFixed(digits));
const log = (line: string) => process.stdout.write(`${line}\n`);

/**
 * A JSON client over undici's Pool of CLIENTS keep-alive connections, as load generators such as
 * autocannon use: the client shares this process with the server, and node:http's client cost about
 * as much CPU a request as the server's own HTTP work, which no real client puts on the server.
 * Requests go through the Pool's `dispatch` with a handler that gathers the body, not `request`:
 * `request` wraps every answer in a Readable stream, and that alone was a fifth of this process's
 * CPU in (b), time the server's work did not get (docs/adr/0038).
 */
function httpClient(port: number) {
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: CLIENTS, pipelining: 1 });
  type Answer = { status: number; code?: string; data: Record<string, unknown> };
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      pool.dispatch(
        {
          path: `/api/vue/${path}`,
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        },
        {
          // Its presence marks the handler as undici 7's kind (controller first).
          onRequestStart: () => {},
          onResponseData: (_controller, chunk) => void chunks.push(chunk),
          onResponseEnd: () => {
            try {
              resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer);
            } catch (error) {
              reject(error);
            }
          },
          onResponseError: (_controller, error) => reject(error),
        },
      );
    });
  return { post, close: () => pool.close() };
}

async function seedInvestors(database: DatabaseHandle, count: number): Promise<string[]> {
  const db = database.db;
  const passwordHash = await hashPassword('Bench1234');
  const clearing = await houseAccountId(db, 'house_deposits_clearing', 'INR');
  const phones: string[] = [];
  for (let index = 0; index < count; index++) {
    const phone = String(9_800_000_000 + index);
    const user = await db
      .insertInto('users')
      .values({ phone, password_hash: passwordHash, kyc_status: 'verified', referrer_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.transaction().execute(async (trx) => {
      await openUserAccounts(trx, user.id);
      await postEntry(trx, {
        key: `bench:fund:${user.id}`,
        kind: 'deposit_approved',
        postedBy: { type: 'system' },
        atMs: Date.now(),
        postings: [
          {
            accountId: await userAccountId(trx, user.id, 'cash', 'INR'),
            amountMinor: SEED_CASH_MINOR,
            currency: 'INR',
          },
          { accountId: clearing, amountMinor: -SEED_CASH_MINOR, currency: 'INR' },
        ],
      });
    });
    phones.push(phone);
  }
  return phones;
}

/**
 * A CPU profile of chosen stretches of this process (the inspector's profiler, started and stopped
 * around each (b) round and merged by sampling only then); a no-op without a file name.
 */
async function phaseProfiler(file: string | undefined) {
  if (!file) return { resume: async () => {}, pause: async () => {}, write: async () => {} };
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  const profiles: unknown[] = [];
  return {
    resume: async () => void (await session.post('Profiler.start')),
    pause: async () => profiles.push((await session.post('Profiler.stop')).profile),
    write: async () => {
      // One file per round: Chrome DevTools and speedscope open each .cpuprofile on its own.
      for (const [index, profile] of profiles.entries())
        await writeFile(
          file.replace(/(\.cpuprofile)?$/, `.${index + 1}.cpuprofile`),
          JSON.stringify(profile),
        );
      session.disconnect();
    },
  };
}

async function runOnPostgres() {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const name = `nivesh_bench_trading_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = databaseUrlFor(databaseUrl, name);
  const baselinePool = new pg.Pool({ connectionString: url, max: CLIENTS });
  let database: DatabaseHandle | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let client: ReturnType<typeof httpClient> | undefined;
  let feed: NodeJS.Timeout | undefined;
  // Checked out for phase (a); released in `finally`, or ending the pool would wait for them forever.
  let baselineClients: pg.PoolClient[] = [];
  try {
    const version = await admin.query<{ server_version: string }>('SHOW server_version');
    log(`PostgreSQL ${version.rows[0]!.server_version} at ${new URL(databaseUrl).host}, database ${name}`);
    log(`machine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)} at start`);
    await createBaselineTables(baselinePool, BASELINE_ACCOUNTS, SEED_CASH_MINOR);
    baselineClients = await Promise.all(Array.from({ length: CLIENTS }, () => baselinePool.connect()));

    database = await connectDatabase({ databaseUrl: url, poolSize: CLIENTS + 4 });
    await migrateToLatest(database.db);
    await seedReferenceData(database.db, 'simulator');
    const phones = await seedInvestors(database, CLIENTS);
    const config = {
      ...loadConfig({
        NODE_ENV: 'production',
        // Production refuses to start without the identity-hash secret; the bench has no identities.
        NIVESH_IDENTITY_HASH_KEY: 'bench-only-identity-hash-key-0123456789',
        // Production also refuses to start without the API keys' secret; the bench issues no API keys.
        NIVESH_API_SECRET_KEY: 'bench-only-api-secret-key-0123456789abcdef',
        // The bench's investors hold sessions made directly; a second factor is asked at sign-in,
        // which this bench does not measure (docs/adr/0022).
        NIVESH_INVESTOR_2FA_REQUIRED: 'false',
        // What this bench measures is an order's cost, not admission (bench -- surge does): its 16
        // closed-loop clients cannot queue orders, so a refusal for a late order here would only be
        // a stall of the machine (a checkpoint's fsync, a GC) ending the run.
        NIVESH_ORDER_WAIT_MS: '0',
      }),
      seedDemo: false,
      feed: 'none' as const,
    };
    app = await buildApp({
      db: database.db,
      config,
      clock: systemClock,
      logger: false,
      engine: { leadership: 'always' },
      listen: database.listen,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    // The feed: one USDT price every 100 ms, the same for everyone.
    const bus = app.marketBus;
    const publish = () => {
      const atMs = Date.now();
      bus.publish({
        ticks: [{ symbol: SYMBOL, pricePaise: 9_015n, volume: 1, atMs, simulated: true }],
        quotes: [
          {
            symbol: SYMBOL,
            pricePaise: 9_015n,
            previousClosePaise: 9_000n,
            openPaise: 9_000n,
            highPaise: 9_015n,
            lowPaise: 9_000n,
            volume: 0n,
            turnoverPaise: 0n,
            tickAtMs: atMs,
            simulated: true,
            source: 'simulated',
          },
        ],
      });
    };
    publish();
    feed = setInterval(publish, 100);
    client = httpClient(port);
    const sessions = await Promise.all(
      phones.map(async (phone) => {
        // Sign-ins beyond the server's sign-in queue are answered 429 (docs/adr/0030): wait and retry.
        for (;;) {
          const login = await client!.post('user/login', { account: phone, password: 'Bench1234' });
          if (login.code !== 'SERVER_BUSY') return { token: String(login.data.token), account: phone };
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        }
      }),
    );
    log(
      `${CLIENTS} connections, one investor each; per phase ${ROUNDS} rounds of ${WARM_UP_MS / 1000} s warm-up + ${(MEASURE_MS / ROUNDS / 1000).toFixed(2)} s measured`,
    );

    const investors = await database.db
      .selectFrom('users')
      .select('id')
      .where('phone', 'in', phones)
      .orderBy('id')
      .execute();
    const parameters = await readTradingParameters(database.db);
    const db = database.db;
    const httpClientRef = client;
    const phases = {
      a: async (index: number, sequence: number) => {
        const [from, to] = randomPair(BASELINE_ACCOUNTS);
        await transferWithRawSql(
          baselineClients[index]!,
          `raw:${index}:${sequence}`,
          from + 1,
          to + 1,
          randomAmountMinor(),
        );
      },
      b: async (index: number) => {
        const headers = sessions[index]!;
        const opened = await httpClientRef.post(
          'trade/open',
          { symbol: SYMBOL, side: 'long', orderType: 'market', quantity: 100, leverage: 1 },
          headers,
        );
        if (opened.status !== 1) throw new Error(`open refused: ${JSON.stringify(opened)}`);
        const closed = await httpClientRef.post('trade/close', { id: opened.data.id }, headers);
        if (closed.status !== 1) throw new Error(`close refused: ${JSON.stringify(closed)}`);
      },
      d: async (index: number) => {
        const userId = investors[index]!.id;
        const nowMs = Date.now();
        const price = 9_015n; // the feed's price, as in (b)
        const accounts = await tradingAccountsOf(db, userId, 'INR');
        const costs = openingCostsAt(
          parameters,
          { side: 'long', product: 'CNC', pricePaise: price, quantity: 100, leverage: 1 },
          nowMs,
        );
        const opened = await insertPosition(db, {
          values: {
            user_id: userId,
            symbol: SYMBOL,
            currency: 'INR',
            side: 'long',
            order_type: 'market',
            leverage: 1,
            quantity: 100n,
            state: 'holding',
            placed_at: new Date(nowMs),
            placed_price_paise: price,
            ...openingColumns({
              side: 'long',
              quantity: 100,
              pricePaise: price,
              tickAtMs: nowMs,
              openedAtMs: nowMs,
              costs,
              lock: lockFor(parameters, SYMBOL),
              stopOutBps: parameters.stopOutBps,
            }),
          },
          action: 'open',
          charges: openingChargesColumns({
            side: 'long',
            pricePaise: price,
            quantity: 100,
            atMs: nowMs,
            costs,
          }),
          postings: openingPostings(accounts, costs, 'INR'),
          postedBy: { type: 'user', id: userId },
          atMs: nowMs,
          poolHandled: false,
        });
        const holding = await findPosition(db, opened.id, userId);
        await settleHolding(db, {
          position: holding!,
          accounts,
          exitPricePaise: price,
          exitTickAtMs: nowMs,
          reason: 'user',
          atMs: nowMs,
          parameters,
          postedBy: { type: 'user', id: userId },
          refuseIfLent: true,
        });
      },
    };
    const samples: Record<keyof typeof phases, Sample[]> = { a: [], b: [], d: [] };
    // This process's CPU time per operation, warm-up and background work included: it moves much less
    // than a rate with what else the machine runs, so it shows the Node work a round trip costs
    // (docs/adr/0038).
    const cpu: Record<keyof typeof phases, { micros: number; operations: number }> = {
      a: { micros: 0, operations: 0 },
      b: { micros: 0, operations: 0 },
      d: { micros: 0, operations: 0 },
    };
    // The whole machine's CPU per phase (Node, PostgreSQL, the kernel): each phase is bound by the
    // cores they share, so b/d is about (d)'s machine CPU a round trip over (b)'s (docs/adr/0038).
    const machine: Record<keyof typeof phases, { busyMs: number; measuredMs: number }> = {
      a: { busyMs: 0, measuredMs: 0 },
      b: { busyMs: 0, measuredMs: 0 },
      d: { busyMs: 0, measuredMs: 0 },
    };
    const profile = await phaseProfiler(process.env.BENCH_PROFILE);
    const window = { warmUpMs: WARM_UP_MS, measureMs: MEASURE_MS / ROUNDS };
    for (let roundIndex = 1; roundIndex <= ROUNDS && !interrupted; roundIndex++) {
      const order = roundIndex % 2 === 1 ? (['a', 'b', 'd'] as const) : (['d', 'b', 'a'] as const);
      for (const phase of order) {
        const work = phases[phase];
        if (phase === 'b') await profile.resume();
        const cpuBefore = process.cpuUsage();
        const machineBefore = machineCpuTimes();
        const phaseStartedAt = performance.now();
        samples[phase].push(
          await sampleRate(
            CLIENTS,
            window,
            async (index, sequence) => {
              await work(index, roundIndex * 1e9 + sequence);
              cpu[phase].operations += 1;
            },
            () => interrupted,
          ),
        );
        const cpuUsed = process.cpuUsage(cpuBefore);
        machine[phase].busyMs += machineCpuSince(machineBefore).busyMs;
        machine[phase].measuredMs += performance.now() - phaseStartedAt;
        cpu[phase].micros += cpuUsed.user + cpuUsed.system;
        if (phase === 'b') await profile.pause();
      }
    }
    await profile.write();
    const rawSql = rateOf(samples.a);
    const roundTrips = rateOf(samples.b);
    const sqlRoundTrips = rateOf(samples.d);
    log(describeRate('(a) raw SQL baseline', rawSql));
    log(
      `(b) HTTP open + close: ${roundTrips.transfersPerSecond.toFixed(0)} round trips/s = ${(2 * roundTrips.transfersPerSecond).toFixed(0)} entries/s (${roundTrips.transfers} in ${roundTrips.measuredSeconds} s; round trip p50 ${roundTrips.p50Ms.toFixed(2)} ms, p99 ${roundTrips.p99Ms.toFixed(2)} ms)`,
    );
    log(
      `(d) the same round trip's SQL, no HTTP: ${sqlRoundTrips.transfersPerSecond.toFixed(0)} round trips/s = ${(2 * sqlRoundTrips.transfersPerSecond).toFixed(0)} entries/s (p50 ${sqlRoundTrips.p50Ms.toFixed(2)} ms, p99 ${sqlRoundTrips.p99Ms.toFixed(2)} ms)`,
    );
    const report = await reconcileLedger(database.db, Date.now());
    if (!report.ok)
      throw new Error(`reconciliation failed: ${report.problems.map((p) => p.detail).join('; ')}`);
    const cpuMsPer = (phase: keyof typeof phases) =>
      cpu[phase].micros / 1000 / Math.max(1, cpu[phase].operations);
    const cpuMs = { b: cpuMsPer('b'), d: cpuMsPer('d') };
    log(
      `Node CPU of this process (client and server in (b)) per round trip: (b) ${cpuMs.b.toFixed(2)} ms, (d) ${cpuMs.d.toFixed(2)} ms`,
    );
    const machineMsPer = (phase: keyof typeof phases) =>
      machine[phase].busyMs / Math.max(1, cpu[phase].operations);
    const busyPercent = (phase: keyof typeof phases) =>
      (100 * machine[phase].busyMs) / Math.max(1, os.cpus().length * machine[phase].measuredMs);
    const machineMs = { b: machineMsPer('b'), d: machineMsPer('d') };
    log(
      `the machine's CPU (every process) per round trip: (b) ${machineMs.b.toFixed(2)} ms, (d) ${machineMs.d.toFixed(2)} ms; its ${os.cpus().length} cores ${busyPercent('b').toFixed(1)} % and ${busyPercent('d').toFixed(1)} % busy`,
    );
    log(`reconciliation: ok (${report.entries} entries, ${report.postings} postings)`);
    log(`machine: load average ${os.loadavg()[0]!.toFixed(2)} at end`);
    return { rawSql, roundTrips, sqlRoundTrips, cpuMs, machineMs };
  } finally {
    if (feed) clearInterval(feed);
    client?.close();
    await app?.close();
    for (const baselineClient of baselineClients) baselineClient.release();
    await baselinePool.end();
    await database?.close();
    await dropWhenIdle(admin, name);
    await admin.end();
  }
}

/** (c) The engine's per-tick work over 100,000 pending limit orders on 50 symbols. */
function runEngineIndex() {
  const SYMBOLS = 50;
  const ORDERS = 100_000;
  const INDEX_TICKS = 50_000;
  const SCAN_TICKS = 2_000;
  const TICK = 5n;
  const symbols = Array.from({ length: SYMBOLS }, (_, index) => `SYM${index}`);
  const prices = new Map(symbols.map((symbol) => [symbol, 100_000n]));
  const index = new TriggerIndex<EngineItem>();
  const all = new Map<bigint, EngineItem>();
  let nextId = 1n;
  const randomInt = (limit: number) => Math.floor(Math.random() * limit);
  /** A new order 1 to 2,000 ticks away from the symbol's price: longs below, shorts above. */
  const addOrder = (symbol: string) => {
    const price = prices.get(symbol)!;
    const distance = BigInt(1 + randomInt(2_000)) * TICK;
    const long = Math.random() < 0.5;
    const item: EngineItem = {
      id: nextId++,
      symbol,
      kind: 'order',
      direction: long ? 'at_or_below' : 'at_or_above',
      levelPaise: long ? price - distance : price + distance,
    };
    index.upsert(item);
    all.set(item.id, item);
  };
  for (let order = 0; order < ORDERS; order++) addOrder(symbols[order % SYMBOLS]!);
  /** The next price of a random symbol: a walk of up to 3 ticks either way. */
  const nextTick = () => {
    const symbol = symbols[randomInt(SYMBOLS)]!;
    const price = prices.get(symbol)! + BigInt(randomInt(7) - 3) * TICK;
    prices.set(symbol, price);
    return { symbol, price };
  };
  const indexNs: number[] = [];
  let fired = 0;
  for (let step = 0; step < INDEX_TICKS; step++) {
    const { symbol, price } = nextTick();
    const started = process.hrtime.bigint();
    const crossed = index.takeCrossed(symbol, price);
    indexNs.push(Number(process.hrtime.bigint() - started));
    fired += crossed.length;
    // Keep 100,000 waiting: each fill is replaced by a new order (not timed).
    for (const item of crossed) {
      all.delete(item.id);
      addOrder(symbol);
    }
  }
  const items = [...all.values()];
  const scanNs: number[] = [];
  for (let step = 0; step < SCAN_TICKS; step++) {
    const { symbol, price } = nextTick();
    const started = process.hrtime.bigint();
    scanCrossed(items, symbol, price);
    scanNs.push(Number(process.hrtime.bigint() - started));
  }
  const percentile = (values: number[], share: number) => {
    const sorted = [...values].sort((left, right) => left - right);
    return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]! / 1e6;
  };
  return {
    orders: index.size,
    symbols: SYMBOLS,
    ticks: INDEX_TICKS,
    firedPerTick: fired / INDEX_TICKS,
    indexP50Ms: percentile(indexNs, 0.5),
    indexP99Ms: percentile(indexNs, 0.99),
    scanP50Ms: percentile(scanNs, 0.5),
    scanP99Ms: percentile(scanNs, 0.99),
  };
}

const postgres = await runOnPostgres();
if (interrupted) process.exit(130);
const engine = runEngineIndex();
log(
  `(c) engine tick over ${engine.orders} pending limit orders on ${engine.symbols} symbols (${engine.ticks} ticks, ${engine.firedPerTick.toFixed(2)} fills a tick): p50 ${(engine.indexP50Ms * 1000).toFixed(2)} µs, p99 ${(engine.indexP99Ms * 1000).toFixed(2)} µs; naive scan p50 ${(engine.scanP50Ms * 1000).toFixed(0)} µs, p99 ${(engine.scanP99Ms * 1000).toFixed(0)} µs`,
);
const entriesPerSecond = 2 * postgres.roundTrips.transfersPerSecond;
const ratios = {
  b_over_a: round(entriesPerSecond / postgres.rawSql.transfersPerSecond, 3),
  d_over_a: round((2 * postgres.sqlRoundTrips.transfersPerSecond) / postgres.rawSql.transfersPerSecond, 3),
  b_over_d: round(postgres.roundTrips.transfersPerSecond / postgres.sqlRoundTrips.transfersPerSecond, 3),
  scan_over_index_p50: round(engine.scanP50Ms / engine.indexP50Ms, 1),
};
log(`b/a = ${ratios.b_over_a} (target at least 0.5): ${ratios.b_over_a >= 0.5 ? 'met' : 'NOT MET'}`);
log(
  `d/a = ${ratios.d_over_a}: the database work of a round trip alone, the most (b) could reach here; HTTP keeps b/d = ${ratios.b_over_d}`,
);
log(
  `engine p99 = ${(engine.indexP99Ms * 1000).toFixed(2)} µs (target under 1 ms): ${engine.indexP99Ms < 1 ? 'met' : 'NOT MET'}`,
);
log(`naive scan / index (p50) = ${ratios.scan_over_index_p50}`);
const rate = (value: Rate) => round(value.transfersPerSecond, 1);
log(
  JSON.stringify({
    bench: 'trading',
    figures: {
      raw_sql_tps: rate(postgres.rawSql),
      http_round_trips_per_s: rate(postgres.roundTrips),
      http_entries_per_s: round(entriesPerSecond, 1),
      http_round_trip_p50_ms: round(postgres.roundTrips.p50Ms, 2),
      http_round_trip_p99_ms: round(postgres.roundTrips.p99Ms, 2),
      sql_round_trips_per_s: rate(postgres.sqlRoundTrips),
      sql_entries_per_s: round(2 * postgres.sqlRoundTrips.transfersPerSecond, 1),
      http_node_cpu_ms_per_round_trip: round(postgres.cpuMs.b, 3),
      sql_node_cpu_ms_per_round_trip: round(postgres.cpuMs.d, 3),
      http_machine_cpu_ms_per_round_trip: round(postgres.machineMs.b, 3),
      sql_machine_cpu_ms_per_round_trip: round(postgres.machineMs.d, 3),
      engine_orders: engine.orders,
      engine_symbols: engine.symbols,
      engine_tick_p50_us: round(engine.indexP50Ms * 1000, 2),
      engine_tick_p99_us: round(engine.indexP99Ms * 1000, 2),
      naive_scan_p50_us: round(engine.scanP50Ms * 1000, 1),
      naive_scan_p99_us: round(engine.scanP99Ms * 1000, 1),
      connections: CLIENTS,
      measured_seconds_per_phase: MEASURE_MS / 1000,
    },
    ratios,
  }),
);
process.exit(0);
