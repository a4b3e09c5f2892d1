import { API_APPS_MAX, type createApiApp as createApiAppCall } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { countApiApps, insertApiApp } from '../../repositories/api-app.repository.js';
import { publishMessage } from '../../repositories/message.repository.js';
import { insertPaperAccount, lockPaperAccount } from '../../repositories/paper-account.repository.js';
import { lockUserById } from '../../repositories/user.repository.js';
import { newApiKey } from '../../security/api-secrets.js';
import { openPaperAccountInTransaction } from '../paper/open-paper-account.js';
import { newAppSecret, recordApiAppAct } from './api-app-acts.js';
import { toApiAppView } from './api-app-view.js';
import { isAcceptableRedirectUrl } from './redirect-url.js';

/** Creates an API app; its secret is answered once and only its hash is kept (docs/adr/0025). */
export const createApiApp: InvestorUseCase<typeof createApiAppCall> = async (deps, context, input) => {
  const name = input.name.trim();
  if (name === '') refuse('VALIDATION_FAILED', { field: 'name', reason: 'empty' });
  if (!isAcceptableRedirectUrl(input.redirectUrl)) refuse('REDIRECT_URL_INVALID');
  const apiKey = newApiKey();
  const secret = newAppSecret(deps, apiKey);
  const { app, message } = await inTransaction(deps.db, async (trx) => {
    // The user's row lock makes the count and the insert one step: two creations cannot both pass.
    await lockUserById(trx, context.user.id);
    if ((await countApiApps(trx, context.user.id)) >= API_APPS_MAX)
      refuse('API_APPS_LIMIT', { max: API_APPS_MAX });
    const book = input.book ?? 'real';
    // A paper app trades the investor's paper account, opened now when missing (docs/adr/0026).
    if (book === 'paper' && (await lockPaperAccount(trx, context.user.id)) === undefined) {
      const paperUserId = await openPaperAccountInTransaction(trx, {
        realUserId: context.user.id,
        atMs: context.nowMs,
      });
      await insertPaperAccount(trx, { userId: context.user.id, paperUserId, nowMs: context.nowMs });
    }
    const app = await insertApiApp(trx, {
      book,
      userId: context.user.id,
      name,
      redirectUrl: input.redirectUrl,
      apiKey,
      secretNonce: secret.secretNonce,
      secretHash: secret.secretHash,
      atMs: context.nowMs,
    });
    const message = await recordApiAppAct(trx, context, {
      app,
      action: 'user.api_app.created',
      kind: 'API_APP_CREATED',
    });
    return { app, message };
  });
  publishMessage(deps.userEvents, message);
  return { app: toApiAppView(app), apiSecret: secret.apiSecret };
};
