import { STAFF_LIST_MAX, type staffList } from '@nivesh/contract';
import type { StaffUseCase } from '../../application/context.js';
import { listStaffMembers } from '../../repositories/staff.repository.js';
import { staffMemberView } from './staff-member-view.js';

/** Every staff member for the admins' staff page (docs/adr/0029-staff-administration-and-customer-view.md). */
export const listStaff: StaffUseCase<typeof staffList> = async (deps, context) => {
  const records = await listStaffMembers(deps.db, STAFF_LIST_MAX);
  return { items: records.map((record) => staffMemberView(record, context.staff.id)) };
};
