import type { StaffMemberRow } from '@nivesh/contract';
import type { Static } from 'typebox';
import type { StaffListRecord } from '../../repositories/staff.repository.js';

/** A staff member as the console's staff page shows them; `isSelf` marks the caller. */
export function staffMemberView(record: StaffListRecord, callerId: bigint): Static<typeof StaffMemberRow> {
  return {
    id: String(record.id),
    username: record.username,
    displayName: record.displayName,
    roles: record.roles,
    active: record.isActive,
    totpEnrolled: record.isTotpEnrolled,
    lockedUntil: record.lockedUntilMs,
    createdAt: record.createdAtMs,
    createdBy: record.createdByUsername,
    disabledAt: record.disabledAtMs,
    lastSignInAt: record.lastSignInAtMs,
    isSelf: record.id === callerId,
  };
}
