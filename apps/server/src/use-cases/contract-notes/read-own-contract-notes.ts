import type { BodyOf, DataOf, listContractNotes } from '@nivesh/contract';
import { AppError } from '../../application/app-error.js';
import type { Db } from '../../db/database.js';
import { findContractNote, listContractNotesOfUser } from '../../repositories/contract-note.repository.js';
import { contractNoteFileName, contractNoteView } from './contract-note-view.js';

const PAGE_DEFAULT = 30;

/** The investor's contract notes, newest trade date first (ADR 0021). */
export async function listOwnContractNotes(
  db: Db,
  userId: bigint,
  body: BodyOf<typeof listContractNotes>,
): Promise<DataOf<typeof listContractNotes>> {
  const notes = await listContractNotesOfUser(db, userId, {
    before: body.before,
    limit: body.limit ?? PAGE_DEFAULT,
  });
  return { items: notes.map(contractNoteView) };
}

/**
 * One of the investor's notes as stored. Another investor's note answers exactly as a missing one,
 * so ids are not confirmed to strangers (as uploads, funds.routes.ts).
 */
export async function readOwnContractNotePdf(
  db: Db,
  userId: bigint,
  id: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  const note = await findContractNote(db, BigInt(id));
  if (!note || note.userId !== userId) throw new AppError('CONTRACT_NOTE_NOT_FOUND');
  return { pdf: note.pdf, fileName: contractNoteFileName(note.number) };
}
