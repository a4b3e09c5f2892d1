import type { DataOf, listContractNotes } from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import { AppError } from '../../application/app-error.js';
import type { Db } from '../../db/database.js';
import {
  type ContractNoteRecord,
  type ContractNoteWithPdf,
  findContractNote,
} from '../../repositories/contract-note.repository.js';

export type ContractNoteView = DataOf<typeof listContractNotes>['items'][number];

export function contractNoteView(note: ContractNoteRecord): ContractNoteView {
  return {
    id: String(note.id),
    number: note.number,
    tradeDate: note.tradeDate,
    tradeCount: note.tradeCount,
    netObligation: formatPaise(note.netObligationPaise),
    sha256: note.sha256,
    createdAt: note.createdAtMs,
  };
}

/** The download name of a note: its number with the slashes made safe, e.g. CN-2026-27-000001.pdf. */
export function contractNoteFileName(number: string): string {
  return `${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}

/** A note's PDF as a download: the stored bytes under contractNoteFileName. */
export interface ContractNotePdf {
  bytes: Buffer;
  contentType: 'application/pdf';
  fileName: string;
}

/**
 * A stored note with its PDF, or CONTRACT_NOTE_NOT_FOUND when there is none or the caller may not
 * see it (`visible`): a note that is not the caller's answers exactly as a missing one.
 */
export async function findContractNoteOrRefuse(
  db: Db,
  id: string,
  visible: (note: ContractNoteWithPdf) => boolean = () => true,
): Promise<ContractNoteWithPdf> {
  const note = await findContractNote(db, BigInt(id));
  if (!note || !visible(note)) throw new AppError('CONTRACT_NOTE_NOT_FOUND');
  return note;
}

export function contractNotePdf(note: ContractNoteWithPdf): ContractNotePdf {
  return { bytes: note.pdf, contentType: 'application/pdf', fileName: contractNoteFileName(note.number) };
}
