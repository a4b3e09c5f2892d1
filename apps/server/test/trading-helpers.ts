import { sql } from 'kysely';
import { expect } from 'vitest';
import { forgetTradingParameters } from '../src/repositories/trading-parameters.repository.js';
import type { Envelope, TestApp } from './harness.js';

/**
 * Shared steps of the trading tests: feed prices into the app's market bus, wait for the engine,
 * read balances, and prove that a refused call wrote nothing.
 */

const previousCloses = new WeakMap<TestApp, Map<string, bigint>>();

/** Publishes one tick (and its quote) of a symbol at the test clock's time, as the feed does. */
export function publishPrice(
  t: TestApp,
  symbol: string,
  pricePaise: bigint,
  options: { atMs?: number; previousClosePaise?: bigint } = {},
): void {
  let closes = previousCloses.get(t);
  if (!closes) {
    closes = new Map();
    previousCloses.set(t, closes);
  }
  if (options.previousClosePaise !== undefined) closes.set(symbol, options.previousClosePaise);
  if (!closes.has(symbol)) closes.set(symbol, pricePaise);
  const atMs = options.atMs ?? t.clock.now();
  t.app.marketBus.publish({
    ticks: [{ symbol, pricePaise, volume: 1, atMs, simulated: true }],
    quotes: [
      {
        symbol,
        pricePaise,
        previousClosePaise: closes.get(symbol)!,
        openPaise: pricePaise,
        highPaise: pricePaise,
        lowPaise: pricePaise,
        volume: 0n,
        turnoverPaise: 0n,
        tickAtMs: atMs,
        simulated: true,
        source: 'simulated',
      },
    ],
  });
}

/** Publishes a price and waits until the engine has acted on it. */
export async function tick(t: TestApp, symbol: string, pricePaise: bigint): Promise<void> {
  publishPrice(t, symbol, pricePaise);
  await settle(t);
}

/**
 * Runs the engine's sweep (scheduled work: square-off, day-order expiry, products' due work) at the
 * test clock's time and waits for it: the sweep, not the price path, is where scheduled work runs.
 */
export async function sweep(t: TestApp): Promise<void> {
  t.app.tradingEngine!.runDueWork();
  await settle(t);
}

export async function settle(t: TestApp): Promise<void> {
  await t.app.tradingEngine!.idle();
}

/** A user's balances by account purpose. */
export async function balancesOf(t: TestApp, userId: bigint): Promise<Record<string, bigint>> {
  const rows = await t.db
    .selectFrom('ledger_accounts')
    .select(['purpose', 'balance_minor'])
    .where('user_id', '=', userId)
    .where('currency', '=', 'INR')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.purpose, row.balance_minor ?? 0n]));
}

/** Counts of everything a trading call could write. */
export async function writtenCounts(t: TestApp) {
  const count = async (table: 'positions' | 'journal_entries' | 'postings' | 'messages' | 'audit_log') => {
    const row = await t.db.selectFrom(table).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    positions: await count('positions'),
    entries: await count('journal_entries'),
    postings: await count('postings'),
    messages: await count('messages'),
  };
}

/** Runs a call that must be refused with `code`, and checks that nothing was written. */
export async function expectRefusedWithoutWrites(
  t: TestApp,
  call: () => Promise<{ http: number; body: Envelope }>,
  code: string,
): Promise<Envelope> {
  const before = await writtenCounts(t);
  const reply = await call();
  expect(reply.body.status, JSON.stringify(reply.body)).toBe(0);
  expect(reply.body.code).toBe(code);
  expect(await writtenCounts(t)).toEqual(before);
  return reply.body;
}

/** Sets a trading parameter (and drops the cached copy). */
export async function setParameter(t: TestApp, name: string, value: unknown): Promise<void> {
  await t.db
    .insertInto('parameters')
    .values({ name, value: JSON.stringify(value) })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ value: JSON.stringify(value) }))
    .execute();
  forgetTradingParameters(t.db);
}

/** Monday 2026-11-23 at an IST wall-clock time. */
export const mondayIst = (hours: number, minutes: number) => Date.UTC(2026, 10, 23, hours - 5, minutes - 30);
