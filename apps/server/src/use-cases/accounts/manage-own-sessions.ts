import type { DataOf, listSessions, revokeOwnSession } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, InvestorUseCase, UserContext } from '../../application/context.js';
import {
  listLiveSessions,
  lockUnrevokedSession,
  revokeSession,
} from '../../repositories/session.repository.js';
import { announceSessionsRevoked } from '../../streaming/user-events.js';
import { auditUserAct } from '../audit/audit-user-act.js';
import { sessionPolicyOf } from './open-session.js';

/** The most sessions the list shows: more than any one person's devices. */
const OWN_SESSIONS_LISTED_MAX = 50;

/** The investor's live sessions: not revoked, not past their absolute or idle expiry. */
export async function listOwnSessions(
  deps: AppDeps,
  context: UserContext,
): Promise<DataOf<typeof listSessions>> {
  const policy = sessionPolicyOf(deps.config);
  const sessions = await listLiveSessions(deps.db, {
    userId: context.user.id,
    nowMs: context.nowMs,
    seenSinceMs: context.nowMs - policy.idleMinutes * 60_000,
    limit: OWN_SESSIONS_LISTED_MAX,
  });
  const items = sessions.map((session) => ({
    id: String(session.id),
    current: session.id === context.user.sessionId,
    createdAt: session.createdAtMs,
    lastSeenAt: session.lastSeenAtMs,
    ip: session.ip,
    userAgent: session.userAgent,
  }));
  items.sort((a, b) => Number(b.current) - Number(a.current));
  return { items };
}

/**
 * Signs out one of the investor's other devices. Only the investor's own, live sessions can be
 * revoked; the current one is refused (log out does that), and a session already gone answers
 * REPEATED_OPERATION, changing nothing.
 */
export const revokeOtherSession: InvestorUseCase<typeof revokeOwnSession> = async (deps, context, input) => {
  const sessionId = BigInt(input.id);
  if (sessionId === context.user.sessionId)
    refuse('VALIDATION_FAILED', { field: 'id', reason: 'current session' });
  await deps.db.transaction().execute(async (trx) => {
    if (!(await lockUnrevokedSession(trx, context.user.id, sessionId)))
      refuse('REPEATED_OPERATION', { state: 'signed in' });
    await revokeSession(trx, sessionId, context.nowMs, 'signed out from another device');
    await auditUserAct(trx, context, {
      action: 'user.session.revoke',
      target: { type: 'session', id: sessionId },
    });
  });
  announceSessionsRevoked(deps.userEvents, context.user.id);
  return { revoked: true };
};
