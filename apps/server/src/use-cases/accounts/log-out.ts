import type { AppDeps, UserContext } from '../../application/context.js';
import { revokeSession } from '../../repositories/session.repository.js';
import { announceSessionsRevoked } from '../../streaming/user-events.js';
import { auditUserAct } from '../audit/audit-user-act.js';

/** Revokes the session the request came with; its sockets leave the user's channel at once. */
export async function logOut(deps: AppDeps, context: UserContext): Promise<null> {
  await deps.db.transaction().execute(async (trx) => {
    await revokeSession(trx, context.user.sessionId, context.nowMs, 'logout');
    await auditUserAct(trx, context, {
      action: 'user.logout',
      target: { type: 'session', id: context.user.sessionId },
    });
  });
  announceSessionsRevoked(deps.userEvents, context.user.id);
  return null;
}
