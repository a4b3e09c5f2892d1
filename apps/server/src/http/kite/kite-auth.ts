import type { FastifyRequest } from 'fastify';
import { AppError } from '../../application/app-error.js';
import type { AppDeps, RequestContext, UserContext } from '../../application/context.js';
import { findLiveKiteSession, type LiveKiteSession } from '../../repositories/kite-session.repository.js';
import { sha256Hex } from '../../security/tokens.js';

const AUTHORIZATION = /^token ([a-z0-9]{1,64}):([A-Za-z0-9_-]{1,128})$/;

/** The api_key and access_token of Kite's `Authorization: token <api_key>:<access_token>` header. */
export function kiteCredentialsOf(
  request: FastifyRequest,
): { apiKey: string; accessToken: string } | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? AUTHORIZATION.exec(header) : null;
  return match ? { apiKey: match[1]!, accessToken: match[2]! } : undefined;
}

/**
 * The investor a Kite access token of a live app names, as a use case's caller: refused with
 * Kite's TokenException (403) when the token is unknown, ended, lapsed or of a deleted app, and
 * with the account flag's code when the account is disabled or banned from signing in.
 */
export async function authenticateKite(
  deps: AppDeps,
  context: RequestContext,
  credentials: { apiKey: string; accessToken: string } | undefined,
): Promise<{ context: UserContext; session: LiveKiteSession }> {
  if (!credentials) throw new AppError('KITE_SESSION_INVALID');
  const session = await findLiveKiteSession(deps.db, {
    apiKey: credentials.apiKey,
    accessTokenHash: sha256Hex(credentials.accessToken),
    nowMs: context.nowMs,
  });
  if (!session) throw new AppError('KITE_SESSION_INVALID');
  const flags = new Set(session.flags);
  if (flags.has('disabled')) throw new AppError('ACCOUNT_DISABLED');
  if (flags.has('login_banned')) throw new AppError('LOGIN_BANNED');
  // A paper app trades the investor's paper account (docs/adr/0026-paper-trading.md); its creation
  // opened one, so a missing one means the session is not usable.
  const paperUserId = session.book === 'paper' ? session.paperUserId : null;
  if (session.book === 'paper' && paperUserId === null) throw new AppError('KITE_SESSION_INVALID');
  return {
    session,
    context: {
      ...context,
      user: {
        id: paperUserId ?? session.userId,
        book: session.book,
        realUserId: session.userId,
        paperUserId,
        phone: session.phone,
        // Not a session of the app's own table: the Kite session is not listed among sign-ins.
        sessionId: 0n,
        flags,
        kycStatus: session.kycStatus,
        dayTradingStatus: session.dayTradingStatus,
      },
    },
  };
}
