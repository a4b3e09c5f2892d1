import type { BodyOf, DataOf, listSessions, revokeOwnSession } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, UserContext } from '../../application/context.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import { revokeSession } from '../../repositories/session.repository.js';
import { announceSessionsRevoked } from '../../streaming/user-events.js';
import { sessionPolicyOf } from './open-session.js';

/** The investor's live sessions: not revoked, not past their absolute or idle expiry. */
export async function listOwnSessions(
  deps: AppDeps,
  context: UserContext,
): Promise<DataOf<typeof listSessions>> {
  const policy = sessionPolicyOf(deps.config);
  const rows = await deps.db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'ip', 'user_agent'])
    .where('user_id', '=', context.user.id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date(context.nowMs))
    .where('last_seen_at', '>', new Date(context.nowMs - policy.idleMinutes * 60_000))
    .orderBy('last_seen_at', 'desc')
    .limit(50)
    .execute();
  const items = rows.map((row) => ({
    id: String(row.id),
    current: row.id === context.user.sessionId,
    createdAt: row.created_at.getTime(),
    lastSeenAt: row.last_seen_at.getTime(),
    ip: row.ip,
    userAgent: row.user_agent,
  }));
  items.sort((a, b) => Number(b.current) - Number(a.current));
  return { items };
}

/**
 * Signs out one of the investor's other devices. Only the investor's own, live sessions can be
 * revoked; the current one is refused (log out does that), and a session already gone answers
 * REPEATED_OPERATION, changing nothing.
 */
export async function revokeOtherSession(
  deps: AppDeps,
  context: UserContext,
  input: BodyOf<typeof revokeOwnSession>,
): Promise<DataOf<typeof revokeOwnSession>> {
  const sessionId = BigInt(input.id);
  if (sessionId === context.user.sessionId)
    refuse('VALIDATION_FAILED', { field: 'id', reason: 'current session' });
  await deps.db.transaction().execute(async (trx) => {
    const session = await trx
      .selectFrom('sessions')
      .select(['id', 'revoked_at'])
      .where('id', '=', sessionId)
      .where('user_id', '=', context.user.id)
      .forUpdate()
      .executeTakeFirst();
    if (!session || session.revoked_at !== null) refuse('REPEATED_OPERATION', { state: 'signed in' });
    await revokeSession(trx, sessionId, context.nowMs, 'signed out from another device');
    await appendAudit(trx, {
      actor: { type: 'user', id: context.user.id },
      action: 'user.session.revoke',
      target: { type: 'session', id: sessionId },
      requestId: context.requestId,
      ip: context.ip,
    });
  });
  announceSessionsRevoked(deps.userEvents, context.user.id);
  return { revoked: true };
}
