import type { Db } from '../db/database.js';
import { findRow } from './row-lookups.js';

/** An active invitation code and the investor who owns it (the referrer of whoever uses it). */
export async function findActiveInvitation(
  db: Db,
  code: string,
): Promise<{ code: string; ownerUserId: bigint | null } | undefined> {
  const row = await findRow(db, 'invitation_codes', { code, active: true });
  return row && { code: row.code, ownerUserId: row.owner_user_id };
}

/** The invitation code an investor was given to share, if any. */
export async function findOwnInvitationCode(db: Db, userId: bigint): Promise<string | undefined> {
  return (await findRow(db, 'invitation_codes', { owner_user_id: userId }))?.code;
}

/** Gives an investor a code to share; false when the code is taken (the caller draws another). */
export async function insertInvitationCode(trx: Db, code: string, ownerUserId: bigint): Promise<boolean> {
  const inserted = await trx
    .insertInto('invitation_codes')
    .values({ code, owner_user_id: ownerUserId, note: null })
    .onConflict((conflict) => conflict.column('code').doNothing())
    .returning('code')
    .executeTakeFirst();
  return inserted !== undefined;
}
