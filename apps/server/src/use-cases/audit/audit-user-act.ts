import type { UserContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { type AuditedAct, auditAct } from './audit-act.js';

/** Appends the audit row of an act the signed-in investor did themselves. */
export function auditUserAct(trx: Db, context: UserContext, act: AuditedAct): Promise<void> {
  return auditAct(trx, { type: 'user', id: context.user.id }, context, act);
}
