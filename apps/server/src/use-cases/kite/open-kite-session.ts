import { kiteAccessTokenExpiryMs } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, RequestContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { type ApiAppRecord, findApiAppByKey } from '../../repositories/api-app.repository.js';
import {
  insertKiteSession,
  useRefreshToken,
  useRequestToken,
} from '../../repositories/kite-session.repository.js';
import { deriveApiSecret, isChecksumOf } from '../../security/api-secrets.js';
import { newSessionToken, sha256Hex } from '../../security/tokens.js';
import { auditAct } from '../audit/audit-act.js';
import { kiteSessionData } from './kite-session-data.js';

/** How long a refresh token can renew a session: 30 days. */
const REFRESH_TOKEN_DAYS = 30;

/** The live app of a key whose secret the checksum proves: the secret is recomputed, never stored. */
async function appProvenBy(
  deps: AppDeps,
  input: { apiKey: string; checksum: string; token: string },
): Promise<ApiAppRecord> {
  const app = (await findApiAppByKey(deps.db, input.apiKey)) ?? refuse('KITE_SESSION_INVALID');
  const secret = deriveApiSecret(deps.config.apiSecretKey, app.apiKey, app.secretNonce);
  // A server key changed since the secret was issued would derive another secret: refuse, never guess.
  if (sha256Hex(secret) !== app.secretHash) refuse('KITE_CHECKSUM_INVALID');
  if (!isChecksumOf(input.checksum, [app.apiKey, input.token, secret])) refuse('KITE_CHECKSUM_INVALID');
  return app;
}

async function openSession(
  trx: Db,
  context: RequestContext,
  input: { app: ApiAppRecord; userId: bigint; action: string },
) {
  const accessToken = newSessionToken();
  const refreshToken = newSessionToken();
  const sessionId = await insertKiteSession(trx, {
    appId: input.app.id,
    userId: input.userId,
    accessTokenHash: sha256Hex(accessToken),
    refreshTokenHash: sha256Hex(refreshToken),
    atMs: context.nowMs,
    expiresAtMs: kiteAccessTokenExpiryMs(context.nowMs),
    refreshExpiresAtMs: context.nowMs + REFRESH_TOKEN_DAYS * 86_400_000,
  });
  await auditAct(trx, { type: 'user', id: input.userId }, context, {
    action: input.action,
    target: { type: 'kite_session', id: sessionId },
    after: { apiKey: input.app.apiKey },
  });
  return { accessToken, refreshToken };
}

/**
 * A token (with its checksum, proving the caller holds the app's secret) exchanged once for a new
 * session: `useToken` uses it up in the transaction and answers its investor, or undefined when it
 * is spent, stale or another app's (KITE_REQUEST_TOKEN_INVALID).
 */
async function exchangeToken(
  deps: AppDeps,
  context: RequestContext,
  input: { apiKey: string; token: string; checksum: string; action: string },
  useToken: (trx: Db, appId: bigint, tokenHash: string) => Promise<bigint | undefined>,
) {
  const app = await appProvenBy(deps, input);
  const { userId, tokens } = await inTransaction(deps.db, async (trx) => {
    const userId =
      (await useToken(trx, app.id, sha256Hex(input.token))) ?? refuse('KITE_REQUEST_TOKEN_INVALID');
    return { userId, tokens: await openSession(trx, context, { app, userId, action: input.action }) };
  });
  return kiteSessionData(deps.db, { userId, apiKey: app.apiKey, ...tokens, loginAtMs: context.nowMs });
}

/**
 * `POST /session/token`: exchanges a request token for an access token (reference §1). The
 * checksum `sha256(api_key + request_token + api_secret)` proves the caller holds the secret; the
 * request token works once and only for the app it was issued to, within its few minutes.
 */
export async function openKiteSession(
  deps: AppDeps,
  context: RequestContext,
  input: { apiKey: string; requestToken: string; checksum: string },
) {
  const { apiKey, checksum } = input;
  const exchange = { apiKey, checksum, token: input.requestToken, action: 'user.api_session.opened' };
  return exchangeToken(deps, context, exchange, (trx, appId, tokenHash) =>
    useRequestToken(trx, { appId, tokenHash, nowMs: context.nowMs }),
  );
}

/**
 * `POST /session/refresh_token`: a refresh token (with its checksum) renews the session once; the
 * session it renews ends, so a stolen refresh token used after the owner's is worthless.
 */
export async function renewKiteSession(
  deps: AppDeps,
  context: RequestContext,
  input: { apiKey: string; refreshToken: string; checksum: string },
) {
  const { apiKey, checksum } = input;
  const exchange = { apiKey, checksum, token: input.refreshToken, action: 'user.api_session.renewed' };
  return exchangeToken(deps, context, exchange, (trx, appId, refreshTokenHash) =>
    useRefreshToken(trx, { appId, refreshTokenHash, nowMs: context.nowMs }),
  );
}
