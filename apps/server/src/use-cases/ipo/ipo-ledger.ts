import type { CurrencyCode, PostingDraft } from '@nivesh/core';
import type { Db } from '../../db/database.js';
import { findSubscriberIds, type SubscriptionStage } from '../../repositories/ipo.repository.js';
import {
  houseAccountId,
  type PostedBy,
  postEntry,
  userAccountId,
} from '../../repositories/ledger.repository.js';

/**
 * The ledger entries of new shares (ADR 0011, ledger layout in ADR 0003), one balanced entry per event with the subscription's
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
 * The accounts of every investor with a subscription at a stage of an issue, resolved with the root
 * handle before the transaction of the act that takes them all (the draw, the cancellation, the
 * listing), since a handle inside a transaction is short-lived. `of` answers one investor's, and
 * resolves those of an investor who subscribed in between.
 */
export async function subscriberAccountsOf(
  db: Db,
  issueId: bigint,
  stage: SubscriptionStage,
): Promise<{ of: (userId: bigint) => Promise<IpoAccounts> }> {
  const accounts = new Map<bigint, IpoAccounts>();
  for (const userId of await findSubscriberIds(db, issueId, stage)) {
    accounts.set(userId, await ipoAccountsOf(db, userId));
  }
  return { of: async (userId) => accounts.get(userId) ?? (await ipoAccountsOf(db, userId)) };
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
