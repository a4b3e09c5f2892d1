import { refuse } from '../../application/app-error.js';
import type { AppDeps, RequestContext } from '../../application/context.js';
import {
  clearFundPasswordFailures,
  countFundPasswordFailure,
  lockFundPassword,
  type UserRecord,
} from '../../repositories/user.repository.js';
import { verifyPassword } from '../../security/passwords.js';
import { auditAct } from '../audit/audit-act.js';

export const FUND_PASSWORD_MAX_FAILURES = 5;
export const FUND_PASSWORD_LOCK_MINUTES = 15;

/**
 * Checks a fund password, counting failures: the fifth wrong one in a row locks fund actions for
 * 15 minutes. Failures are written with the database, not the caller's transaction, so that the
 * caller's rollback cannot erase the count.
 */
export async function verifyFundPassword(
  deps: AppDeps,
  context: RequestContext,
  user: UserRecord,
  password: string,
): Promise<void> {
  if (!user.fundPasswordHash) refuse('FUND_PASSWORD_NOT_SET');
  if (user.fundPasswordLockedUntilMs !== null && user.fundPasswordLockedUntilMs > context.nowMs) {
    refuse('FUND_PASSWORD_LOCKED', {
      minutes: Math.ceil((user.fundPasswordLockedUntilMs - context.nowMs) / 60_000),
    });
  }
  if (await verifyPassword(user.fundPasswordHash!, password)) {
    if (user.fundPasswordFailures > 0) await clearFundPasswordFailures(deps.db, user.id);
    return;
  }
  const failures = await countFundPasswordFailure(deps.db, user.id);
  const locked = failures >= FUND_PASSWORD_MAX_FAILURES;
  if (locked) await lockFundPassword(deps.db, user.id, context.nowMs + FUND_PASSWORD_LOCK_MINUTES * 60_000);
  await auditAct(deps.db, { type: 'user', id: user.id }, context, {
    action: locked ? 'user.fund_password.locked' : 'user.fund_password.failed',
    target: { type: 'user', id: user.id },
    after: { failures },
  });
  if (locked) refuse('FUND_PASSWORD_LOCKED', { minutes: FUND_PASSWORD_LOCK_MINUTES });
  refuse('FUND_PASSWORD_WRONG', { attemptsLeft: FUND_PASSWORD_MAX_FAILURES - failures });
}
