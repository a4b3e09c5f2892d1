import type { StaffRoleName } from '@nivesh/contract';
import { createStaff as createSignedInStaff } from './fixtures.js';
import type { TestApp } from './harness.js';

export interface TestStaff {
  id: string;
  username: string;
  headers: { 'x-staff-token': string };
}

/** A staff member with the given roles, TOTP enrolled through the real calls, signed in; the id as the API gives it. */
export async function createStaff(t: TestApp, roles: StaffRoleName[]): Promise<TestStaff> {
  const staff = await createSignedInStaff(t, roles);
  return { id: String(staff.id), username: staff.username, headers: staff.headers };
}
