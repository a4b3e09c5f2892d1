import type { FastifyRequest } from 'fastify';
import { AppError } from '../application/app-error.js';
import type { AppDeps, StaffMember } from '../application/context.js';
import { findStaffSessionByTokenHash } from '../repositories/staff.repository.js';
import { sha256Hex } from '../security/tokens.js';

/** The staff member behind the `x-staff-token` header, or 401. */
export async function authenticateStaff(deps: AppDeps, request: FastifyRequest): Promise<StaffMember> {
  const token = request.headers['x-staff-token'];
  if (typeof token !== 'string' || token === '' || token.length > 128) throw new AppError('UNAUTHORIZED');
  const row = await findStaffSessionByTokenHash(deps.db, sha256Hex(token), 'session');
  if (!row?.staff.isActive || row.expiresAtMs <= deps.clock.now()) throw new AppError('UNAUTHORIZED');
  return {
    id: row.staff.id,
    username: row.staff.username,
    displayName: row.staff.displayName,
    roles: new Set(row.staff.roles),
    sessionId: row.sessionId,
  };
}
