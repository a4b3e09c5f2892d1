import { InvariantError } from '@nivesh/core';
import { type KyselyPlugin, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/application/app-error.js';
import type { Db } from '../src/db/database.js';
import { inTransaction } from '../src/db/transaction.js';
import {
  houseAccountId,
  openUserAccounts,
  type PostEntryInput,
  postEntry,
  userAccountId,
} from '../src/repositories/ledger.repository.js';
import { reconcileLedger } from '../src/use-cases/ledger/reconcile-ledger.js';
import { transferBetweenUsers } from '../src/use-cases/ledger/transfer-between-users.js';
import { openReconciledTestDatabase, TRADING_MONDAY_10_00_IST } from './harness.js';

const database = await openReconciledTestDatabase();
const db = database.db;
const nowMs = TRADING_MONDAY_10_00_IST;
const clearing = await houseAccountId(db, 'house_deposits_clearing', 'INR');
const houseFees = await houseAccountId(db, 'house_fees', 'INR');

let phoneCounter = 9_200_000_000;
let keyCounter = 0;
const nextKey = (what: string) => `test:${what}:${++keyCounter}`;

/** A new investor with accounts opened in INR, and the id of their cash account. */
async function createInvestor(): Promise<{ userId: bigint; cash: bigint }> {
  const user = await db
    .insertInto('users')
    .values({ phone: String(phoneCounter++), password_hash: 'not-a-real-hash' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await openUserAccounts(db, user.id);
  return { userId: user.id, cash: await userAccountId(db, user.id, 'cash', 'INR') };
}

function depositEntry(cash: bigint, amountMinor: bigint, key = nextKey('deposit')): PostEntryInput {
  return {
    key,
    kind: 'deposit_approved',
    postedBy: { type: 'system' },
    atMs: nowMs,
    postings: [
      { accountId: cash, amountMinor, currency: 'INR' },
      { accountId: clearing, amountMinor: -amountMinor, currency: 'INR' },
    ],
  };
}

const post = (input: PostEntryInput) => inTransaction(db, (trx) => postEntry(trx, input));

async function cachedBalance(accountId: bigint): Promise<bigint | null> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance_minor')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row.balance_minor;
}

async function entryExists(key: string): Promise<boolean> {
  const row = await db
    .selectFrom('journal_entries')
    .select('id')
    .where('entry_key', '=', key)
    .executeTakeFirst();
  return row !== undefined;
}

async function postingCount(): Promise<number> {
  const row = await db
    .selectFrom('postings')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A handle on the same database that records every statement sent through it. */
function recordingStatements(target: Db): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      statements.push(args.node.kind);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: target.withPlugin(plugin), statements };
}

describe('posting an entry', () => {
  it('updates the cached balances and writes each user posting with the balance after it', async () => {
    const payer = await createInvestor();
    const payee = await createInvestor();
    await post(depositEntry(payer.cash, 100_000n));

    const transfer = await transferBetweenUsers(db, {
      key: nextKey('transfer'),
      fromUserId: payer.userId,
      toUserId: payee.userId,
      amountMinor: 25_000n,
      feeMinor: 100n,
      atMs: nowMs,
    });

    expect(transfer.created).toBe(true);
    expect(await cachedBalance(payer.cash)).toBe(75_000n);
    expect(await cachedBalance(payee.cash)).toBe(24_900n);
    expect(await cachedBalance(houseFees)).toBeNull();
    const postings = await db
      .selectFrom('postings')
      .select(['account_id', 'amount_minor', 'balance_after_minor'])
      .where('entry_id', '=', transfer.id)
      .orderBy('id')
      .execute();
    expect(postings).toEqual([
      { account_id: payer.cash, amount_minor: -25_000n, balance_after_minor: 75_000n },
      { account_id: payee.cash, amount_minor: 24_900n, balance_after_minor: 24_900n },
      { account_id: houseFees, amount_minor: 100n, balance_after_minor: null },
    ]);
  });

  it('keeps a running balance after each posting when an entry touches one account twice', async () => {
    const investor = await createInvestor();
    const entry = await post({
      key: nextKey('split-deposit'),
      kind: 'deposit_approved',
      postedBy: { type: 'system' },
      atMs: nowMs,
      postings: [
        { accountId: investor.cash, amountMinor: 30_000n, currency: 'INR' },
        { accountId: investor.cash, amountMinor: 20_000n, currency: 'INR' },
        { accountId: clearing, amountMinor: -50_000n, currency: 'INR' },
      ],
    });
    const balancesAfter = await db
      .selectFrom('postings')
      .select('balance_after_minor')
      .where('entry_id', '=', entry.id)
      .where('account_id', '=', investor.cash)
      .orderBy('id')
      .execute();
    expect(balancesAfter.map((row) => row.balance_after_minor)).toEqual([30_000n, 50_000n]);
    expect(await cachedBalance(investor.cash)).toBe(50_000n);
  });

  it('returns the first entry when the same key is posted again, and changes nothing', async () => {
    const investor = await createInvestor();
    const key = nextKey('deposit-once');
    const first = await post(depositEntry(investor.cash, 40_000n, key));
    const postingsBefore = await postingCount();

    // The second attempt even carries another amount: the key, not the content, decides.
    const again = await post(depositEntry(investor.cash, 99_999n, key));

    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, key, created: false });
    expect(await cachedBalance(investor.cash)).toBe(40_000n);
    expect(await postingCount()).toBe(postingsBefore);
  });

  it('refuses an unbalanced entry with an invariant error before sending any SQL', async () => {
    const investor = await createInvestor();
    const recorder = recordingStatements(db);
    const key = nextKey('paisa-from-nothing');
    const unbalanced = depositEntry(investor.cash, 10_000n, key);
    unbalanced.postings[1]!.amountMinor = -9_999n;

    await expect(postEntry(recorder.db, unbalanced)).rejects.toThrow(InvariantError);
    await expect(postEntry(recorder.db, unbalanced)).rejects.toThrow('INR postings sum to 1, not 0');

    expect(recorder.statements).toEqual([]);
    expect(await entryExists(key)).toBe(false);
    expect(await cachedBalance(investor.cash)).toBe(0n);
  });

  it('refuses cash below zero with FUNDS_INSUFFICIENT and writes nothing', async () => {
    const payer = await createInvestor();
    const payee = await createInvestor();
    await post(depositEntry(payer.cash, 5_000n));
    const postingsBefore = await postingCount();
    const key = nextKey('overdraft');

    const attempt = transferBetweenUsers(db, {
      key,
      fromUserId: payer.userId,
      toUserId: payee.userId,
      amountMinor: 5_001n,
      atMs: nowMs,
    });

    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'FUNDS_INSUFFICIENT' });
    expect(await entryExists(key)).toBe(false);
    expect(await postingCount()).toBe(postingsBefore);
    expect(await cachedBalance(payer.cash)).toBe(5_000n);
    expect(await cachedBalance(payee.cash)).toBe(0n);
  });

  it('does not use up the key of a refused transfer: it succeeds once the cash is there', async () => {
    const payer = await createInvestor();
    const payee = await createInvestor();
    const transfer = {
      key: nextKey('retry-after-deposit'),
      fromUserId: payer.userId,
      toUserId: payee.userId,
      amountMinor: 7_500n,
      atMs: nowMs,
    };
    await expect(transferBetweenUsers(db, transfer)).rejects.toMatchObject({ code: 'FUNDS_INSUFFICIENT' });

    await post(depositEntry(payer.cash, 7_500n));
    const posted = await transferBetweenUsers(db, transfer);

    expect(posted.created).toBe(true);
    expect(await cachedBalance(payer.cash)).toBe(0n);
    expect(await cachedBalance(payee.cash)).toBe(7_500n);
  });

  it('lets the house fee account take postings without caching a balance for it', async () => {
    const investor = await createInvestor();
    await post(depositEntry(investor.cash, 1_000n));
    await post({
      key: nextKey('fee'),
      kind: 'fee',
      postedBy: { type: 'system' },
      atMs: nowMs,
      postings: [
        { accountId: investor.cash, amountMinor: -300n, currency: 'INR' },
        { accountId: houseFees, amountMinor: 300n, currency: 'INR' },
      ],
    });
    expect(await cachedBalance(investor.cash)).toBe(700n);
    expect(await cachedBalance(houseFees)).toBeNull();
  });
});

