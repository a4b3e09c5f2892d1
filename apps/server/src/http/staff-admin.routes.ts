import { staffCreate, staffList, staffSetActive, staffSetRoles } from '@nivesh/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../application/context.js';
import { createStaffMember } from '../use-cases/staff/create-staff-member.js';
import { listStaff } from '../use-cases/staff/list-staff.js';
import { setStaffActive } from '../use-cases/staff/set-staff-active.js';
import { setStaffRoles } from '../use-cases/staff/set-staff-roles.js';
import { registerConsoleCall } from './register-console-call.js';

/** Staff administration (docs/adr/0029-staff-administration-and-customer-view.md): admins only. */
export function registerStaffAdminRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerConsoleCall(app, deps, staffList, (body, context) => listStaff(deps, context, body));
  registerConsoleCall(app, deps, staffCreate, (body, context) => createStaffMember(deps, context, body), {
    replayable: false,
  });
  registerConsoleCall(app, deps, staffSetRoles, (body, context) => setStaffRoles(deps, context, body));
  registerConsoleCall(app, deps, staffSetActive, (body, context) => setStaffActive(deps, context, body));
}
