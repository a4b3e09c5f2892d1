import {
  type BodyOf,
  type DataOf,
  STAFF_ROLES,
  staffCreate,
  staffList,
  staffResetTotp,
  staffSetActive,
  staffSetRoles,
} from '@nivesh/contract';
import { type CallOptions, call } from './client';

/** Staff administration (docs/adr/0029-staff-administration-and-customer-view.md): admins only. */
export type StaffMemberRow = DataOf<typeof staffList>['items'][number];
export type StaffRoleName = (typeof STAFF_ROLES)[number];
export type CreateStaffBody = BodyOf<typeof staffCreate>;
export type CreatedStaff = DataOf<typeof staffCreate>;
export { STAFF_ROLES };

export const fetchStaff = (options?: CallOptions) => call(staffList, {}, options);

export const createStaffMember = (body: CreateStaffBody, options?: CallOptions) =>
  call(staffCreate, body, options);

export const setStaffRoles = (body: BodyOf<typeof staffSetRoles>, options?: CallOptions) =>
  call(staffSetRoles, body, options);

export const setStaffActive = (body: BodyOf<typeof staffSetActive>, options?: CallOptions) =>
  call(staffSetActive, body, options);

export const resetStaffSecondFactor = (body: BodyOf<typeof staffResetTotp>, options?: CallOptions) =>
  call(staffResetTotp, body, options);
