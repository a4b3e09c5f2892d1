import type { addUserNote as addUserNoteCall, readUserNotes as readUserNotesCall } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { readKeysetPage } from '../../repositories/paging.js';
import { findUserById, lockUserById } from '../../repositories/user.repository.js';
import {
  insertUserNote,
  listUserNotes,
  type UserNoteRecord,
} from '../../repositories/user-note.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';

const DEFAULT_LIMIT = 20;

const noteView = (note: UserNoteRecord) => ({
  id: String(note.id),
  note: note.note,
  staffUsername: note.staffUsername,
  staffName: note.staffName,
  createdAt: note.createdAtMs,
});

/** The notes staff wrote about an investor, newest first (docs/adr/0029-staff-administration-and-customer-view.md). */
export const readUserNotes: StaffUseCase<typeof readUserNotesCall> = async (deps, _context, input) => {
  const userId = BigInt(input.userId);
  (await findUserById(deps.db, userId)) ?? refuse('ACCOUNT_NOT_FOUND');
  const { page, nextCursor } = await readKeysetPage(input, DEFAULT_LIMIT, ({ cursorId, limit }) =>
    listUserNotes(deps.db, userId, { beforeId: cursorId, limit }),
  );
  return { items: page.map(noteView), nextCursor };
};

/**
 * Adds a note about an investor, audited as `user.note.add` with the text. Notes are never changed
 * (the table refuses UPDATE and DELETE): a correction is a new note. A blank note is refused.
 */
export const addUserNote: StaffUseCase<typeof addUserNoteCall> = async (deps, context, input) => {
  const userId = BigInt(input.userId);
  const text = input.note.trim();
  if (text === '') refuse('VALIDATION_FAILED', { field: 'note', reason: 'must not be blank' });
  return inTransaction(deps.db, async (trx) => {
    (await lockUserById(trx, userId)) ?? refuse('ACCOUNT_NOT_FOUND');
    const note = await insertUserNote(trx, {
      userId,
      staffId: context.staff.id,
      note: text,
      atMs: context.nowMs,
    });
    await auditStaffAct(trx, context, {
      action: 'user.note.add',
      target: { type: 'user', id: userId },
      after: { noteId: String(note.id), note: text },
    });
    return noteView(note);
  });
};
