import type { BodyOf, DataOf, listContractNotes } from '@nivesh/contract';
import type { Db } from '../../db/database.js';
import { listContractNotesOfUser } from '../../repositories/contract-note.repository.js';
import {
  type ContractNotePdf,
  contractNotePdf,
  contractNoteView,
  findContractNoteOrRefuse,
} from './contract-note-view.js';

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
export async function readOwnContractNotePdf(db: Db, userId: bigint, id: string): Promise<ContractNotePdf> {
  return contractNotePdf(await findContractNoteOrRefuse(db, id, (note) => note.userId === userId));
}
