import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../src/db/database.js';
import {
  houseAccountId,
  openUserAccounts,
  postEntry,
  userAccountId,
} from '../src/repositories/ledger.repository.js';
import { hashPassword } from '../src/security/passwords.js';
import { seedReferenceData } from '../src/seed/reference-data.js';
import { reconcileLedger } from '../src/use-cases/ledger/reconcile-ledger.js';

/*
 * One engine leader across processes (ADR 0007), on PostgreSQL only: two real server processes
 * share one database; only one runs the engine; when it is killed, the other takes over within 10 s
 * and nothing is executed twice. Prices reach the leader as stored quotes (the feed may run in
 * another process), so the test moves the market by writing the quote row.
 */

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const children: ChildProcess[] = [];
let database: DatabaseHandle | undefined;
let databaseName: string | undefined;

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await database?.close();
  if (databaseName && testDatabaseUrl) {
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  }
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

function startServer(databaseUrl: string, port: number): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      NIVESH_FEED: 'none',
      NIVESH_SEED_DEMO: '0',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

const leaderOf = async (port: number) => {
  const reply = await fetch(`http://127.0.0.1:${port}/api/health`);
  return ((await reply.json()) as { engineLeader: boolean }).engineLeader;
};

/**
 * One call, as the investor app makes it: a 429 (a process just started may still be busy, and
 * refuse sign-ins while its event loop lags, docs/adr/0030) is sent again after its Retry-After.
 */
async function api(port: number, call: string, body: unknown, headers: Record<string, string> = {}) {
  for (let attempt = 1; ; attempt++) {
    const reply = await fetch(`http://127.0.0.1:${port}/api/vue/${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    if (reply.status === 429 && attempt < 10) {
      await sleep(1000 * Number(reply.headers.get('retry-after') ?? 1));
      continue;
    }
    return (await reply.json()) as { status: number; code?: string; data: { id: string; token: string } };
  }
}

describe.skipIf(!testDatabaseUrl)('one engine leader across server processes (PostgreSQL)', () => {
  it('only one process runs the engine; when it dies the other takes over within 10 s, executing nothing twice', {
    timeout: 120_000,
  }, async () => {
    databaseName = `nivesh_leader_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName} TEMPLATE ${inject('postgresTemplate')}`);
    await admin.end();
    const url = new URL(testDatabaseUrl!);
    url.pathname = `/${databaseName}`;
    database = await connectDatabase({ databaseUrl: url.toString(), poolSize: 4 });
    const db = database.db;
    await seedReferenceData(db, 'none');
    const setPrice = (pricePaise: bigint) =>
      db
        .insertInto('quotes')
        .values({
          symbol: 'USDTINR',
          price_paise: pricePaise,
          previous_close_paise: 9_000n,
          open_paise: 9_000n,
          high_paise: 9_100n,
          low_paise: 8_900n,
          tick_at_ms: BigInt(Date.now()),
          simulated: true,
        })
        .onConflict((conflict) =>
          conflict.column('symbol').doUpdateSet({ price_paise: pricePaise, tick_at_ms: BigInt(Date.now()) }),
        )
        .execute();
    await setPrice(9_000n);

    const phone = '9111222333';
    const user = await db
      .insertInto('users')
      .values({
        phone,
        password_hash: await hashPassword('Secret123'),
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
            amountMinor: 10_000_000n,
            currency: 'INR',
          },
          {
            accountId: await houseAccountId(trx, 'house_deposits_clearing', 'INR'),
            amountMinor: -10_000_000n,
            currency: 'INR',
          },
        ],
      });
    });

    const portA = await freePort();
    const serverA = startServer(url.toString(), portA);
    await waitFor('server A to lead', 30_000, async () => ((await leaderOf(portA)) ? true : undefined));
    const portB = await freePort();
    startServer(url.toString(), portB);
    await waitFor('server B to answer', 30_000, async () =>
      (await leaderOf(portB)) === false ? true : undefined,
    );
    // Both are up: exactly one leads.
    expect([await leaderOf(portA), await leaderOf(portB)]).toEqual([true, false]);

    // Orders placed through the follower reach the leader's index by its re-read.
    const login = await api(portB, 'user/login', { account: phone, password: 'Secret123' });
    const headers = { token: login.data.token, account: phone };
    const order = (price: string) =>
      api(
        portB,
        'trade/open',
        { symbol: 'USDTINR', side: 'long', orderType: 'limit', price, quantity: 100, leverage: 1 },
        headers,
      );
    const first = await order('89.50');
    const second = await order('89.00');
    expect([first.status, second.status]).toEqual([1, 1]);
    const stateOf = async (id: string) =>
      (
        await db
          .selectFrom('positions')
          .select('state')
          .where('id', '=', BigInt(id))
          .executeTakeFirstOrThrow()
      ).state;

    await sleep(1_500);
    await setPrice(8_950n);
    await waitFor('the leader to fill the first order', 10_000, async () =>
      (await stateOf(first.data.id)) === 'holding' ? true : undefined,
    );
    expect(await stateOf(second.data.id)).toBe('pending');

    serverA.kill('SIGKILL');
    const killedAt = Date.now();
    await waitFor('server B to take over', 10_000, async () => ((await leaderOf(portB)) ? true : undefined));
    const takeoverMs = Date.now() - killedAt;
    expect(takeoverMs).toBeLessThan(10_000);

    // The new leader loads the orders, fills the second when crossed, and not the first again.
    await setPrice(8_900n);
    await waitFor('the new leader to fill the second order', 10_000, async () =>
      (await stateOf(second.data.id)) === 'holding' ? true : undefined,
    );
    await sleep(1_500);
    const fills = await db
      .selectFrom('journal_entries')
      .select('entry_key')
      .where('entry_key', 'like', 'order:%:open')
      .execute();
    expect(fills.map((row) => row.entry_key).sort()).toEqual(
      [`order:${first.data.id}:open`, `order:${second.data.id}:open`].sort(),
    );
    const audits = await db
      .selectFrom('audit_log')
      .select('target_id')
      .where('action', '=', 'trade.fill')
      .execute();
    expect(audits).toHaveLength(2);
    const messages = await db.selectFrom('messages').select('kind').where('user_id', '=', user.id).execute();
    // On the wall clock a session close may pass during the test: its contract note is no fill.
    expect(messages.map((row) => row.kind).filter((kind) => kind !== 'CONTRACT_NOTE_ISSUED')).toEqual([
      'ORDER_FILLED',
      'ORDER_FILLED',
    ]);
    const report = await reconcileLedger(db, Date.now());
    expect(report.problems).toEqual([]);
    const held = await sql<{
      n: string;
    }>`SELECT count(*)::text AS n FROM pg_locks WHERE locktype = 'advisory'`.execute(db);
    expect(Number(held.rows[0]!.n)).toBeGreaterThanOrEqual(1);
  });
});
