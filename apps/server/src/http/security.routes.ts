import { staffResetTotp } from '@nivesh/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../application/context.js';
import { resetStaffTotp } from '../use-cases/staff/reset-staff-totp.js';
import type { RateLimits } from './rate-limits.js';
import { registerConsoleCall } from './register-console-call.js';

/** Second factors (docs/adr/0022-investor-two-factor.md): staff TOTP recovery, investors' 2FA. */
export function registerSecurityRoutes(app: FastifyInstance, deps: AppDeps, _limits: RateLimits): void {
  registerConsoleCall(app, deps, staffResetTotp, (body, context) => resetStaffTotp(deps, context, body));
}
