import { InvariantError, type PostingDraft } from '@nivesh/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/application/app-error.js';
import { inTransaction } from '../src/db/transaction.js';
import {
  houseAccountId,
  openUserAccounts,
  postEntry,
  userAccountId,
} from '../src/repositories/ledger.repository.js';
import { reconcileLedger } from '../src/use-cases/ledger/reconcile-ledger.js';
import { openReconciledTestDatabase, TRADING_MONDAY_10_00_IST } from './harness.js';

const database = await openReconciledTestDatabase();
const db = database.db;
const nowMs = TRADING_MONDAY_10_00_IST;
const clearing = await houseAccountId(db, 'house_deposits_clearing', 'INR');

const INVESTORS_PER_RUN = 3;
/** Index of the house in a transfer's `from` and `to`; 0 to INVESTORS_PER_RUN - 1 are investors. */
const HOUSE = INVESTORS_PER_RUN;

type Operation =
  | { type: 'transfer'; from: number; to: number; amountMinor: bigint; repeatsEarlierKey: number | null }
  | { type: 'unbalanced'; account: number; amountMinor: bigint };

const party = fc.integer({ min: 0, max: HOUSE });
const amountMinor = fc.bigInt({ min: 1n, max: 50_000n });
const transfer = fc
  .record({
    type: fc.constant('transfer' as const),
    from: party,
    to: party,
    amountMinor,
    // About one transfer in five repeats an earlier key.
    repeatsEarlierKey: fc.oneof(
      { weight: 4, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.nat() },
    ),
  })
  .filter((operation) => operation.from !== operation.to);
const unbalanced = fc.record({ type: fc.constant('unbalanced' as const), account: party, amountMinor });
const operations = fc.array(
  fc.oneof({ weight: 9, arbitrary: transfer }, { weight: 1, arbitrary: unbalanced }),
  {
    minLength: 1,
    maxLength: 30,
  },
);

let phoneCounter = 9_300_000_000;
let runCounter = 0;
/** What the runs went through, so the test can tell it exercised each path it names. */
const seen = { posted: 0, refused: 0, repeated: 0, unbalanced: 0 };

async function createInvestorCash(): Promise<bigint> {
  const user = await db
    .insertInto('users')
    .values({ phone: String(phoneCounter++), password_hash: 'not-a-real-hash' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await openUserAccounts(db, user.id);
  return userAccountId(db, user.id, 'cash', 'INR');
}

async function cachedBalances(accountIds: bigint[]): Promise<bigint[]> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'balance_minor'])
    .where('id', 'in', accountIds)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row.balance_minor]));
  return accountIds.map((id) => byId.get(id) ?? -1n);
}

async function latestBalanceAfter(accountId: bigint): Promise<bigint | null> {
  const row = await db
    .selectFrom('postings')
    .select('balance_after_minor')
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.balance_after_minor ?? 0n;
}

/**
 * Plays one sequence of operations against the real ledger and against a model that knows the
 * rules: a key posts once, an investor's cash never goes below zero, the house has no such limit,
 * and an unbalanced entry is a defect that writes nothing.
 */
async function playAgainstModel(sequence: Operation[]): Promise<void> {
  const run = ++runCounter;
  const cash: bigint[] = [];
  for (let investor = 0; investor < INVESTORS_PER_RUN; investor++) cash.push(await createInvestorCash());
  const accountOf = (index: number) => (index === HOUSE ? clearing : cash[index]!);
  const modelBalance = cash.map(() => 0n);
  const keysTried: string[] = [];
  const keysPosted = new Set<string>();

  for (const [step, operation] of sequence.entries()) {
    if (operation.type === 'unbalanced') {
      const postings: PostingDraft[] = [
        { accountId: accountOf(operation.account), amountMinor: operation.amountMinor, currency: 'INR' },
        {
          accountId: accountOf((operation.account + 1) % (HOUSE + 1)),
          amountMinor: -operation.amountMinor + 1n,
          currency: 'INR',
        },
      ];
      const attempt = inTransaction(db, (trx) =>
        postEntry(trx, {
          key: `prop:${run}:${step}:unbalanced`,
          kind: 'test',
          postedBy: { type: 'system' },
          atMs: nowMs,
          postings,
        }),
      );
      await expect(attempt).rejects.toThrow(InvariantError);
      seen.unbalanced++;
      continue;
    }

    const repeated = operation.repeatsEarlierKey !== null && keysTried.length > 0;
    const key = repeated
      ? keysTried[operation.repeatsEarlierKey! % keysTried.length]!
      : `prop:${run}:${step}`;
    keysTried.push(key);
    const fromIndex = operation.from;
    const toIndex = operation.to;
    const attempt = inTransaction(db, (trx) =>
      postEntry(trx, {
        key,
        kind: 'test_transfer',
        postedBy: { type: 'system' },
        atMs: nowMs,
        postings: [
          { accountId: accountOf(fromIndex), amountMinor: -operation.amountMinor, currency: 'INR' },
          { accountId: accountOf(toIndex), amountMinor: operation.amountMinor, currency: 'INR' },
        ],
      }),
    );

    if (keysPosted.has(key)) {
      expect((await attempt).created).toBe(false);
      seen.repeated++;
    } else if (fromIndex !== HOUSE && modelBalance[fromIndex]! < operation.amountMinor) {
      const refusal = await attempt.then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({ code: 'FUNDS_INSUFFICIENT' });
      seen.refused++;
    } else {
      expect((await attempt).created).toBe(true);
      seen.posted++;
      keysPosted.add(key);
      if (fromIndex !== HOUSE) modelBalance[fromIndex]! -= operation.amountMinor;
      if (toIndex !== HOUSE) modelBalance[toIndex]! += operation.amountMinor;
    }
  }

  expect(await cachedBalances(cash)).toEqual(modelBalance);
  for (const [index, accountId] of cash.entries()) {
    expect(modelBalance[index]!).toBeGreaterThanOrEqual(0n);
    expect(await latestBalanceAfter(accountId)).toBe(modelBalance[index]);
  }
  const report = await reconcileLedger(db, nowMs);
  expect(report.problems).toEqual([]);
}

describe('the ledger under random sequences of entries', () => {
  it('keeps every invariant through transfers, refusals for insufficient funds, repeated keys and unbalanced drafts', async () => {
    await fc.assert(fc.asyncProperty(operations, playAgainstModel), { numRuns: 20 });
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(0);
  });
});
