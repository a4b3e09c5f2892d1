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
