import os from 'node:os';
import type { PostingDraft } from '@nivesh/core';
import { sql } from 'kysely';
import pg from 'pg';
import { connectDatabase, type DatabaseHandle, type Db } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { inTransaction } from '../apps/server/src/db/transaction.js';
import { houseAccountId, postEntry } from '../apps/server/src/repositories/ledger.repository.js';
import { reconcileLedger } from '../apps/server/src/use-cases/ledger/reconcile-ledger.js';
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

/*
 * `npm run bench -- ledger`: what does the ledger's safety cost, and does the house fee account
 * serialise trades? (ADR 0003). In one run, on PostgreSQL (DATABASE_URL, default the local
 * server), in a fresh database that is dropped afterwards:
 *
 *   (a) a raw SQL baseline with `pg`: a minimal double-entry transfer (insert an entry, insert two
 *       postings, update two balances in id order) on tables of its own, without triggers, foreign
 *       keys or extra indexes;
 *   (b) the repository's postEntry inside inTransaction, on the real migrated schema: entry with its
 *       unique key, user rows locked FOR UPDATE, cached balances, postings, deferred balance check;
 *   (c) (b) with a third posting to the house fee account on every entry;
 *   (d) for comparison, (c) plus an update of one cached house balance row in the same transaction:
 *       the hot row that the chosen layout avoids;
 *
 * each from 16 concurrent clients over uniformly random pairs of users, interleaved in rounds, and
 * (b) once more on in-memory PGlite, sequentially (PGlite has one connection). It ends with one
 * line of JSON for tooling. BENCH_SECONDS (default 10) and BENCH_WARMUP_SECONDS (default 2) set the
 * measured and warm-up time per phase. Timing stays here, never in tests.
 */

const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const CLIENTS = 16;
const WARM_UP_MS = secondsFromEnvironment('BENCH_WARMUP_SECONDS', 2) * 1000;
const MEASURE_MS = secondsFromEnvironment('BENCH_SECONDS', 10) * 1000;
/** The PostgreSQL phases alternate in this many rounds; see runOnPostgres. */
const ROUNDS = 3;
const POSTGRES_USERS = 10_000;
const PGLITE_USERS = 1_000;
/** Enough cash that no transfer is ever refused: the bench measures posting, not refusals. */
const SEED_CASH_MINOR = 10n ** 12n;
/** The fee in (c): 1% of the amount, at least one paisa. */
const feeOf = (amountMinor: bigint) => (amountMinor / 100n > 0n ? amountMinor / 100n : 1n);

let interrupted = false;
process.once('SIGINT', () => {
  interrupted = true;
  process.stderr.write('\ninterrupted: stopping and dropping the bench database\n');
});

// (b) and (c): the real schema through the repository.

/**
 * Users with a funded cash account each, seeded in bulk: one deposit entry per user from deposits
 * clearing, with the cached balance it gives. The final reconciliation checks the seed too.
 */
