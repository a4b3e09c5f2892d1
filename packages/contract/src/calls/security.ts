import { Type } from 'typebox';
import { defineCall, Obj } from '../schema.js';

/**
 * Second factors: recovering a staff member's TOTP, and investors' two-factor sign-in
 * (docs/adr/0022-investor-two-factor.md; docs/api.md, "Second factor").
 */

const Reason = Type.String({ minLength: 3, maxLength: 500, description: 'why, recorded in the audit log' });

export const staffResetTotp = defineCall({
  path: 'staff/resetTotp',
  summary:
    "An admin clears another staff member's TOTP (never their own), with a reason: their sessions end and their next sign-in enrols a new authenticator. Audited as staff.totp.reset.",
  body: Obj({ username: Type.String({ minLength: 1, maxLength: 64 }), reason: Reason }),
  data: Obj({ username: Type.String(), sessionsRevoked: Type.Integer({ minimum: 0 }) }),
  auth: true,
  mutates: true,
  roles: ['admin'],
});
