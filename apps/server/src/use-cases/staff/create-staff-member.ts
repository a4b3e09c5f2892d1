import { randomInt } from 'node:crypto';
import type { staffCreate } from '@nivesh/contract';
import { invariant } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import type { StaffRole } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import {
  findStaffListRecord,
  hasStaffUsername,
  insertStaffUser,
} from '../../repositories/staff.repository.js';
import { hashPassword } from '../../security/passwords.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import { staffMemberView } from './staff-member-view.js';

/** A staff password: at least 10 characters with a letter and a digit (as `npm run staff:create`). */
export const STAFF_PASSWORD_MIN_LENGTH = 10;
const isStaffPasswordAcceptable = (password: string) =>
  password.length >= STAFF_PASSWORD_MIN_LENGTH && /[A-Za-z]/.test(password) && /[0-9]/.test(password);

// No 0/O, 1/l/I: the admin reads the password out or copies it to the new member.
const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A 16-character password from the alphabet above, with at least one letter and one digit. */
function generateInitialPassword(): string {
  for (;;) {
    let password = '';
    for (let index = 0; index < 16; index++)
      password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
    if (isStaffPasswordAcceptable(password)) return password;
  }
}

/**
 * An admin creates a staff member (docs/adr/0029-staff-administration-and-customer-view.md). The
 * password is the admin's or one the server makes and answers once; the member enrols a second
 * factor at the first sign-in, as every member does. Audited as `staff.create` with the member's
 * username, name and roles (never the password).
 */
export const createStaffMember: StaffUseCase<typeof staffCreate> = async (deps, context, input) => {
  if (input.initialPassword !== undefined && !isStaffPasswordAcceptable(input.initialPassword))
    refuse('PASSWORD_TOO_WEAK', { minLength: STAFF_PASSWORD_MIN_LENGTH });
  const displayName = input.displayName.trim();
  if (displayName === '') refuse('VALIDATION_FAILED', { field: 'displayName', reason: 'must not be blank' });
  if (await hasStaffUsername(deps.db, input.username))
    refuse('STAFF_USERNAME_TAKEN', { username: input.username });
  const generated = input.initialPassword === undefined ? generateInitialPassword() : null;
  const passwordHash = await hashPassword(input.initialPassword ?? generated!);
  const roles = [...input.roles] as StaffRole[];
  const id = await inTransaction(deps.db, async (trx) => {
    if (await hasStaffUsername(trx, input.username))
      refuse('STAFF_USERNAME_TAKEN', { username: input.username });
    const created = await insertStaffUser(trx, {
      username: input.username,
      displayName,
      passwordHash,
      roles,
      createdByStaffId: context.staff.id,
    });
    await auditStaffAct(trx, context, {
      action: 'staff.create',
      target: { type: 'staff', id: created },
      before: null,
      after: {
        username: input.username,
        displayName,
        roles,
        password: generated === null ? 'set by the admin' : 'made by the server, shown once',
      },
      reason: input.reason,
    });
    return created;
  });
  const record = await findStaffListRecord(deps.db, id);
  invariant(record !== undefined, 'the staff member just created exists');
  return { member: staffMemberView(record, context.staff.id), initialPassword: generated };
};
