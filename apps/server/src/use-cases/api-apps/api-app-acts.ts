import type { MessageKind } from '@nivesh/contract';
import type { AppDeps, UserContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import type { ApiAppRecord } from '../../repositories/api-app.repository.js';
import { insertUserMessage, type StoredMessage } from '../../repositories/message.repository.js';
import { deriveApiSecret, newSecretNonce } from '../../security/api-secrets.js';
import { sha256Hex } from '../../security/tokens.js';
import { auditUserAct } from '../audit/audit-user-act.js';

/** A new secret for an app key: its nonce, the secret (shown once) and the hash that is stored. */
export function newAppSecret(deps: AppDeps, apiKey: string) {
  const secretNonce = newSecretNonce();
  const apiSecret = deriveApiSecret(deps.config.apiSecretKey, apiKey, secretNonce);
  return { secretNonce, apiSecret, secretHash: sha256Hex(apiSecret) };
}

/**
 * Audits an act on an app and writes its notice in the act's transaction (docs/adr/0025): every
 * change to what can trade for the investor is recorded and told to them.
 */
export async function recordApiAppAct(
  trx: Db,
  context: UserContext,
  input: { app: ApiAppRecord; action: string; kind: MessageKind },
): Promise<StoredMessage | null> {
  await auditUserAct(trx, context, {
    action: input.action,
    target: { type: 'api_app', id: input.app.id },
    after: {
      name: input.app.name,
      apiKey: input.app.apiKey,
      redirectUrl: input.app.redirectUrl,
      book: input.app.book,
    },
  });
  return insertUserMessage(trx, {
    userId: context.user.id,
    kind: input.kind,
    params: { name: input.app.name, apiKey: input.app.apiKey },
    dedupeKey: `api-app:${input.app.id}:${input.action}:${context.requestId}`,
    atMs: context.nowMs,
  });
}
