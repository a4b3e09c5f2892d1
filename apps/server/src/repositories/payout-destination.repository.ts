import type { DataOf, PayoutDestination } from '@nivesh/contract';
import { maskBankAccountNumber } from '@nivesh/core';
import type { Static } from 'typebox';
import type { Db } from '../db/database.js';
import type { PayoutDestinationsTable } from '../db/schema.js';
import { findRow } from './row-lookups.js';
import { insertRow, stampOnce } from './row-writes.js';

export interface DestinationRow {
  id: bigint;
  user_id: bigint;
  kind: PayoutDestinationsTable['kind'];
  holder_name: string | null;
  account_number: string | null;
  ifsc: string | null;
  bank_name: string | null;
  branch_name: string | null;
  network: PayoutDestinationsTable['network'];
  address: string | null;
  match_key: string;
  created_at: Date;
  usable_from: Date;
  removed_at: Date | null;
}

export type DestinationView = Static<typeof PayoutDestination>;
export type { DataOf };

/** A destination as its owner sees it: the account number masked to its last four digits. */
export function toDestinationView(row: DestinationRow, nowMs: number): DestinationView {
  return {
    id: String(row.id),
    kind: row.kind,
    holderName: row.holder_name,
    accountNumber: row.account_number ? maskBankAccountNumber(row.account_number) : null,
    ifsc: row.ifsc,
    bankName: row.bank_name,
    branchName: row.branch_name,
    network: row.network,
    address: row.address,
    createdAt: row.created_at.getTime(),
    usableFrom: row.usable_from.getTime(),
    usable: row.usable_from.getTime() <= nowMs,
  };
}

/** One line naming a destination in records and messages: "HDFC Bank XXXX6789" or "TRC20 T...". */
export function describeDestination(row: DestinationRow): string {
  if (row.kind === 'bank')
    return `${row.bank_name ?? row.ifsc} ${maskBankAccountNumber(row.account_number ?? '')}`;
  return `${row.network} ${row.address}`;
}

export async function listActiveDestinations(
  db: Db,
  userId: bigint,
  kind?: PayoutDestinationsTable['kind'],
): Promise<DestinationRow[]> {
  let select = db
    .selectFrom('payout_destinations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .orderBy('id', 'asc');
  if (kind) select = select.where('kind', '=', kind);
  return select.execute();
}

/** A destination of the user's own that is not removed, or undefined. */
export async function findOwnActiveDestination(
  db: Db,
  userId: bigint,
  id: bigint,
): Promise<DestinationRow | undefined> {
  return findRow(db, 'payout_destinations', { id, user_id: userId, removed_at: null });
}

export async function findDestination(db: Db, id: bigint): Promise<DestinationRow | undefined> {
  return findRow(db, 'payout_destinations', { id });
}

/** What an investor registers; the owner, the times and removal are set here. */
export type DestinationValues = Omit<
  DestinationRow,
  'id' | 'user_id' | 'created_at' | 'usable_from' | 'removed_at'
>;

export async function insertDestination(
  trx: Db,
  destination: { userId: bigint; values: DestinationValues; atMs: number; usableFromMs: number },
): Promise<DestinationRow> {
  return insertRow(trx, 'payout_destinations', {
    ...destination.values,
    user_id: destination.userId,
    created_at: new Date(destination.atMs),
    usable_from: new Date(destination.usableFromMs),
  });
}

/** Removes (unbinds) a destination still in use; false when it was already removed. */
export async function markDestinationRemoved(trx: Db, id: bigint, atMs: number): Promise<boolean> {
  return stampOnce(trx, 'payout_destinations', { id }, 'removed_at', atMs);
}
