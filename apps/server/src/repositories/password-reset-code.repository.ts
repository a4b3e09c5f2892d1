import type { Db } from '../db/database.js';
import { rowFromRecord } from './row-records.js';
import { insertRow, stampOnce } from './row-writes.js';

/** The id of a user's reset code with this hash that is unused and not yet expired. */
export async function findUsableResetCode(
  db: Db,
  code: { userId: bigint; codeHash: string; nowMs: number },
): Promise<bigint | undefined> {
  const row = await db
    .selectFrom('password_reset_codes')
    .select('id')
    .where('user_id', '=', code.userId)
    .where('code_hash', '=', code.codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date(code.nowMs))
    .executeTakeFirst();
  return row?.id;
}

/** Marks a code used; false when another reset used it first (a code works once). */
export async function markResetCodeUsed(trx: Db, id: bigint, atMs: number): Promise<boolean> {
  return stampOnce(trx, 'password_reset_codes', { id }, 'used_at', atMs);
}

export async function retireResetCodes(trx: Db, userId: bigint, atMs: number): Promise<void> {
  await stampOnce(trx, 'password_reset_codes', { user_id: userId }, 'used_at', atMs);
}

export async function insertResetCode(
  trx: Db,
  code: {
    userId: bigint;
    codeHash: string;
    issuedByStaffId: bigint;
    reason: string;
    createdAtMs: number;
    expiresAtMs: number;
  },
): Promise<void> {
  await insertRow(trx, 'password_reset_codes', rowFromRecord(code));
}
