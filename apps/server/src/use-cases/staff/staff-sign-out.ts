import type { AppDeps, StaffContext } from '../../application/context.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import { revokeStaffSession as revokeStaffSessionRow } from '../../repositories/staff.repository.js';

/** Revokes the staff session the request came with. */
export async function revokeStaffSession(deps: AppDeps, context: StaffContext): Promise<null> {
  await deps.db.transaction().execute(async (trx) => {
    await revokeStaffSessionRow(trx, context.staff.sessionId, context.nowMs);
    await appendAudit(trx, {
      actor: { type: 'staff', id: context.staff.id },
      action: 'staff.logout',
      target: { type: 'staff_session', id: context.staff.sessionId },
      requestId: context.requestId,
      ip: context.ip,
    });
  });
  return null;
}
