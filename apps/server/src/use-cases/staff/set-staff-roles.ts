import type { staffSetRoles } from '@nivesh/contract';
import { invariant } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import type { StaffRole } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { findStaffListRecord, lockStaffById, updateStaffRoles } from '../../repositories/staff.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import { staffMemberView } from './staff-member-view.js';

/**
 * An admin replaces another member's roles (docs/adr/0029-staff-administration-and-customer-view.md).
 * Roles are read at every call, so the change holds from the member's next call. An admin's own
 * roles are refused (STAFF_SELF_ACTION): the last admin cannot drop their own admin role, and no one
 * widens their own powers. Audited as `staff.roles` with before and after.
 */
export const setStaffRoles: StaffUseCase<typeof staffSetRoles> = async (deps, context, input) => {
  const staffId = BigInt(input.staffId);
  if (staffId === context.staff.id) refuse('STAFF_SELF_ACTION');
  const roles = [...input.roles] as StaffRole[];
  await inTransaction(deps.db, async (trx) => {
    const member = (await lockStaffById(trx, staffId)) ?? refuse('STAFF_NOT_FOUND');
    const isSame = member.roles.length === roles.length && roles.every((role) => member.roles.includes(role));
    if (isSame) refuse('NOTHING_TO_CHANGE');
    await updateStaffRoles(trx, staffId, roles);
    await auditStaffAct(trx, context, {
      action: 'staff.roles',
      target: { type: 'staff', id: staffId },
      before: { username: member.username, roles: member.roles },
      after: { username: member.username, roles },
      reason: input.reason,
    });
  });
  const record = await findStaffListRecord(deps.db, staffId);
  invariant(record !== undefined, 'the staff member just changed exists');
  return staffMemberView(record, context.staff.id);
};
