import type { Db } from '../db/database.js';
import { findRow } from './row-lookups.js';
import { recordFromRow, rowFromRecord } from './row-records.js';
import { deleteRows, insertRowIfAbsent, updateRows } from './row-writes.js';

/**
 * The `idempotency_keys` table: a client's key for a call, claimed before the call runs and given
 * the reply when it ends (http/idempotency.ts has the rules).
 */
export interface IdempotencyKeyRecord {
  requestHash: string;
  state: 'in_progress' | 'done';
  httpStatus: number | null;
  /** The first reply's JSON text, as sent. */
  replyText: string | null;
  createdAtMs: number;
}

/** Claims a key as in progress; answers false when the key is already stored. */
export async function insertIdempotencyKey(
  db: Db,
  claim: { scope: string; key: string; requestHash: string; atMs: number },
): Promise<boolean> {
  const { atMs, ...keyed } = claim;
  const claimed = { ...rowFromRecord({ ...keyed, createdAtMs: atMs }), state: 'in_progress' as const };
  return insertRowIfAbsent(db, 'idempotency_keys', claimed, ['scope', 'key']);
}

export async function findIdempotencyKey(
  db: Db,
  scope: string,
  key: string,
): Promise<IdempotencyKeyRecord | undefined> {
  const row = await findRow(db, 'idempotency_keys', { scope, key });
  if (!row) return undefined;
  const { scope: _scope, key: _key, reply: replyText, ...claim } = row;
  return { ...recordFromRow(claim), replyText };
}

/** Forgets a key claimed at `createdAtMs` (not one claimed again since). */
export async function deleteIdempotencyKeyClaimedAt(
  db: Db,
  scope: string,
  key: string,
  createdAtMs: number,
): Promise<void> {
  await deleteRows(db, 'idempotency_keys', { scope, key, created_at: new Date(createdAtMs) });
}

/** Stores the reply of a claimed key. */
export async function completeIdempotencyKey(
  db: Db,
  input: { scope: string; key: string; httpStatus: number; replyText: string },
): Promise<void> {
  const reply = { state: 'done' as const, http_status: input.httpStatus, reply: input.replyText };
  await updateRows(db, 'idempotency_keys', { scope: input.scope, key: input.key }, reply);
}

/** Forgets a key still in progress. */
export async function deleteInProgressIdempotencyKey(db: Db, scope: string, key: string): Promise<void> {
  await deleteRows(db, 'idempotency_keys', { scope, key, state: 'in_progress' });
}

/** Deletes keys claimed before an instant; answers how many. */
export async function deleteIdempotencyKeysClaimedBefore(db: Db, beforeMs: number): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(beforeMs))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
