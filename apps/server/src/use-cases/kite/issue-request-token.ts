import { refuse } from '../../application/app-error.js';
import type { AppDeps, RequestContext } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { findApiAppByKey } from '../../repositories/api-app.repository.js';
import { insertRequestToken } from '../../repositories/kite-session.repository.js';
import { findLiveSession, revokeSession } from '../../repositories/session.repository.js';
import { newSessionToken, sha256Hex } from '../../security/tokens.js';
import { sessionPolicyOf } from '../accounts/open-session.js';
import { auditAct } from '../audit/audit-act.js';

/** How long a request token can be exchanged: 5 minutes, then the investor signs in again. */
export const REQUEST_TOKEN_MINUTES = 5;

/** The app a login page names, or a refusal the page shows: the key must be of a live app. */
export async function findAppForLogin(deps: AppDeps, apiKey: string) {
  return (await findApiAppByKey(deps.db, apiKey)) ?? refuse('API_APP_NOT_FOUND');
}

/**
 * After the investor signed in on the Kite login page (password and, when on, the second factor,
 * exactly as in the app), trades the sign-in's session for a single-use request token of the app
 * and answers the app's redirect URL carrying it (reference §1). The page's own session ends at
 * once: the browser never holds a Nivesh session, only the app will, through its access token.
 */
export async function issueRequestToken(
  deps: AppDeps,
  context: RequestContext,
  input: { apiKey: string; sessionToken: string },
): Promise<{ redirectTo: string }> {
  const app = await findAppForLogin(deps, input.apiKey);
  const session =
    (await findLiveSession(deps.db, input.sessionToken, context.nowMs, sessionPolicyOf(deps.config))) ??
    refuse('UNAUTHORIZED');
  const requestToken = newSessionToken();
  await inTransaction(deps.db, async (trx) => {
    await revokeSession(trx, session.sessionId, context.nowMs, 'exchanged for an API request token');
    await insertRequestToken(trx, {
      appId: app.id,
      userId: session.userId,
      tokenHash: sha256Hex(requestToken),
      atMs: context.nowMs,
      expiresAtMs: context.nowMs + REQUEST_TOKEN_MINUTES * 60_000,
    });
    await auditAct(trx, { type: 'user', id: session.userId }, context, {
      action: 'user.api_app.signed_in',
      target: { type: 'api_app', id: app.id },
    });
  });
  const redirect = new URL(app.redirectUrl);
  redirect.searchParams.set('request_token', requestToken);
  redirect.searchParams.set('action', 'login');
  redirect.searchParams.set('status', 'success');
  return { redirectTo: redirect.toString() };
}
