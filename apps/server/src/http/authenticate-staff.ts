import type { FastifyRequest } from 'fastify';
import { AppError } from '../application/app-error.js';
import type { AppDeps, StaffMember } from '../application/context.js';
import { sha256Hex } from '../security/tokens.js';

/** The staff member behind the `x-staff-token` header, or 401. */
export async function authenticateStaff(deps: AppDeps, request: FastifyRequest): Promise<StaffMember> {
  const token = request.headers['x-staff-token'];
  if (typeof token !== 'string' || token === '' || token.length > 128) throw new AppError('UNAUTHORIZED');
  const row = await deps.db
    .selectFrom('staff_sessions')
    .innerJoin('staff_users', 'staff_users.id', 'staff_sessions.staff_id')
    .select([
      'staff_sessions.id as sessionId',
      'staff_sessions.expires_at',
      'staff_users.id',
      'staff_users.username',
      'staff_users.display_name',
      'staff_users.roles',
      'staff_users.active',
    ])
    .where('staff_sessions.token_hash', '=', sha256Hex(token))
    .where('staff_sessions.purpose', '=', 'session')
    .where('staff_sessions.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row?.active || row.expires_at.getTime() <= deps.clock.now()) throw new AppError('UNAUTHORIZED');
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    roles: new Set(row.roles),
    sessionId: row.sessionId,
  };
}
