import type { RequestContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { type AuditEvent, appendAudit } from '../../repositories/audit.repository.js';

/** What an act's audit row says beyond who acted and from which request: the act itself. */
export type AuditedAct = Omit<AuditEvent, 'actor' | 'requestId' | 'ip'>;

/**
 * Appends the audit row of an act by `actor` (DESIGN §1): the request id and the IP come from the
 * caller's context, the action, target, before and after and reason from the act. Pass the
 * transaction that writes the act, so the row exists exactly when the act does.
 */
export function auditAct(
  trx: Db,
  actor: AuditEvent['actor'],
  context: RequestContext,
  act: AuditedAct,
): Promise<void> {
  return appendAudit(trx, { actor, ...act, requestId: context.requestId, ip: context.ip });
}
