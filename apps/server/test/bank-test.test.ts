import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, type Db } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import {
  houseAccountId,
  openUserAccounts,
  postEntry,
  userAccountId,
} from '../src/repositories/ledger.repository.js';
import { hashPassword } from '../src/security/passwords.js';
import { seedReferenceData } from '../src/seed/reference-data.js';
import { reconcileLedger } from '../src/use-cases/ledger/reconcile-ledger.js';
import { sampleImage } from './funds-fixtures.js';
import { seededRandom, suiteSeed } from './suite-seed.js';

/*
 * The bank test (docs/adr/0024, ADR 0007): investors trade, deposit, withdraw and exchange at once
 * through real server processes while the engine leader is killed with SIGKILL and restarted at
 * seeded moments. A call whose server died is retried elsewhere with the same Idempotency-Key. At the
 * end every acknowledged operation exists exactly once, the ledger reconciles (no paisa lost, no
 * entry half-written), and the engine was led again within 10 s after each kill. On PostgreSQL (with
 * TEST_DATABASE_URL): two processes and Redis when REDIS_URL is set; on PGlite: one process on a data
 * folder, killed and restarted.
 */
const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const RUN_MS = Number(process.env.NIVESH_BANK_TEST_MS ?? 20_000);
const INVESTORS = 4;
const SYMBOL = 'USDTINR';
const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups) await cleanup();
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

interface Server {
  port: number;
  child: ChildProcess;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NIVESH_FEED: 'none',
      NIVESH_SEED_DEMO: '0',
      NODE_ENV: 'development',
      LOG_LEVEL: 'fatal',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  await waitFor('a server to answer', 120_000, async () => (await health(port)) !== undefined || undefined);
  return { port, child };
}

async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

async function health(port: number): Promise<{ engineLeader: boolean } | undefined> {
  const reply = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
  return reply?.ok ? ((await reply.json()) as { engineLeader: boolean }) : undefined;
}

