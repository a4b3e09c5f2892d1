import { refuse } from '../../application/app-error.js';
import type { AppDeps, RequestContext } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { findApiAppByKey } from '../../repositories/api-app.repository.js';
import { revokeAccessToken, revokeRefreshToken } from '../../repositories/kite-session.repository.js';
import { sha256Hex } from '../../security/tokens.js';

/**
 * `DELETE /session/token`: ends an access token (logout) or a refresh token, whichever is given.
 * Ending one already ended is no error (Kite answers true), but an unknown app is.
 */
export async function endKiteSession(
  deps: AppDeps,
  context: RequestContext,
  input: { apiKey: string; accessToken?: string | undefined; refreshToken?: string | undefined },
): Promise<true> {
  const app = (await findApiAppByKey(deps.db, input.apiKey)) ?? refuse('KITE_SESSION_INVALID');
  if (!input.accessToken && !input.refreshToken)
    refuse('KITE_INPUT_INVALID', { field: 'access_token', reason: 'required' });
  await inTransaction(deps.db, async (trx) => {
    if (input.accessToken)
      await revokeAccessToken(trx, {
        appId: app.id,
        accessTokenHash: sha256Hex(input.accessToken),
        nowMs: context.nowMs,
      });
    if (input.refreshToken)
      await revokeRefreshToken(trx, {
        appId: app.id,
        refreshTokenHash: sha256Hex(input.refreshToken),
        nowMs: context.nowMs,
      });
  });
  return true;
}
