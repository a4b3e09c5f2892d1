import type { Db } from '../db/database.js';
import { findRow } from './row-lookups.js';

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
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({
      scope: claim.scope,
      key: claim.key,
      request_hash: claim.requestHash,
      state: 'in_progress',
      created_at: new Date(claim.atMs),
    })
    .onConflict((conflict) => conflict.columns(['scope', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findIdempotencyKey(
  db: Db,
  scope: string,
  key: string,
): Promise<IdempotencyKeyRecord | undefined> {
  const row = await findRow(db, 'idempotency_keys', { scope, key });
  if (!row) return undefined;
  return {
    requestHash: row.request_hash,
    state: row.state,
    httpStatus: row.http_status,
    replyText: row.reply,
    createdAtMs: row.created_at.getTime(),
  };
}

/** Forgets a key claimed at `createdAtMs` (not one claimed again since). */
export async function deleteIdempotencyKeyClaimedAt(
  db: Db,
  scope: string,
  key: string,
  createdAtMs: number,
): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('created_at', '=', new Date(createdAtMs))
    .execute();
}

/** Stores the reply of a claimed key. */
export async function completeIdempotencyKey(
  db: Db,
  input: { scope: string; key: string; httpStatus: number; replyText: string },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', http_status: input.httpStatus, reply: input.replyText })
    .where('scope', '=', input.scope)
    .where('key', '=', input.key)
    .execute();
}

/** Forgets a key still in progress. */
export async function deleteInProgressIdempotencyKey(db: Db, scope: string, key: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('state', '=', 'in_progress')
    .execute();
}

/** Deletes keys claimed before an instant; answers how many. */
export async function deleteIdempotencyKeysClaimedBefore(db: Db, beforeMs: number): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(beforeMs))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
