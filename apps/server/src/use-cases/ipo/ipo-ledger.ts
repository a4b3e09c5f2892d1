import type { CurrencyCode, PostingDraft } from '@nivesh/core';
import type { Db } from '../../db/database.js';
import {
  houseAccountId,
  type PostedBy,
  postEntry,
  userAccountId,
} from '../../repositories/ledger.repository.js';

/**
 * The ledger entries of new shares (issue 10), one balanced entry per event with the subscription's
 * id in its key, so a retried act never posts twice:
 * - `ipo:<id>:hold`     cash → ipo_escrow: the amount blocked at application (block mode);
 * - `ipo:<id>:capture`  ipo_escrow → house_ipo_proceeds: the won shares at the final price;
 * - `ipo:<id>:release`  ipo_escrow → cash: what was held and not captured (or all, not won / failed);
 * - `ipo:<id>:pay`      cash → house_ipo_proceeds: a payment after allotment (pay-after mode);
 * - `ipo:<id>:list`     house_ipo_proceeds → margin: on listing day the paid shares become a holding
 *   whose margin is exactly what was paid, so closing it later settles like any holding.
 */

const CURRENCY: CurrencyCode = 'INR';

export interface IpoAccounts {
  cash: bigint;
  escrow: bigint;
  margin: bigint;
  proceeds: bigint;
}

/** Resolves a user's accounts with the root handle, before the transaction that posts to them. */
export async function ipoAccountsOf(db: Db, userId: bigint): Promise<IpoAccounts> {
  const [cash, escrow, margin, proceeds] = await Promise.all([
    userAccountId(db, userId, 'cash', CURRENCY),
    userAccountId(db, userId, 'ipo_escrow', CURRENCY),
    userAccountId(db, userId, 'margin', CURRENCY),
    houseAccountId(db, 'house_ipo_proceeds', CURRENCY),
  ]);
  return { cash, escrow, margin, proceeds };
}

/**
 * The accounts of every investor still subscribed to an issue, resolved with the root handle before
 * the draw's or the cancellation's transaction (a handle inside a transaction is short-lived).
 */
export async function subscriberAccountsOf(db: Db, issueId: bigint): Promise<Map<bigint, IpoAccounts>> {
  const subscribers = await db
    .selectFrom('ipo_subscriptions')
    .select('user_id')
    .distinct()
    .where('issue_id', '=', issueId)
    .where('state', '=', 'subscribed')
    .execute();
  const accounts = new Map<bigint, IpoAccounts>();
  for (const { user_id } of subscribers) accounts.set(user_id, await ipoAccountsOf(db, user_id));
  return accounts;
}

type Step = 'hold' | 'capture' | 'release' | 'pay' | 'list';

const KINDS: Record<Step, string> = {
  hold: 'ipo_hold',
  capture: 'ipo_capture',
  release: 'ipo_release',
  pay: 'ipo_pay',
  list: 'ipo_list',
};

/** Moves `amountPaise` from one account to another as the subscription's step; nothing when zero. */
export async function postIpoStep(
  trx: Db,
  input: {
    subscriptionId: bigint;
    step: Step;
    fromAccountId: bigint;
    toAccountId: bigint;
    amountPaise: bigint;
    atMs: number;
    postedBy: PostedBy;
    memo: string;
  },
): Promise<void> {
  if (input.amountPaise === 0n) return;
  const postings: PostingDraft[] = [
    { accountId: input.fromAccountId, amountMinor: -input.amountPaise, currency: CURRENCY },
    { accountId: input.toAccountId, amountMinor: input.amountPaise, currency: CURRENCY },
  ];
  await postEntry(trx, {
    key: `ipo:${input.subscriptionId}:${input.step}`,
    kind: KINDS[input.step],
    reference: String(input.subscriptionId),
    referenceType: 'ipo_subscription',
    postedBy: input.postedBy,
    atMs: input.atMs,
    memo: input.memo,
    postings,
  });
}
