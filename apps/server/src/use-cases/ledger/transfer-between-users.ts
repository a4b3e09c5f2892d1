import { type CurrencyCode, invariant, type PostingDraft } from '@nivesh/core';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import {
  houseAccountId,
  type PostedEntry,
  postEntry,
  userAccountId,
} from '../../repositories/ledger.repository.js';

export interface TransferBetweenUsersInput {
  /** Idempotency key of the entry: sending the same transfer again moves nothing more. */
  key: string;
  fromUserId: bigint;
  toUserId: bigint;
  amountMinor: bigint;
  /** Taken from the amount and credited to the house fee account; zero or absent for none. */
  feeMinor?: bigint;
  currency?: CurrencyCode;
  atMs: number;
}

/**
 * Moves cash from one user to another in one journal entry: the sender's cash gives the amount,
 * the receiver's cash gets it less the fee, and the house fee account gets the fee. The ledger's
 * own tests and the ledger benchmark drive money through it; it is not an investor API.
 *
 * A sender without enough cash is refused with FUNDS_INSUFFICIENT and nothing is written; a repeated
 * key returns the first entry with `created: false`.
 *
 * Example: 1,000.00 from A to B with a 3.00 fee is A cash `-100000n`, B cash `+99700n` and house
 * fees `+300n`.
 */
export async function transferBetweenUsers(db: Db, input: TransferBetweenUsersInput): Promise<PostedEntry> {
  const currency = input.currency ?? 'INR';
  const feeMinor = input.feeMinor ?? 0n;
  invariant(input.fromUserId !== input.toUserId, `transfer ${input.key}: a user cannot pay themselves`);
  invariant(input.amountMinor > 0n, `transfer ${input.key}: the amount must be positive`);
  invariant(
    feeMinor >= 0n && feeMinor < input.amountMinor,
    `transfer ${input.key}: the fee must be below the amount`,
  );

  // Account ids are resolved with the root handle, before the transaction: opening a missing
  // account is not part of the transfer, and the transaction then holds its locks for less time.
  const fromCash = await userAccountId(db, input.fromUserId, 'cash', currency);
  const toCash = await userAccountId(db, input.toUserId, 'cash', currency);
  const postings: PostingDraft[] = [
    { accountId: fromCash, amountMinor: -input.amountMinor, currency },
    { accountId: toCash, amountMinor: input.amountMinor - feeMinor, currency },
  ];
  if (feeMinor > 0n) {
    postings.push({
      accountId: await houseAccountId(db, 'house_fees', currency),
      amountMinor: feeMinor,
      currency,
    });
  }
  return inTransaction(db, (trx) =>
    postEntry(trx, {
      key: input.key,
      kind: 'user_transfer',
      reference: `${input.fromUserId}:${input.toUserId}`,
      referenceType: 'user_transfer',
      postedBy: { type: 'system' },
      atMs: input.atMs,
      postings,
    }),
  );
}
