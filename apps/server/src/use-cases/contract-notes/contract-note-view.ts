import type { DataOf, listContractNotes } from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import type { ContractNoteRecord } from '../../repositories/contract-note.repository.js';

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
