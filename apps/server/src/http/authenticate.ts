import { getUserinfo, logout, twoFactorConfirm, twoFactorEnroll, twoFactorStatus } from '@nivesh/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../application/app-error.js';
import type { AppDeps, SessionUser } from '../application/context.js';
import { hasEnabledSecondFactor } from '../repositories/second-factor.repository.js';
import { findLiveSession } from '../repositories/session.repository.js';
import { sessionPolicyOf } from '../use-cases/accounts/open-session.js';

/** What a session may call before its investor enrols a required second factor (ADR 0022). */
const CALLS_BEFORE_ENROLMENT = new Set(
  [getUserinfo, logout, twoFactorStatus, twoFactorEnroll, twoFactorConfirm].map(
    (call) => `/api/vue/${call.path}`,
  ),
);

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/**
 * The investor behind the `token` and `account` headers. Both must be present and agree with a
 * live session; otherwise 401. A disabled or login-banned account gets its flag's code even with
 * a session that somehow outlived the flag.
 */
export async function authenticateInvestor(deps: AppDeps, request: FastifyRequest): Promise<SessionUser> {
  const token = header(request, 'token');
  const account = header(request, 'account');
  if (!token || !account || token.length > 128) throw new AppError('UNAUTHORIZED');
  const session = await findLiveSession(deps.db, token, deps.clock.now(), sessionPolicyOf(deps.config));
  if (!session || session.phone !== account) throw new AppError('UNAUTHORIZED');
  const flags = new Set(session.flags);
  if (flags.has('disabled')) throw new AppError('ACCOUNT_DISABLED');
  if (flags.has('login_banned')) throw new AppError('LOGIN_BANNED');
  // Where a second factor is required, a session without one reaches only the calls that enrol it.
  if (
    deps.config.investorTwoFactorRequired &&
    !CALLS_BEFORE_ENROLMENT.has(request.url.split('?')[0] ?? '') &&
    !(await hasEnabledSecondFactor(deps.db, session.userId))
  )
    throw new AppError('TWO_FACTOR_REQUIRED');
  return {
    id: session.userId,
    phone: session.phone,
    sessionId: session.sessionId,
    flags,
    kycStatus: session.kycStatus,
    dayTradingStatus: session.dayTradingStatus,
  };
}
