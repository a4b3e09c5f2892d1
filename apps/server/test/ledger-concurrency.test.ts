import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/application/app-error.js';
import { inTransaction } from '../src/db/transaction.js';
import {
  houseAccountId,
  openUserAccounts,
  type PostedEntry,
  postEntry,
  userAccountId,
} from '../src/repositories/ledger.repository.js';
import { reconcileLedger } from '../src/use-cases/ledger/reconcile-ledger.js';
import {
  type TransferBetweenUsersInput,
  transferBetweenUsers,
} from '../src/use-cases/ledger/transfer-between-users.js';
import { openReconciledTestDatabase, TRADING_MONDAY_10_00_IST } from './harness.js';

/*
 * On PGlite these transfers queue on its single connection; on PostgreSQL (TEST_DATABASE_URL) they
 * really run at once on a pool of 30 connections, which is where locking order, retries and the
 * deferred balance check are put to the test. CI runs both.
 */
const database = await openReconciledTestDatabase();
const db = database.db;
const nowMs = TRADING_MONDAY_10_00_IST;
const clearing = await houseAccountId(db, 'house_deposits_clearing', 'INR');
const houseFees = await houseAccountId(db, 'house_fees', 'INR');

let phoneCounter = 9_400_000_000;

interface Investor {
  userId: bigint;
  cash: bigint;
}

async function createInvestor(depositMinor: bigint): Promise<Investor> {
  const user = await db
    .insertInto('users')
    .values({ phone: String(phoneCounter++), password_hash: 'not-a-real-hash' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await openUserAccounts(db, user.id);
  const cash = await userAccountId(db, user.id, 'cash', 'INR');
  if (depositMinor > 0n) {
    await inTransaction(db, (trx) =>
      postEntry(trx, {
        key: `concurrency:deposit:${user.id}`,
        kind: 'deposit_approved',
        postedBy: { type: 'system' },
        atMs: nowMs,
        postings: [
          { accountId: cash, amountMinor: depositMinor, currency: 'INR' },
          { accountId: clearing, amountMinor: -depositMinor, currency: 'INR' },
        ],
      }),
    );
  }
  return { userId: user.id, cash };
}

async function cashOf(investors: Investor[]): Promise<bigint[]> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'balance_minor'])
    .where(
      'id',
      'in',
      investors.map((investor) => investor.cash),
    )
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row.balance_minor]));
  return investors.map((investor) => byId.get(investor.cash) ?? -1n);
}

async function houseFeesCollected(): Promise<bigint> {
  const row = await db
    .selectFrom('postings')
    .select((eb) => eb.fn.sum<string>('amount_minor').as('total'))
    .where('account_id', '=', houseFees)
    .executeTakeFirstOrThrow();
  return BigInt(row.total ?? 0);
}

type Outcome = { posted: PostedEntry } | { refused: unknown };

/** Runs every transfer at once and tells, for each, whether it posted or how it was refused. */
function sendAllAtOnce(transfers: TransferBetweenUsersInput[]): Promise<Outcome[]> {
  return Promise.all(
    transfers.map((transfer) =>
      transferBetweenUsers(db, transfer).then(
        (posted): Outcome => ({ posted }),
        (refused: unknown): Outcome => ({ refused }),
      ),
    ),
  );
}

const STARTING_CASH_MINOR = 1_000_00n;

