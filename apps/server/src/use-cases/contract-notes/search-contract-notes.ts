import type { BodyOf, DataOf, staffListContractNotes } from '@nivesh/contract';
import type { StaffContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { searchContractNotes } from '../../repositories/contract-note.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import {
  type ContractNotePdf,
  contractNotePdf,
  contractNoteView,
  findContractNoteOrRefuse,
} from './contract-note-view.js';

const PAGE_DEFAULT = 50;

/** Contract notes for compliance and support: by investor and/or trade-date range. */
export async function searchContractNotesForStaff(
  db: Db,
  body: BodyOf<typeof staffListContractNotes>,
): Promise<DataOf<typeof staffListContractNotes>> {
  const rows = await searchContractNotes(db, {
    userId: body.userId === undefined ? undefined : BigInt(body.userId),
    phone: body.phone?.trim() || undefined,
    from: body.from,
    to: body.to,
    limit: body.limit ?? PAGE_DEFAULT,
  });
  return {
    items: rows.map((row) => ({
      ...contractNoteView(row),
      userId: String(row.userId),
      phone: row.phone,
      realName: row.realName,
    })),
  };
}

/** One note's PDF for staff; every read is audited (DESIGN §1.4), as reading an upload is. */
export async function readContractNotePdfForStaff(
  db: Db,
  context: StaffContext,
  id: string,
): Promise<ContractNotePdf> {
  const note = await findContractNoteOrRefuse(db, id);
  await auditStaffAct(db, context, {
    action: 'contract_note.read',
    target: { type: 'contract_note', id: note.id },
    after: { userId: String(note.userId), number: note.number },
  });
  return contractNotePdf(note);
}
