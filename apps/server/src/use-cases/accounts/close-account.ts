import type { closeAccount as closeAccountCall } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { findClosureObstacles, markAccountClosed } from '../../repositories/account-closure.repository.js';
import { revokeUserSessions } from '../../repositories/session.repository.js';
import { findUserById } from '../../repositories/user.repository.js';
import { verifyPassword } from '../../security/passwords.js';
import { announceSessionsRevoked } from '../../streaming/user-events.js';
import { auditUserAct } from '../audit/audit-user-act.js';

/**
 * Closes the investor's own account (docs/adr/0024-openapi-suites-and-account-closure.md). Refused
 * while anything of value remains (money in any currency, a position, a pending order, a loan), so
 * nothing is left behind that the investor could no longer reach. The password confirms it. Every
 * session ends; the financial records stay untouched; personal data waits for the retention periods.
 */
export const closeAccount: InvestorUseCase<typeof closeAccountCall> = async (deps, context, input) => {
  const user = (await findUserById(deps.db, context.user.id)) ?? refuse('ACCOUNT_NOT_FOUND');
  if (!(await verifyPassword(user.passwordHash, input.password))) refuse('ORIGINAL_PASSWORD_WRONG');
  const closedAt = await deps.db.transaction().execute(async (trx) => {
    // The same checks inside the transaction that closes: a deposit approved a moment earlier counts.
    const obstacles = await findClosureObstacles(trx, user.id);
    if (obstacles.hasMoney) refuse('ACCOUNT_HAS_MONEY');
    if (obstacles.hasPositions) refuse('ACCOUNT_HAS_POSITIONS');
    if (obstacles.hasPendingOrders) refuse('ACCOUNT_HAS_PENDING_ORDERS');
    if (obstacles.hasLoans) refuse('ACCOUNT_HAS_LOANS');
    if (!(await markAccountClosed(trx, user.id, context.nowMs))) refuse('ACCOUNT_CLOSED');
    const revoked = await revokeUserSessions(trx, {
      userId: user.id,
      nowMs: context.nowMs,
      reason: 'account closed',
    });
    await auditUserAct(trx, context, {
      action: 'user.account.close',
      target: { type: 'user', id: user.id },
      after: { sessionsRevoked: revoked },
    });
    return context.nowMs;
  });
  announceSessionsRevoked(deps.userEvents, user.id);
  return { closedAt };
};
