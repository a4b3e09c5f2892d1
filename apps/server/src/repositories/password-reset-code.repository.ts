import type { Db } from '../db/database.js';

/** The id of a user's reset code with this hash that is unused and not yet expired. */
export async function findUsableResetCode(
  db: Db,
  userId: bigint,
  codeHash: string,
  nowMs: number,
): Promise<bigint | undefined> {
  const row = await db
    .selectFrom('password_reset_codes')
    .select('id')
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date(nowMs))
    .executeTakeFirst();
  return row?.id;
}

/** Marks a code used; false when another reset used it first (a code works once). */
export async function markResetCodeUsed(trx: Db, id: bigint, atMs: number): Promise<boolean> {
  const used = await trx
    .updateTable('password_reset_codes')
    .set({ used_at: new Date(atMs) })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return used.numUpdatedRows > 0n;
}

export async function retireResetCodes(trx: Db, userId: bigint, atMs: number): Promise<void> {
  await trx
    .updateTable('password_reset_codes')
    .set({ used_at: new Date(atMs) })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
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
  await trx
    .insertInto('password_reset_codes')
    .values({
      user_id: code.userId,
      code_hash: code.codeHash,
      issued_by_staff_id: code.issuedByStaffId,
      reason: code.reason,
      created_at: new Date(code.createdAtMs),
      expires_at: new Date(code.expiresAtMs),
    })
    .execute();
}
