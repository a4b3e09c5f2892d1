import type { staffSetActive } from '@nivesh/contract';
import { invariant } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import {
  findStaffListRecord,
  lockStaffById,
  updateStaffActive,
} from '../../repositories/staff.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import { staffMemberView } from './staff-member-view.js';

/**
 * An admin disables another member or enables them again
 * (docs/adr/0029-staff-administration-and-customer-view.md). Disabling ends the member's sessions in
 * the same transaction; a staff session is checked against the member's row at every call, so
 * nothing of theirs runs after it. An admin's own account is refused (STAFF_SELF_ACTION). Audited as
 * `staff.disable` / `staff.enable` with before and after.
 */
export const setStaffActive: StaffUseCase<typeof staffSetActive> = async (deps, context, input) => {
  const staffId = BigInt(input.staffId);
  if (staffId === context.staff.id) refuse('STAFF_SELF_ACTION');
  const sessionsRevoked = await inTransaction(deps.db, async (trx) => {
    const member = (await lockStaffById(trx, staffId)) ?? refuse('STAFF_NOT_FOUND');
    if (member.isActive === input.active) refuse('NOTHING_TO_CHANGE');
    const revoked = await updateStaffActive(trx, staffId, input.active, context.nowMs);
    await auditStaffAct(trx, context, {
      action: input.active ? 'staff.enable' : 'staff.disable',
      target: { type: 'staff', id: staffId },
      before: { username: member.username, active: member.isActive },
      after: { username: member.username, active: input.active, sessionsRevoked: revoked },
      reason: input.reason,
    });
    return revoked;
  });
  const record = await findStaffListRecord(deps.db, staffId);
  invariant(record !== undefined, 'the staff member just changed exists');
  return { member: staffMemberView(record, context.staff.id), sessionsRevoked };
};
