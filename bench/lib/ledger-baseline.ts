import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';

/*
 * What the ledger benchmark and the trading benchmark share: the load loop and its rates, and the
 * raw SQL double-entry transfer that is the baseline both compare against, on a bench database.
 */

const TRANSFER_MINOR_MAX = 10_000;

export function secondsFromEnvironment(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new Error(`${name} must be a positive number of seconds`);
  return seconds;
}

/** Two different indexes in [0, count), uniformly. */
export function randomPair(count: number): [number, number] {
  const first = Math.floor(Math.random() * count);
  let second = Math.floor(Math.random() * (count - 1));
  if (second >= first) second += 1;
  return [first, second];
}

export const randomAmountMinor = () => BigInt(2 + Math.floor(Math.random() * (TRANSFER_MINOR_MAX - 1)));

/** One measured window of one phase. */
export interface Sample {
  latenciesMs: number[];
  measuredMs: number;
}

export interface Rate {
  transfersPerSecond: number;
  transfers: number;
  measuredSeconds: number;
  p50Ms: number;
  p99Ms: number;
}

/**
 * Runs `transferOnce` in a loop on `clients` concurrent callers: a warm-up, then a measured window.
 * Only transfers that start and finish inside the window count. The window is checked against the
 * clock in the loops themselves: PGlite answers without giving timers a turn, so a timer-driven
 * window would never close. Any error ends the bench: a transfer that fails here is a defect, not
 * a figure.
 */
export async function sampleRate(
  clients: number,
  window: { warmUpMs: number; measureMs: number },
  transferOnce: (client: number, sequence: number) => Promise<void>,
  isInterrupted: () => boolean = () => false,
): Promise<Sample> {
  const measureStarts = performance.now() + window.warmUpMs;
  const measureEnds = measureStarts + window.measureMs;
  const latenciesMs: number[] = [];
  let failure: unknown;
  const loops = Array.from({ length: clients }, async (_, client) => {
    for (let sequence = 0; !isInterrupted() && failure === undefined; sequence++) {
      const started = performance.now();
      if (started >= measureEnds) return;
      try {
        await transferOnce(client, sequence);
      } catch (error) {
        failure ??= error;
        return;
      }
      const finished = performance.now();
      if (started >= measureStarts && finished <= measureEnds) latenciesMs.push(finished - started);
      // Let signals and timers in now and then (see above).
      if (sequence % 100 === 99) await new Promise((resolve) => setImmediate(resolve));
    }
  });
  await Promise.all(loops);
  if (failure !== undefined) throw failure;
  return { latenciesMs, measuredMs: window.measureMs };
}

export function rateOf(samples: Sample[]): Rate {
  const latenciesMs = samples.flatMap((sample) => sample.latenciesMs).sort((a, b) => a - b);
  const measuredMs = samples.reduce((total, sample) => total + sample.measuredMs, 0);
  const transfers = latenciesMs.length;
  const percentile = (share: number) =>
    latenciesMs[Math.min(transfers - 1, Math.floor(share * transfers))] ?? 0;
  return {
    transfersPerSecond: transfers / (measuredMs / 1000),
    transfers,
    measuredSeconds: measuredMs / 1000,
    p50Ms: percentile(0.5),
    p99Ms: percentile(0.99),
  };
}

export const describeRate = (label: string, rate: Rate) =>
  `${label}: ${rate.transfersPerSecond.toFixed(0)} transfers/s (${rate.transfers} in ${rate.measuredSeconds} s; latency p50 ${rate.p50Ms.toFixed(2)} ms, p99 ${rate.p99Ms.toFixed(2)} ms)`;

// (a) The baseline: what a minimal double-entry transfer costs on this server.

export async function createBaselineTables(
  pool: pg.Pool,
  accounts: number,
  seedCashMinor: bigint,
): Promise<void> {
  await pool.query('CREATE TABLE bench_accounts (id bigint PRIMARY KEY, balance_minor bigint NOT NULL)');
  await pool.query(`CREATE TABLE bench_entries (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, entry_key text NOT NULL UNIQUE, created_at timestamptz NOT NULL)`);
  await pool.query(`CREATE TABLE bench_postings (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, entry_id bigint NOT NULL, account_id bigint NOT NULL,
    amount_minor bigint NOT NULL)`);
  await pool.query('INSERT INTO bench_accounts SELECT g, $1::bigint FROM generate_series(1, $2::int) g', [
    seedCashMinor,
    accounts,
  ]);
  await pool.query('VACUUM ANALYZE bench_accounts');
}

export async function transferWithRawSql(
  client: pg.PoolClient,
  key: string,
  from: number,
  to: number,
  amountMinor: bigint,
) {
  await client.query('BEGIN');
  try {
    const entry = await client.query<{ id: bigint }>(
      'INSERT INTO bench_entries (entry_key, created_at) VALUES ($1, now()) RETURNING id',
      [key],
    );
    await client.query(
      'INSERT INTO bench_postings (entry_id, account_id, amount_minor) VALUES ($1, $2, $3), ($1, $4, $5)',
      [entry.rows[0]!.id, from, -amountMinor, to, amountMinor],
    );
    // Lower id first, as postEntry does, so that two transfers never deadlock.
    const updates: Array<[number, bigint]> = [
      [from, -amountMinor],
      [to, amountMinor],
    ];
    updates.sort((left, right) => left[0] - right[0]);
    for (const [account, delta] of updates) {
      await client.query('UPDATE bench_accounts SET balance_minor = balance_minor + $2 WHERE id = $1', [
        account,
        delta,
      ]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

export function databaseUrlFor(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropWhenIdle(admin: pg.Client, name: string): Promise<void> {
  // Pools return before their connections have really closed; dropping a database under them makes
  // them report a terminated connection. Wait a little for them to go, then force the rest.
  for (let attempt = 0; attempt < 50; attempt++) {
    const open = await admin.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    if (open.rows[0]!.n === 0) break;
    await sleep(100);
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
