import type { StaffContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { type AuditedAct, auditAct } from './audit-act.js';

/** What a staff act's audit row says beyond who acted and from which request: the act itself. */
export type StaffAct = AuditedAct;

/** Appends the audit row of a staff act (DESIGN §1: every staff act is audited), by the staff member. */
export function auditStaffAct(trx: Db, context: StaffContext, act: StaffAct): Promise<void> {
  return auditAct(trx, { type: 'staff', id: context.staff.id }, context, act);
}
