import type { AppDeps, StaffContext } from '../../application/context.js';
import { revokeStaffSession as revokeStaffSessionRow } from '../../repositories/staff.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';

/** Revokes the staff session the request came with. */
export async function revokeStaffSession(deps: AppDeps, context: StaffContext): Promise<null> {
  await deps.db.transaction().execute(async (trx) => {
    await revokeStaffSessionRow(trx, context.staff.sessionId, context.nowMs);
    await auditStaffAct(trx, context, {
      action: 'staff.logout',
      target: { type: 'staff_session', id: context.staff.sessionId },
    });
  });
  return null;
}