describe('what the database refuses on its own', () => {
  /** Writes an entry and its postings with raw SQL, going around postEntry and its assertion. */
  async function insertEntryWithRawSql(
    key: string,
    postings: Array<[accountId: bigint, amountMinor: bigint]>,
  ) {
    await db.transaction().execute(async (trx) => {
      const entry = await sql<{ id: bigint }>`
        INSERT INTO journal_entries (entry_key, kind, posted_by_type, created_at)
        VALUES (${key}, 'test', 'system', now()) RETURNING id
      `.execute(trx);
      const entryId = entry.rows[0]!.id;
      for (const [accountId, amountMinor] of postings) {
        await sql`
          INSERT INTO postings (entry_id, account_id, amount_minor, currency)
          VALUES (${entryId}, ${accountId}, ${amountMinor}, 'INR')
        `.execute(trx);
      }
    });
  }

  it('refuses at COMMIT an unbalanced entry written around the posting function', async () => {
    const investor = await createInvestor();
    const key = nextKey('raw-unbalanced');
    await expect(
      insertEntryWithRawSql(key, [
        [investor.cash, 10_000n],
        [clearing, -9_999n],
      ]),
    ).rejects.toMatchObject({ code: '23514' });
    expect(await entryExists(key)).toBe(false);
  });

  it('refuses at COMMIT an entry without postings and one with a single posting', async () => {
    const key = nextKey('raw-empty');
    await expect(insertEntryWithRawSql(key, [])).rejects.toMatchObject({ code: '23514' });
    expect(await entryExists(key)).toBe(false);
    await expect(insertEntryWithRawSql(nextKey('raw-single'), [[clearing, 500n]])).rejects.toMatchObject({
      code: '23514',
    });
  });

  it('accepts a balanced entry written with raw SQL, so the refusals above are about balance', async () => {
    const key = nextKey('raw-balanced');
    await insertEntryWithRawSql(key, [
      [clearing, 500n],
      [houseFees, -500n],
    ]);
    expect(await entryExists(key)).toBe(true);
  });

  it('refuses a posting added later to an entry that was already balanced', async () => {
    const investor = await createInvestor();
    const entry = await post(depositEntry(investor.cash, 2_000n));
    await expect(
      db.transaction().execute((trx) =>
        sql`INSERT INTO postings (entry_id, account_id, amount_minor, currency)
            VALUES (${entry.id}, ${clearing}, 1, 'INR')`.execute(trx),
      ),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('refuses UPDATE, DELETE and TRUNCATE on journal entries and postings', async () => {
    const investor = await createInvestor();
    const entry = await post(depositEntry(investor.cash, 3_000n));
    const changes = [
      sql`UPDATE journal_entries SET memo = 'edited' WHERE id = ${entry.id}`,
      sql`DELETE FROM journal_entries WHERE id = ${entry.id}`,
      sql`UPDATE postings SET amount_minor = amount_minor * 2 WHERE entry_id = ${entry.id}`,
      sql`DELETE FROM postings WHERE entry_id = ${entry.id}`,
      sql`TRUNCATE postings`,
      sql`TRUNCATE journal_entries CASCADE`,
    ];
    for (const change of changes) await expect(change.execute(db)).rejects.toMatchObject({ code: '42501' });
    const postings = await db
      .selectFrom('postings')
      .select('amount_minor')
      .where('entry_id', '=', entry.id)
      .execute();
    expect(postings.map((row) => row.amount_minor).sort()).toEqual([-3_000n, 3_000n]);
  });

  it('refuses a posting in a currency other than its account’s', async () => {
    const investor = await createInvestor();
    const dollarFx = await houseAccountId(db, 'house_fx', 'USD');
    const key = nextKey('rupee-account-in-dollars');
    const attempt = post({
      key,
      kind: 'exchange',
      postedBy: { type: 'system' },
      atMs: nowMs,
      postings: [
        { accountId: investor.cash, amountMinor: 1_000n, currency: 'USD' },
        { accountId: dollarFx, amountMinor: -1_000n, currency: 'USD' },
      ],
    });
    await expect(attempt).rejects.toMatchObject({ code: '23503' });
    expect(await entryExists(key)).toBe(false);
    expect(await cachedBalance(investor.cash)).toBe(0n);
  });

  it('refuses a negative cash balance even when written directly', async () => {
    const investor = await createInvestor();
    await expect(
      db.updateTable('ledger_accounts').set({ balance_minor: -1n }).where('id', '=', investor.cash).execute(),
    ).rejects.toMatchObject({ code: '23514' });
  });
});

describe('reconciliation', () => {
  it('finds a healthy ledger clean, with every currency summing to zero', async () => {
    const report = await reconcileLedger(db, nowMs);
    expect(report.ok).toBe(true);
    expect(report.entries).toBeGreaterThan(0);
    for (const total of report.totalsByCurrency) expect(total.sum).toBe('0');
  });

  it('detects a cached balance that was written directly, and is clean again once it is repaired', async () => {
    const investor = await createInvestor();
    await post(depositEntry(investor.cash, 12_345n));
    await db
      .updateTable('ledger_accounts')
      .set({ balance_minor: 99_999n })
      .where('id', '=', investor.cash)
      .execute();

    const corrupted = await reconcileLedger(db, nowMs);

    expect(corrupted.ok).toBe(false);
    expect(corrupted.problems).toEqual([
      {
        kind: 'cached_balance_mismatch',
        detail: `account ${investor.cash} caches 99999 but its postings sum to 12345`,
      },
    ]);

    await db
      .updateTable('ledger_accounts')
      .set({ balance_minor: 12_345n })
      .where('id', '=', investor.cash)
      .execute();
    expect((await reconcileLedger(db, nowMs)).ok).toBe(true);
  });
});