/** Reference data, the price and the investors: each with ₹10,00,000, a fund password and a bank account. */
async function prepare(db: Db) {
  await seedReferenceData(db, 'none');
  await setPrice(db, 9_000n);
  const investors: { id: bigint; phone: string; bankId: bigint }[] = [];
  for (let index = 0; index < INVESTORS; index++) {
    const phone = String(9_200_000_000 + index);
    const user = await db
      .insertInto('users')
      .values({
        phone,
        password_hash: await hashPassword('Secret123'),
        fund_password_hash: await hashPassword('Fund1234'),
        real_name: 'Asha Verma',
        kyc_status: 'verified',
        referrer_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.transaction().execute(async (trx) => {
      await openUserAccounts(trx, user.id);
      await postEntry(trx, {
        key: `test:fund:${user.id}`,
        kind: 'deposit_approved',
        postedBy: { type: 'system' },
        atMs: Date.now(),
        postings: [
          {
            accountId: await userAccountId(trx, user.id, 'cash', 'INR'),
            amountMinor: 100_000_000n,
            currency: 'INR',
          },
          {
            accountId: await houseAccountId(trx, 'house_deposits_clearing', 'INR'),
            amountMinor: -100_000_000n,
            currency: 'INR',
          },
        ],
      });
    });
    const bank = await db
      .insertInto('payout_destinations')
      .values({
        user_id: user.id,
        kind: 'bank',
        holder_name: 'Asha Verma',
        account_number: String(500_000_000_000 + index),
        ifsc: 'HDFC0001234',
        bank_name: 'HDFC Bank',
        branch_name: 'Fort',
        match_key: `bank:bank-test:${index}`,
        created_at: new Date(Date.now() - 3 * 86_400_000),
        usable_from: new Date(Date.now() - 2 * 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    investors.push({ id: user.id, phone, bankId: bank.id });
  }
  const channel = await db
    .selectFrom('deposit_channels')
    .select('id')
    .where('currency', '=', 'INR')
    .limit(1)
    .executeTakeFirst();
  return { investors, channelId: channel ? String(channel.id) : undefined };
}

function setPrice(db: Db, pricePaise: bigint) {
  return db
    .insertInto('quotes')
    .values({
      symbol: SYMBOL,
      price_paise: pricePaise,
      previous_close_paise: 9_000n,
      open_paise: 9_000n,
      high_paise: 9_200n,
      low_paise: 8_800n,
      tick_at_ms: BigInt(Date.now()),
      simulated: true,
    })
    .onConflict((conflict) =>
      conflict.column('symbol').doUpdateSet({ price_paise: pricePaise, tick_at_ms: BigInt(Date.now()) }),
    )
    .execute();
}

type Operation = 'open' | 'limit' | 'close' | 'deposit' | 'withdraw' | 'exchange';
interface Acknowledged {
  operation: Operation;
  userId: bigint;
  id: string;
}

/**
 * Runs the workload and the faults for RUN_MS. `livePorts` names the servers up now; `fault` kills
 * and restarts (and answers how long until the engine was led again).
 */
async function runBank(
  movePrice: ((pricePaise: bigint) => Promise<unknown>) | undefined,
  seed: number,
  { investors, channelId }: Awaited<ReturnType<typeof prepare>>,
  livePorts: () => number[],
  fault: () => Promise<number | undefined>,
) {
  const random = seededRandom(seed);
  const acknowledged: Acknowledged[] = [];
  const figures = {
    attempts: 0,
    acknowledged: 0,
    refused: 0,
    inDoubt: 0,
    retries: 0,
    faults: 0,
    ledAgainMs: [] as number[],
  };
  const stopAt = Date.now() + RUN_MS;
  const receipt = await sampleImage('png');
  let keys = 0;

  /** Sends one call, retried with the same key on any live server until it is answered. */
  async function send(phone: string, token: { value: string }, call: string, body: unknown) {
    const key = `bank-${seed}-${++keys}`;
    const giveUpAt = Date.now() + 30_000;
    for (;;) {
      const ports = livePorts();
      const port = ports[Math.floor(random() * ports.length)];
      try {
        if (port === undefined) throw new Error('no server up');
        const reply = await fetch(`http://127.0.0.1:${port}/api/vue/${call}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            token: token.value,
            account: phone,
            'idempotency-key': key,
          },
          body: JSON.stringify(body),
        });
        if (reply.status >= 500) throw new Error(`HTTP ${reply.status}`);
        const envelope = (await reply.json()) as { status: number; code?: string; data: { id: string } };
        // A key whose first server died mid-call stays claimed: its outcome is in doubt, and the
        // checks below allow for it (it may or may not have happened, but never twice or by half).
        if (reply.status === 429) return { inDoubt: true as const };
        return { envelope };
      } catch {
        figures.retries++;
        if (Date.now() > giveUpAt) return { inDoubt: true as const };
        await sleep(200);
      }
    }
  }

  async function signIn(phone: string) {
    for (;;) {
      const ports = livePorts();
      const port = ports[Math.floor(random() * ports.length)];
      const reply = await fetch(`http://127.0.0.1:${port}/api/vue/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: phone, password: 'Secret123' }),
      }).catch(() => undefined);
      const envelope = reply?.ok
        ? ((await reply.json()) as { status: number; data: { token: string } })
        : undefined;
      if (envelope?.status === 1) return envelope.data.token;
      await sleep(200);
    }
  }

  async function uploadReceipt(phone: string, token: string): Promise<string | undefined> {
    const ports = livePorts();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(receipt)], { type: 'image/png' }), 'receipt.png');
    const reply = await fetch(`http://127.0.0.1:${ports[0]}/api/vue/upload/file?purpose=receipt`, {
      method: 'POST',
      headers: { token, account: phone },
      body: form,
    }).catch(() => undefined);
    const envelope = reply?.ok
      ? ((await reply.json()) as { status: number; data: { uploadId: string } })
      : undefined;
    return envelope?.status === 1 ? envelope.data.uploadId : undefined;
  }

  async function investorLoop(investor: (typeof investors)[number]) {
    const token = { value: await signIn(investor.phone) };
    const holdings: string[] = [];
    while (Date.now() < stopAt) {
      const roll = random();
      const operation: Operation =
        roll < 0.3
          ? 'open'
          : roll < 0.4
            ? 'limit'
            : roll < 0.55 && holdings.length > 0
              ? 'close'
              : roll < 0.7
                ? 'exchange'
                : roll < 0.85
                  ? 'withdraw'
                  : 'deposit';
      let call: string;
      let body: Record<string, unknown>;
      if (operation === 'open' || operation === 'limit') {
        call = 'trade/open';
        body = {
          symbol: SYMBOL,
          side: 'long',
          orderType: operation === 'open' ? 'market' : 'limit',
          ...(operation === 'limit' ? { price: `${(88 + Math.floor(random() * 3)).toString()}.50` } : {}),
          quantity: 10 + Math.floor(random() * 10),
          leverage: 1,
        };
      } else if (operation === 'close') {
        call = 'trade/close';
        body = { id: holdings.splice(Math.floor(random() * holdings.length), 1)[0] };
      } else if (operation === 'exchange') {
        call = 'exchange/submit';
        body = { from: 'INR', to: 'USD', amount: `${100 + Math.floor(random() * 900)}.00` };
      } else if (operation === 'withdraw') {
        call = 'cashout/submit';
        body = {
          amount: `${100 + Math.floor(random() * 900)}.00`,
          destinationId: String(investor.bankId),
          fundPassword: 'Fund1234',
        };
      } else {
        const uploadId = channelId ? await uploadReceipt(investor.phone, token.value) : undefined;
        if (!uploadId) continue;
        call = 'recharge/submit';
        body = {
          channelId,
          amount: `${1000 + Math.floor(random() * 9000)}.00`,
          payerReference: `UTR${seed}${keys}`,
          receiptImage: uploadId,
          sourceId: String(investor.bankId),
        };
      }
      figures.attempts++;
      const outcome = await send(investor.phone, token, call, body);
      if ('inDoubt' in outcome) {
        figures.inDoubt++;
        continue;
      }
      if (outcome.envelope.status === 1) {
        figures.acknowledged++;
        acknowledged.push({ operation, userId: investor.id, id: outcome.envelope.data.id });
        if (operation === 'open') holdings.push(outcome.envelope.data.id);
      } else {
        figures.refused++;
        if (outcome.envelope.code === 'UNAUTHORIZED') token.value = await signIn(investor.phone);
      }
    }
  }

  async function priceLoop() {
    while (movePrice && Date.now() < stopAt) {
      await movePrice(8_850n + BigInt(Math.floor(random() * 300))).catch(() => undefined);
      await sleep(400);
    }
  }

  async function faultLoop() {
    for (;;) {
      const waitMs = 3_000 + Math.floor(random() * 4_000);
      if (Date.now() + waitMs > stopAt - 2_000) return;
      await sleep(waitMs);
      const ledAgainMs = await fault();
      if (ledAgainMs === undefined) continue;
      figures.faults++;
      figures.ledAgainMs.push(ledAgainMs);
    }
  }

  await Promise.all([...investors.map(investorLoop), priceLoop(), faultLoop()]);
  return { acknowledged, figures };
}

/** Every acknowledged operation exists exactly once, and the ledger reconciles. */
async function checkBank(db: Db, acknowledged: Acknowledged[]) {
  const tableOf: Record<Operation, 'positions' | 'deposits' | 'withdrawals' | 'exchanges'> = {
    open: 'positions',
    limit: 'positions',
    close: 'positions',
    deposit: 'deposits',
    withdraw: 'withdrawals',
    exchange: 'exchanges',
  };
  const missing: string[] = [];
  for (const operation of acknowledged) {
    const rows = await db
      .selectFrom(tableOf[operation.operation])
      .select('id')
      .where('id', '=', BigInt(operation.id))
      .where('user_id', '=', operation.userId)
      .execute();
    if (rows.length !== 1) missing.push(`${operation.operation} ${operation.id}: ${rows.length} rows`);
  }
  // Each acknowledged open and close was posted once: a fill's entry and a close's entry carry the
  // position's id in their key, so a second would be a second effect.
  const entries = await db
    .selectFrom('journal_entries')
    .select(['entry_key'])
    .where('entry_key', 'like', 'order:%')
    .execute();
  const keys = entries.map((entry) => entry.entry_key);
  const duplicated = keys.filter((key, index) => keys.indexOf(key) !== index);
  const report = await reconcileLedger(db, Date.now());
  return { missing, duplicated, problems: report.problems };
}

const summary = (
  label: string,
  seed: number,
  run: Awaited<ReturnType<typeof runBank>>,
  check: Awaited<ReturnType<typeof checkBank>>,
) =>
  `bank test (${label}): ${run.figures.attempts} operations, ${run.figures.acknowledged} acknowledged, ` +
  `${run.figures.refused} refused, ${run.figures.inDoubt} in doubt, ${run.figures.retries} retries, ` +
  `${run.figures.faults} SIGKILLs, led again after ${run.figures.ledAgainMs.map((ms) => `${ms} ms`).join(', ') || 'n/a'}; ` +
  `${check.missing.length} acknowledged missing or doubled, ${check.duplicated.length} duplicate entries, ` +
  `${check.problems.length} reconciliation problems, paise lost: ${check.problems.length === 0 ? 0 : 'see problems'} (seed ${seed})`;

describe.skipIf(!testDatabaseUrl)(
  'the bank test on PostgreSQL: two server processes, the leader killed',
  () => {
    it('loses, doubles and half-applies nothing, and the engine is led again within 10 s of each kill', async () => {
      const seed = suiteSeed('bank test (PostgreSQL)');
      const databaseName = `nivesh_bank_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: testDatabaseUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${databaseName} TEMPLATE ${inject('postgresTemplate')}`);
      await admin.end();
      const url = new URL(testDatabaseUrl!);
      url.pathname = `/${databaseName}`;
      const database = await connectDatabase({ databaseUrl: url.toString(), poolSize: 4 });
      cleanups.push(async () => {
        await database.close();
        const dropper = new pg.Client({ connectionString: testDatabaseUrl });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
        await dropper.end();
      });
      const investors = await prepare(database.db);
      const env = {
        DATABASE_URL: url.toString(),
        REDIS_URL: process.env.REDIS_URL ?? '',
        NIVESH_REDIS_PREFIX: `nivesh-bank-${seed}:`,
      };
      const servers: Server[] = [await startServer(env), await startServer(env)];
      const restarts: Promise<void>[] = [];
      await waitFor('a leader', 20_000, async () => {
        const states = await Promise.all(servers.map((server) => health(server.port)));
        return states.some((state) => state?.engineLeader) || undefined;
      });
      const run = await runBank(
        (pricePaise) => setPrice(database.db, pricePaise),
        seed,
        investors,
        () => servers.map((server) => server.port),
        async () => {
          // Kill only while two are up (a restart may still be under way on a loaded machine).
          if (servers.length < 2) return undefined;
          const states = await Promise.all(servers.map((server) => health(server.port)));
          const leaderIndex = states.findIndex((state) => state?.engineLeader);
          const victim = servers[leaderIndex === -1 ? 0 : leaderIndex]!;
          servers.splice(servers.indexOf(victim), 1);
          victim.child.kill('SIGKILL');
          const killedAt = Date.now();
          await waitFor('the other server to lead', 15_000, async () =>
            (await health(servers[0]!.port))?.engineLeader ? true : undefined,
          );
          const ledAgainMs = Date.now() - killedAt;
          // The killed one comes back in its own time; calls reach it once it answers.
          restarts.push(startServer(env).then((server) => void servers.push(server)));
          return ledAgainMs;
        },
      );
      await Promise.all(restarts);
      for (const server of servers) server.child.kill('SIGKILL');
      await sleep(500);
      const check = await checkBank(database.db, run.acknowledged);
      console.log(summary('PostgreSQL, 2 processes', seed, run, check));
      expect(run.figures.acknowledged).toBeGreaterThan(0);
      expect(run.figures.ledAgainMs.every((ms) => ms <= 10_000)).toBe(true);
      expect(check).toEqual({ missing: [], duplicated: [], problems: [] });
    }, 180_000);
  },
);

describe.skipIf(Boolean(testDatabaseUrl))(
  'the bank test on PGlite: one server process killed and restarted',
  () => {
    it('loses, doubles and half-applies nothing, and the engine leads again within 10 s of each restart', async () => {
      const seed = suiteSeed('bank test (PGlite)');
      const dataDir = await mkdtemp(path.join(tmpdir(), 'nivesh-bank-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const setup = await connectDatabase({ dataDir });
      await migrateToLatest(setup.db);
      const investors = await prepare(setup.db);
      await setup.close();
      const env = { DATABASE_URL: '', NIVESH_DATA_DIR: dataDir, REDIS_URL: '' };
      let server: Server | undefined = await startServer(env);
      // The test cannot write quotes while the server holds the data folder: the price stays put and
      // limit orders wait (the engine's fills are the PostgreSQL run's subject).
      const run = await runBank(
        undefined,
        seed,
        investors,
        () => (server ? [server.port] : []),
        async () => {
          const victim = server!;
          server = undefined;
          victim.child.kill('SIGKILL');
          await new Promise((resolve) =>
            victim.child.exitCode === null ? victim.child.once('exit', resolve) : resolve(null),
          );
          const restarted = await startServer(env);
          const answeredAt = Date.now();
          await waitFor('the restarted server to lead', 15_000, async () =>
            (await health(restarted.port))?.engineLeader ? true : undefined,
          );
          server = restarted;
          return Date.now() - answeredAt;
        },
      );
      const last = server as Server | undefined;
      last?.child.kill('SIGKILL');
      if (last?.child.exitCode === null) await new Promise((resolve) => last.child.once('exit', resolve));
      const after = await connectDatabase({ dataDir });
      cleanups.unshift(() => after.close());
      const check = await checkBank(after.db, run.acknowledged);
      console.log(summary('PGlite, 1 process', seed, run, check));
      expect(run.figures.acknowledged).toBeGreaterThan(0);
      expect(run.figures.ledAgainMs.every((ms) => ms <= 10_000)).toBe(true);
      expect(check).toEqual({ missing: [], duplicated: [], problems: [] });
    }, 180_000);
  },
);
