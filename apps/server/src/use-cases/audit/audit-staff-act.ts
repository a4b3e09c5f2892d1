import type { StaffContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { type AuditEvent, appendAudit } from '../../repositories/audit.repository.js';

/** What a staff act's audit row says beyond who acted and from which request: the act itself. */
export type StaffAct = Omit<AuditEvent, 'actor' | 'requestId' | 'ip'>;

/**
 * Appends the audit row of a staff act (DESIGN §1: every staff act is audited): the staff member,
 * the request id and the IP come from the caller's context, the action, target, before and after
 * and reason from the act. Pass the transaction that writes the act, so the row exists exactly
 * when the act does.
 */
export function auditStaffAct(trx: Db, context: StaffContext, act: StaffAct): Promise<void> {
  return appendAudit(trx, {
    actor: { type: 'staff', id: context.staff.id },
    ...act,
    requestId: context.requestId,
    ip: context.ip,
  });
}
