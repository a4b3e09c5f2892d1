import type { CurrencyCode } from '@nivesh/core';
import type { Db } from '../../db/database.js';
import { lockAccountBalance, type PostedBy, postEntry } from '../../repositories/ledger.repository.js';

/**
 * The one shape of every copy-trading entry: an amount from one account to another, in one balanced
 * entry whose key makes a repeat a no-op (funding a strategy, an investment, the returns at the end).
 */
export interface FollowTransfer {
  key: string;
  kind: 'follow_strategy_fund' | 'follow_invest' | 'follow_return' | 'follow_strategy_return';
  reference: { type: 'follow' | 'follow_product'; id: bigint };
  from: bigint;
  to: bigint;
  currency: CurrencyCode;
  postedBy: PostedBy;
  atMs: number;
  reason?: string;
}

export async function postFollowTransfer(
  trx: Db,
  transfer: FollowTransfer & { amountPaise: bigint },
): Promise<void> {
  await postEntry(trx, {
    key: transfer.key,
    kind: transfer.kind,
    reference: String(transfer.reference.id),
    referenceType: transfer.reference.type,
    postedBy: transfer.postedBy,
    atMs: transfer.atMs,
    ...(transfer.reason === undefined ? {} : { reason: transfer.reason }),
    postings: [
      { accountId: transfer.from, amountMinor: -transfer.amountPaise, currency: transfer.currency },
      { accountId: transfer.to, amountMinor: transfer.amountPaise, currency: transfer.currency },
    ],
  });
}

/**
 * Moves an account's whole balance, read under its row lock, to another account (no entry when there
 * is nothing to move), and answers the amount moved.
 */
export async function sweepBalance(trx: Db, transfer: FollowTransfer): Promise<bigint> {
  const amountPaise = await lockAccountBalance(trx, transfer.from);
  if (amountPaise > 0n) await postFollowTransfer(trx, { ...transfer, amountPaise });
  return amountPaise;
}
