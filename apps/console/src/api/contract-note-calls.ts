import {
  type BodyOf,
  type DataOf,
  staffDownloadContractNote,
  staffListContractNotes,
} from '@nivesh/contract';
import { type CallOptions, call, TransportError } from './client';
import { clearStaffToken, readStaffToken } from './staff-token';

/** Contract notes for compliance and support (docs/adr/0021-contract-notes.md). */
export type ContractNoteSearch = BodyOf<typeof staffListContractNotes>;
export type StaffContractNote = DataOf<typeof staffListContractNotes>['items'][number];

export const searchContractNotes = (body: ContractNoteSearch, options?: CallOptions) =>
  call(staffListContractNotes, body, options);

/**
 * A note's PDF read with the staff token (the call answers the file, not the envelope); each read
 * is audited on the server (`contract_note.read`).
 */
export async function fetchContractNotePdf(id: string): Promise<Blob> {
  const token = readStaffToken();
  const response = await fetch(`/api/console/${staffDownloadContractNote.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en', ...(token ? { 'x-staff-token': token } : {}) },
    body: JSON.stringify({ id } satisfies BodyOf<typeof staffDownloadContractNote>),
  });
  if (response.status === 401 && token) clearStaffToken('expired');
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('application/pdf'))
    throw new TransportError(`The contract note could not be read (HTTP ${response.status}).`);
  return response.blob();
}
