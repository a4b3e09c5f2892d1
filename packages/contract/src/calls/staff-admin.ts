import { Type } from 'typebox';
import { defineCall, Empty, EpochMs, Obj, Password, STAFF_ROLES } from '../schema.js';

/**
 * Staff administration in the console (docs/adr/0029-staff-administration-and-customer-view.md;
 * docs/api.md, "Staff"): admins list staff, create a member, change roles, disable and enable. Each
 * act takes a reason and is audited with before and after; an admin acts on others only, never on
 * their own account (STAFF_SELF_ACTION), so an admin cannot lock the console out by mistake. A
 * second factor is reset with staff/resetTotp (security.ts).
 */

/** How many staff members staff/list answers at most: a broker's back office, not a user base. */
export const STAFF_LIST_MAX = 500;

const Id = Type.String({ pattern: '^[0-9]{1,19}$' });
const Reason = Type.String({ minLength: 3, maxLength: 500, description: 'why, recorded in the audit log' });
const Nullable = <T extends import('typebox').TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const StaffRole = Type.Union([
  Type.Literal('admin'),
  Type.Literal('finance'),
  Type.Literal('compliance'),
  Type.Literal('support'),
  Type.Literal('content'),
]);
const Roles = Type.Array(StaffRole, {
  minItems: 1,
  maxItems: STAFF_ROLES.length,
  uniqueItems: true,
  description: 'at least one of admin, finance, compliance, support, content',
});

export const StaffMemberRow = Obj({
  id: Type.String(),
  username: Type.String(),
  displayName: Type.String(),
  roles: Type.Array(Type.String()),
  active: Type.Boolean(),
  totpEnrolled: Type.Boolean({ description: 'false until the first sign-in enrols an authenticator' }),
  lockedUntil: Nullable(EpochMs),
  createdAt: EpochMs,
  createdBy: Nullable(
    Type.String({ description: "the creating admin's username; null for the command line" }),
  ),
  disabledAt: Nullable(EpochMs),
  lastSignInAt: Nullable(EpochMs),
  isSelf: Type.Boolean({ description: 'the caller: no act here applies to their own account' }),
});

export const staffList = defineCall({
  path: 'staff/list',
  summary: `Every staff member (at most ${STAFF_LIST_MAX}), active first, by username: roles, second factor enrolled, locked, disabled, last sign-in.`,
  body: Empty,
  data: Obj({ items: Type.Array(StaffMemberRow) }),
  auth: true,
  mutates: false,
  roles: ['admin'],
});

export const staffCreate = defineCall({
  path: 'staff/create',
  summary:
    'An admin creates a staff member with roles and a reason. Without initialPassword the server makes one and answers it once (it is never stored in clear and never shown again); the member enrols a second factor at the first sign-in. Audited as staff.create.',
  body: Obj({
    username: Type.String({ pattern: '^[a-z0-9._-]{3,40}$', description: '3 to 40 of a-z 0-9 . _ -' }),
    displayName: Type.String({ minLength: 1, maxLength: 80 }),
    roles: Roles,
    initialPassword: Type.Optional(Password),
    reason: Reason,
  }),
  data: Obj({
    member: StaffMemberRow,
    initialPassword: Nullable(
      Type.String({
        description: 'the password the server made, shown this once; null when the admin gave one',
      }),
    ),
  }),
  auth: true,
  mutates: true,
  roles: ['admin'],
});

export const staffSetRoles = defineCall({
  path: 'staff/setRoles',
  summary:
    "An admin replaces another member's roles, with a reason; effective at the member's next call. Audited as staff.roles with before and after.",
  body: Obj({ staffId: Id, roles: Roles, reason: Reason }),
  data: StaffMemberRow,
  auth: true,
  mutates: true,
  roles: ['admin'],
});

export const staffSetActive = defineCall({
  path: 'staff/setActive',
  summary:
    'An admin disables another member (their sessions end at once and sign-in is refused) or enables them again, with a reason. Audited as staff.disable or staff.enable with before and after.',
  body: Obj({ staffId: Id, active: Type.Boolean(), reason: Reason }),
  data: Obj({ member: StaffMemberRow, sessionsRevoked: Type.Integer({ minimum: 0 }) }),
  auth: true,
  mutates: true,
  roles: ['admin'],
});
