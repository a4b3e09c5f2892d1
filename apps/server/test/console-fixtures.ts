import type { StaffRoleName } from '@nivesh/contract';
import * as OTPAuth from 'otpauth';
import { createStaffUser } from '../src/use-cases/staff/staff-sign-in.js';
import type { TestApp } from './harness.js';

export interface TestStaff {
  id: string;
  username: string;
  headers: { 'x-staff-token': string };
}

let nextStaff = Math.floor(Math.random() * 1e6);

/** A staff member with the given roles, TOTP enrolled through the real calls, signed in. */
export async function createStaff(t: TestApp, roles: StaffRoleName[]): Promise<TestStaff> {
  const username = `staff${nextStaff++}`;
  await createStaffUser({ db: t.db }, { username, displayName: username, password: 'Staff@12345', roles });
  const first = await t.call('/api/console/staff/login', { username, password: 'Staff@12345' });
  const secret = first.body.data.secret as string;
  const totpCode = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
    timestamp: t.clock.now(),
  });
  const enrolled = await t.call('/api/console/staff/enrollTotp', {
    enrollmentToken: first.body.data.enrollmentToken,
    totpCode,
  });
  if (enrolled.body.status !== 1) throw new Error(`staff enrolment failed: ${JSON.stringify(enrolled.body)}`);
  const me = await t.call('/api/console/staff/me', {}, { 'x-staff-token': enrolled.body.data.token });
  return {
    id: me.body.data.id as string,
    username,
    headers: { 'x-staff-token': enrolled.body.data.token as string },
  };
}
