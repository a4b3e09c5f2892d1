import type { rotateApiAppSecret as call } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { lockApiApp, replaceApiAppSecret } from '../../repositories/api-app.repository.js';
import { revokeAppSessions } from '../../repositories/kite-session.repository.js';
import { publishMessage } from '../../repositories/message.repository.js';
import { newAppSecret, recordApiAppAct } from './api-app-acts.js';
import { toApiAppView } from './api-app-view.js';

/** Replaces an app's secret: the old one stops working and every session of the app ends. */
export const rotateApiAppSecret: InvestorUseCase<typeof call> = async (deps, context, input) => {
  const { app, apiSecret, message } = await inTransaction(deps.db, async (trx) => {
    const found = (await lockApiApp(trx, BigInt(input.id), context.user.id)) ?? refuse('API_APP_NOT_FOUND');
    const secret = newAppSecret(deps, found.apiKey);
    const app = await replaceApiAppSecret(trx, { id: found.id, ...secret, atMs: context.nowMs });
    await revokeAppSessions(trx, app.id, context.nowMs);
    const message = await recordApiAppAct(trx, context, {
      app,
      action: 'user.api_app.secret_rotated',
      kind: 'API_APP_SECRET_ROTATED',
    });
    return { app, apiSecret: secret.apiSecret, message };
  });
  publishMessage(deps.userEvents, message);
  return { app: toApiAppView(app), apiSecret };
};
