import type { deleteApiApp as deleteApiAppCall } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { lockApiApp, markApiAppDeleted } from '../../repositories/api-app.repository.js';
import { revokeAppSessions } from '../../repositories/kite-session.repository.js';
import { publishMessage } from '../../repositories/message.repository.js';
import { recordApiAppAct } from './api-app-acts.js';

/** Deletes an app: its key stops working and its sessions end. */
export const deleteApiApp: InvestorUseCase<typeof deleteApiAppCall> = async (deps, context, input) => {
  const message = await inTransaction(deps.db, async (trx) => {
    const app = (await lockApiApp(trx, BigInt(input.id), context.user.id)) ?? refuse('API_APP_NOT_FOUND');
    await markApiAppDeleted(trx, app.id, context.nowMs);
    await revokeAppSessions(trx, app.id, context.nowMs);
    return recordApiAppAct(trx, context, { app, action: 'user.api_app.deleted', kind: 'API_APP_DELETED' });
  });
  publishMessage(deps.userEvents, message);
  return null;
};