describe('transfers at the same time', () => {
  it('fifty concurrent transfers among ten investors keep every paisa and refuse only for insufficient funds', async () => {
    // Nine investors start with 1,000.00 each; the tenth starts with nothing and only ever sends,
    // so at least its transfers must be refused, whatever order the database runs them in.
    const investors: Investor[] = [];
    for (let index = 0; index < 9; index++) investors.push(await createInvestor(STARTING_CASH_MINOR));
    const penniless = await createInvestor(0n);
    investors.push(penniless);
    const pairs = fc.sample(
      fc
        .record({ from: fc.nat(9), to: fc.nat(8), rupees: fc.integer({ min: 50, max: 700 }) })
        .filter(({ from, to }) => from !== to),
      { numRuns: 45, seed: 20_261_123 },
    );
    const transfers: TransferBetweenUsersInput[] = pairs.map(({ from, to, rupees }, index) => ({
      key: `concurrency:transfer:${index}`,
      fromUserId: investors[from]!.userId,
      toUserId: investors[to]!.userId,
      amountMinor: BigInt(rupees) * 100n,
      feeMinor: BigInt(rupees),
      atMs: nowMs,
    }));
    for (let index = 0; index < 5; index++) {
      transfers.push({
        key: `concurrency:penniless:${index}`,
        fromUserId: penniless.userId,
        toUserId: investors[index]!.userId,
        amountMinor: 10_00n,
        atMs: nowMs,
      });
    }
    expect(transfers).toHaveLength(50);

    const outcomes = await sendAllAtOnce(transfers);

    const refusals = outcomes.flatMap((outcome) => ('refused' in outcome ? [outcome.refused] : []));
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({ code: 'FUNDS_INSUFFICIENT' });
    }
    expect(refusals.length).toBeGreaterThanOrEqual(5);
    expect(refusals.length).toBeLessThan(50);

    const expectedCash = investors.map((investor) => (investor === penniless ? 0n : STARTING_CASH_MINOR));
    let expectedFees = 0n;
    for (const [index, outcome] of outcomes.entries()) {
      if (!('posted' in outcome)) continue;
      expect(outcome.posted.created).toBe(true);
      const transfer = transfers[index]!;
      const fee = transfer.feeMinor ?? 0n;
      const from = investors.findIndex((investor) => investor.userId === transfer.fromUserId);
      const to = investors.findIndex((investor) => investor.userId === transfer.toUserId);
      expectedCash[from]! -= transfer.amountMinor;
      expectedCash[to]! += transfer.amountMinor - fee;
      expectedFees += fee;
    }
    const cash = await cashOf(investors);
    expect(cash).toEqual(expectedCash);
    for (const balance of cash) expect(balance).toBeGreaterThanOrEqual(0n);
    const totalCash = cash.reduce((sum, balance) => sum + balance, 0n);
    expect(totalCash + (await houseFeesCollected())).toBe(9n * STARTING_CASH_MINOR);
    expect(await houseFeesCollected()).toBe(expectedFees);
    expect((await reconcileLedger(db, nowMs)).problems).toEqual([]);
  });

  it('moves the money once when the same transfer is sent ten times at once', async () => {
    const payer = await createInvestor(STARTING_CASH_MINOR);
    const payee = await createInvestor(0n);
    const transfer: TransferBetweenUsersInput = {
      key: 'concurrency:same-key',
      fromUserId: payer.userId,
      toUserId: payee.userId,
      amountMinor: 400_00n,
      atMs: nowMs,
    };

    const outcomes = await sendAllAtOnce(Array.from({ length: 10 }, () => transfer));

    const posted = outcomes.map((outcome) => {
      if (!('posted' in outcome)) throw outcome.refused;
      return outcome.posted;
    });
    expect(new Set(posted.map((entry) => entry.id)).size).toBe(1);
    expect(posted.filter((entry) => entry.created)).toHaveLength(1);
    expect(await cashOf([payer, payee])).toEqual([600_00n, 400_00n]);
  });

  it('settles transfers in both directions between the same two investors without a deadlock reaching anyone', async () => {
    const first = await createInvestor(STARTING_CASH_MINOR);
    const second = await createInvestor(STARTING_CASH_MINOR);
    const transfers = Array.from({ length: 40 }, (_, index) => ({
      key: `concurrency:both-ways:${index}`,
      fromUserId: index % 2 === 0 ? first.userId : second.userId,
      toUserId: index % 2 === 0 ? second.userId : first.userId,
      amountMinor: 10_00n,
      atMs: nowMs,
    }));

    const outcomes = await sendAllAtOnce(transfers);

    for (const outcome of outcomes) {
      if (!('posted' in outcome)) throw outcome.refused;
    }
    expect(await cashOf([first, second])).toEqual([STARTING_CASH_MINOR, STARTING_CASH_MINOR]);
  });
});
