import {
  getUserinfo,
  logout,
  passkeyList,
  passkeyRegister,
  passkeyRegisterOptions,
  twoFactorConfirm,
  twoFactorEnroll,
  twoFactorStatus,
} from '@nivesh/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../application/app-error.js';
import type { AppDeps, AuthenticatedSessionValue, SessionUser } from '../application/context.js';
import { hasEnabledSecondFactor } from '../repositories/second-factor.repository.js';
import { findLiveSession, SESSION_TOUCH_INTERVAL_MS } from '../repositories/session.repository.js';
import { sha256Hex } from '../security/tokens.js';
import { sessionPolicyOf } from '../use-cases/accounts/open-session.js';
import { paperScopeOf } from './paper-calls.js';

/**
 * What a session may call before its investor enrols a required second factor (ADR 0022): TOTP or
 * a passkey (ADR 0028).
 */
const CALLS_BEFORE_ENROLMENT = new Set(
  [
    getUserinfo,
    logout,
    twoFactorStatus,
    twoFactorEnroll,
    twoFactorConfirm,
    passkeyList,
    passkeyRegisterOptions,
    passkeyRegister,
  ].map((call) => `/api/vue/${call.path}`),
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
  const found = await readSession(deps, token);
  if (!found || found.session.phone !== account) throw new AppError('UNAUTHORIZED');
  const { session } = found;
  const flags = new Set(session.flags);
  if (flags.has('disabled')) throw new AppError('ACCOUNT_DISABLED');
  if (flags.has('login_banned')) throw new AppError('LOGIN_BANNED');
  // Where a second factor is required, a session without one reaches only the calls that enrol it.
  if (
    deps.config.investorTwoFactorRequired &&
    !CALLS_BEFORE_ENROLMENT.has(request.url.split('?')[0] ?? '') &&
    !found.hasSecondFactor
  )
    throw new AppError('TWO_FACTOR_REQUIRED');
  const user: SessionUser = {
    id: session.userId,
    phone: session.phone,
    sessionId: session.sessionId,
    flags,
    kycStatus: session.kycStatus,
    dayTradingStatus: session.dayTradingStatus,
    book: 'real',
    realUserId: session.userId,
    paperUserId: null,
  };
  if (session.paperUserId === null) return user;
  // A session in paper (docs/adr/0026-paper-trading.md): trading calls act as the paper account,
  // calls about the person as the investor, and every other call is refused.
  const scope = paperScopeOf(request.url);
  if (scope === undefined) throw new AppError('PAPER_NOT_ALLOWED');
  return {
    ...user,
    id: scope === 'book' ? session.paperUserId : session.userId,
    book: 'paper',
    paperUserId: session.paperUserId,
  };
}

/** Whether a request's session acts in paper, read without refusing (to mark a refusal's reply). */
export async function isPaperSession(deps: AppDeps, request: FastifyRequest): Promise<boolean> {
  const token = header(request, 'token');
  if (!token || token.length > 128) return false;
  const found = await readSession(deps, token);
  return found !== undefined && found.session.paperUserId !== null;
}

/**
 * The live session of a token, from this process's cache when it holds it (docs/adr/0030): the
 * cache forgets an investor on every change notice, and a session past its expiry or due for its
 * `last_seen_at` touch is read from the database again (which touches it).
 */
async function readSession(deps: AppDeps, token: string): Promise<AuthenticatedSessionValue | undefined> {
  const nowMs = deps.clock.now();
  const policy = sessionPolicyOf(deps.config);
  const key = sha256Hex(token);
  const load = async () => {
    const session = await findLiveSession(deps.db, token, nowMs, policy);
    if (!session) return undefined;
    const hasSecondFactor =
      deps.config.investorTwoFactorRequired && (await hasEnabledSecondFactor(deps.db, session.userId));
    return { value: { session, hasSecondFactor }, userId: session.userId };
  };
  const found = await deps.sessions.read(key, nowMs, load);
  if (!found) return undefined;
  const { session } = found;
  if (session.expiresAtMs > nowMs && nowMs - session.seenAtMs <= SESSION_TOUCH_INTERVAL_MS) return found;
  deps.sessions.forgetKey(key);
  return deps.sessions.read(key, nowMs, load);
}
