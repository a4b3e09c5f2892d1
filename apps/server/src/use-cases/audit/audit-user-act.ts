import type { UserContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { type AuditEvent, appendAudit } from '../../repositories/audit.repository.js';

/** What an investor's own act's audit row says beyond who acted and from which request. */
export type UserAct = Omit<AuditEvent, 'actor' | 'requestId' | 'ip'>;

/**
 * Appends the audit row of an act the signed-in investor did themselves (DESIGN §1): the investor,
 * the request id and the IP come from the caller's context, the rest from the act. Pass the
 * transaction that writes the act, so the row exists exactly when the act does.
 */
export function auditUserAct(trx: Db, context: UserContext, act: UserAct): Promise<void> {
  return appendAudit(trx, {
    actor: { type: 'user', id: context.user.id },
    ...act,
    requestId: context.requestId,
    ip: context.ip,
  });
}
