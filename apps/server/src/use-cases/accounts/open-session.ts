import type { AppDeps, RequestContext } from '../../application/context.js';
import type { ServerConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import {
  type CreatedSession,
  createSession,
  type SessionPolicy,
} from '../../repositories/session.repository.js';

/** The configured idle and absolute expiry of investor sessions. */
export function sessionPolicyOf(config: ServerConfig): SessionPolicy {
  return { idleMinutes: config.sessionIdleMinutes, absoluteHours: config.sessionAbsoluteHours };
}

/** Opens an investor session for the request's address and device, inside the caller's transaction. */
export function openSessionFor(
  trx: Db,
  deps: AppDeps,
  context: RequestContext,
  userId: bigint,
): Promise<CreatedSession> {
  return createSession(trx, {
    userId,
    nowMs: context.nowMs,
    policy: sessionPolicyOf(deps.config),
    ip: context.ip,
    userAgent: context.userAgent,
  });
}
