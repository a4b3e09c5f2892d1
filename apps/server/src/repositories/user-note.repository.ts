import type { Db } from '../db/database.js';
import { newestFirstPage, type PageBefore } from './paging.js';

/** The `user_notes` table: notes staff add about an investor, append-only (migration 0054). */
export interface UserNoteRecord {
  id: bigint;
  userId: bigint;
  note: string;
  staffUsername: string;
  staffName: string;
  createdAtMs: number;
}

const noteSelect = (db: Db) =>
  db
    .selectFrom('user_notes')
    .innerJoin('staff_users', 'staff_users.id', 'user_notes.staff_id')
    .select([
      'user_notes.id',
      'user_notes.user_id',
      'user_notes.note',
      'user_notes.created_at',
      'staff_users.username',
      'staff_users.display_name',
    ]);

type NoteRow = Awaited<ReturnType<ReturnType<typeof noteSelect>['executeTakeFirstOrThrow']>>;

const noteFromRow = (row: NoteRow): UserNoteRecord => ({
  id: row.id,
  userId: row.user_id,
  note: row.note,
  staffUsername: row.username,
  staffName: row.display_name,
  createdAtMs: row.created_at.getTime(),
});

export async function insertUserNote(
  trx: Db,
  note: { userId: bigint; staffId: bigint; note: string; atMs: number },
): Promise<UserNoteRecord> {
  const { id } = await trx
    .insertInto('user_notes')
    .values({
      user_id: note.userId,
      staff_id: note.staffId,
      note: note.note,
      created_at: new Date(note.atMs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return noteFromRow(await noteSelect(trx).where('user_notes.id', '=', id).executeTakeFirstOrThrow());
}

/** An investor's notes, newest first (keyset page by id). */
export async function listUserNotes(db: Db, userId: bigint, page: PageBefore): Promise<UserNoteRecord[]> {
  const rows = await newestFirstPage(
    noteSelect(db).where('user_notes.user_id', '=', userId),
    'user_notes.id',
    page,
  ).execute();
  return rows.map(noteFromRow);
}