async function seedFundedUsers(db: Db, users: number): Promise<bigint[]> {
  const clearing = await houseAccountId(db, 'house_deposits_clearing', 'INR');
  await db.transaction().execute(async (trx) => {
    await sql`INSERT INTO users (phone, password_hash)
      SELECT 'bench-' || g, 'not-a-real-hash' FROM generate_series(1, ${users}::int) g`.execute(trx);
    await sql`INSERT INTO ledger_accounts (owner_type, user_id, purpose, currency, balance_minor)
      SELECT 'user', id, 'cash', 'INR', ${SEED_CASH_MINOR}::bigint FROM users ORDER BY id`.execute(trx);
    await sql`INSERT INTO journal_entries (entry_key, kind, posted_by_type, created_at)
      SELECT 'bench:seed:' || id, 'deposit_approved', 'system', now() FROM ledger_accounts
      WHERE owner_type = 'user' ORDER BY id`.execute(trx);
    await sql`INSERT INTO postings (entry_id, account_id, amount_minor, currency, balance_after_minor)
      SELECT e.id, a.id, ${SEED_CASH_MINOR}::bigint, 'INR', ${SEED_CASH_MINOR}::bigint
      FROM ledger_accounts a JOIN journal_entries e ON e.entry_key = 'bench:seed:' || a.id
      WHERE a.owner_type = 'user'`.execute(trx);
    await sql`INSERT INTO postings (entry_id, account_id, amount_minor, currency)
      SELECT id, ${clearing}, -${SEED_CASH_MINOR}::bigint, 'INR' FROM journal_entries
      WHERE entry_key LIKE 'bench:seed:%'`.execute(trx);
  });
  // A fresh bulk load would otherwise be vacuumed and analysed by autovacuum during the first phase.
  await sql`VACUUM ANALYZE`.execute(db);
  const rows = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('owner_type', '=', 'user')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

function transferPostings(
  from: bigint,
  to: bigint,
  amountMinor: bigint,
  houseFees: bigint | null,
): PostingDraft[] {
  if (houseFees === null) {
    return [
      { accountId: from, amountMinor: -amountMinor, currency: 'INR' },
      { accountId: to, amountMinor, currency: 'INR' },
    ];
  }
  const feeMinor = feeOf(amountMinor);
  return [
    { accountId: from, amountMinor: -amountMinor, currency: 'INR' },
    { accountId: to, amountMinor: amountMinor - feeMinor, currency: 'INR' },
    { accountId: houseFees, amountMinor: feeMinor, currency: 'INR' },
  ];
}

/**
 * One transfer through the repository, as the server's use cases post: postEntry in inTransaction.
 * With `cachedHouseBalance`, the transaction also adds the fee to one cached house balance row after
 * posting, as a ledger that cached house balances would: the hot row ADR 0003 avoids, measured for
 * comparison only (its table is the bench's own, not part of the schema).
 */
function postEntryTransfer(
  db: Db,
  cashAccounts: bigint[],
  options: { label: string; houseFees: bigint | null; cachedHouseBalance?: boolean },
) {
  return async (client: number, sequence: number): Promise<void> => {
    const [from, to] = randomPair(cashAccounts.length);
    const postings = transferPostings(
      cashAccounts[from]!,
      cashAccounts[to]!,
      randomAmountMinor(),
      options.houseFees,
    );
    await inTransaction(db, async (trx) => {
      await postEntry(trx, {
        key: `bench:${options.label}:${client}:${sequence}`,
        kind: 'bench_transfer',
        postedBy: { type: 'system' },
        atMs: Date.now(),
        postings,
      });
      if (options.cachedHouseBalance) {
        const feeMinor = postings[2]!.amountMinor;
        await sql`UPDATE bench_house_balance SET balance_minor = balance_minor + ${feeMinor} WHERE id = 1`.execute(
          trx,
        );
      }
    });
  };
}

async function assertReconciled(db: Db, where: string): Promise<string> {
  const report = await reconcileLedger(db, Date.now());
  if (!report.ok) {
    throw new Error(
      `reconciliation failed on ${where}: ${report.problems.map((problem) => problem.detail).join('; ')}`,
    );
  }
  return `reconciliation on ${where}: ok (${report.entries} entries, ${report.postings} postings)`;
}

// The bench database: created fresh, dropped at the end whatever happens.

/**
 * The PostgreSQL phases run in ROUNDS rounds, each phase with its own warm-up, in a rotating
 * order (a b c d, b c d a, ...): what one phase leaves behind (autovacuum of the rows it wrote, a
 * checkpoint) and drifts of a shared machine then land on every phase alike.
 */
async function runOnPostgres(log: (line: string) => void) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const name = `nivesh_bench_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const baselinePool = new pg.Pool({ connectionString: databaseUrlFor(databaseUrl, name), max: CLIENTS });
  let database: DatabaseHandle | undefined;
  try {
    const version = await admin.query<{ server_version: string }>('SHOW server_version');
    const commit = await admin.query<{ synchronous_commit: string }>('SHOW synchronous_commit');
    log(
      `PostgreSQL ${version.rows[0]!.server_version} at ${new URL(databaseUrl).host} (synchronous_commit ${commit.rows[0]!.synchronous_commit}), database ${name}`,
    );
    log(
      `${CLIENTS} concurrent clients, ${POSTGRES_USERS} users, uniform random pairs; per phase ${ROUNDS} rounds of ${WARM_UP_MS / 1000} s warm-up + ${(MEASURE_MS / ROUNDS / 1000).toFixed(2)} s measured, in rotating order`,
    );
    log(`machine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)} at start`);

    await createBaselineTables(baselinePool, POSTGRES_USERS, SEED_CASH_MINOR);
    const baselineClients = await Promise.all(Array.from({ length: CLIENTS }, () => baselinePool.connect()));
    database = await connectDatabase({
      databaseUrl: databaseUrlFor(databaseUrl, name),
      poolSize: CLIENTS + 4,
    });
    await migrateToLatest(database.db);
    const cashAccounts = await seedFundedUsers(database.db, POSTGRES_USERS);
    const houseFees = await houseAccountId(database.db, 'house_fees', 'INR');
    await sql`CREATE TABLE bench_house_balance (id integer PRIMARY KEY, balance_minor bigint NOT NULL)`.execute(
      database.db,
    );
    await sql`INSERT INTO bench_house_balance VALUES (1, 0)`.execute(database.db);

    const phases = {
      a: async (client: number, sequence: number) => {
        const [from, to] = randomPair(POSTGRES_USERS);
        const key = `raw:${client}:${sequence}`;
        await transferWithRawSql(baselineClients[client]!, key, from + 1, to + 1, randomAmountMinor());
      },
      b: postEntryTransfer(database.db, cashAccounts, { label: 'b', houseFees: null }),
      c: postEntryTransfer(database.db, cashAccounts, { label: 'c', houseFees }),
      d: postEntryTransfer(database.db, cashAccounts, { label: 'd', houseFees, cachedHouseBalance: true }),
    };
    const samples: Record<keyof typeof phases, Sample[]> = { a: [], b: [], c: [], d: [] };
    const window = { warmUpMs: WARM_UP_MS, measureMs: MEASURE_MS / ROUNDS };
    for (let round = 1; round <= ROUNDS && !interrupted; round++) {
      const order = (['a', 'b', 'c', 'd'] as const).map(
        (_, index, all) => all[(index + round - 1) % all.length]!,
      );
      for (const phase of order) {
        // Keys must stay unique across rounds: the sequence restarts, so the round goes in the key.
        const transfer = phases[phase];
        samples[phase].push(
          await sampleRate(
            CLIENTS,
            window,
            (client, sequence) => transfer(client, round * 1e9 + sequence),
            () => interrupted,
          ),
        );
      }
    }
    for (const client of baselineClients) client.release();

    const rawSql = rateOf(samples.a);
    const postEntryRate = rateOf(samples.b);
    const withHouseFee = rateOf(samples.c);
    const withHotHouseRow = rateOf(samples.d);
    log(describeRate('(a) raw SQL baseline', rawSql));
    log(describeRate('(b) postEntry, 2 postings', postEntryRate));
    log(describeRate('(c) postEntry, 3 postings with the house fee account', withHouseFee));
    log(
      describeRate(
        '(d) for comparison: (c) plus a cached house balance row (not our layout)',
        withHotHouseRow,
      ),
    );
    log(`machine: load average ${os.loadavg()[0]!.toFixed(2)} at end`);
    log(await assertReconciled(database.db, 'PostgreSQL'));
    return { rawSql, postEntryRate, withHouseFee, withHotHouseRow };
  } finally {
    await baselinePool.end();
    await database?.close();
    await dropWhenIdle(admin, name);
    await admin.end();
  }
}

async function runOnPglite(log: (line: string) => void): Promise<Rate> {
  const database = await connectDatabase({});
  try {
    await migrateToLatest(database.db);
    const cashAccounts = await seedFundedUsers(database.db, PGLITE_USERS);
    log(`PGlite in memory, 1 client (sequential), ${PGLITE_USERS} users`);
    const transfer = postEntryTransfer(database.db, cashAccounts, { label: 'pglite', houseFees: null });
    const rate = rateOf([
      await sampleRate(1, { warmUpMs: WARM_UP_MS, measureMs: MEASURE_MS }, transfer, () => interrupted),
    ]);
    log(describeRate('(b) postEntry on PGlite', rate));
    log(await assertReconciled(database.db, 'PGlite'));
    return rate;
  } finally {
    await database.close();
  }
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));
const log = (line: string) => process.stdout.write(`${line}\n`);

const postgres = await runOnPostgres(log);
if (interrupted) process.exit(130);
const pglite = await runOnPglite(log);
if (interrupted) process.exit(130);

const ratios = {
  b_over_a: round(postgres.postEntryRate.transfersPerSecond / postgres.rawSql.transfersPerSecond, 3),
  c_over_b: round(postgres.withHouseFee.transfersPerSecond / postgres.postEntryRate.transfersPerSecond, 3),
  d_over_b: round(postgres.withHotHouseRow.transfersPerSecond / postgres.postEntryRate.transfersPerSecond, 3),
};
log(`b/a = ${ratios.b_over_a} (target at least 0.6): ${ratios.b_over_a >= 0.6 ? 'met' : 'NOT MET'}`);
log(`c/b = ${ratios.c_over_b} (target at least 0.9): ${ratios.c_over_b >= 0.9 ? 'met' : 'NOT MET'}`);
log(`d/b = ${ratios.d_over_b} (what a cached house balance would cost instead)`);
log(
  JSON.stringify({
    bench: 'ledger',
    figures: {
      raw_sql_tps: round(postgres.rawSql.transfersPerSecond, 1),
      post_entry_tps: round(postgres.postEntryRate.transfersPerSecond, 1),
      post_entry_house_fee_tps: round(postgres.withHouseFee.transfersPerSecond, 1),
      cached_house_row_tps: round(postgres.withHotHouseRow.transfersPerSecond, 1),
      post_entry_pglite_tps: round(pglite.transfersPerSecond, 1),
      raw_sql_p99_ms: round(postgres.rawSql.p99Ms, 2),
      post_entry_p99_ms: round(postgres.postEntryRate.p99Ms, 2),
      post_entry_house_fee_p99_ms: round(postgres.withHouseFee.p99Ms, 2),
      clients: CLIENTS,
      users: POSTGRES_USERS,
      measured_seconds_per_phase: MEASURE_MS / 1000,
    },
    ratios,
  }),
);
