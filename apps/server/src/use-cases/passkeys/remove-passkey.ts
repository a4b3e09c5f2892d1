import type { passkeyRemove } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { insertUserMessage, publishMessage } from '../../repositories/message.repository.js';
import { deletePasskey, listPasskeys } from '../../repositories/passkey.repository.js';
import { findSecondFactorKinds } from '../../repositories/second-factor.repository.js';
import { auditUserAct } from '../audit/audit-user-act.js';
import { provePresence } from './prove-presence.js';

/**
 * Removes one of the investor's passkeys, proved with the fund password or a current code
 * (docs/adr/0028-passkeys.md). While the platform requires a second factor, the last one left
 * cannot go. Audited; the investor is told.
 */
export const removePasskey: InvestorUseCase<typeof passkeyRemove> = async (deps, context, input) => {
  const passkeyId = BigInt(input.passkeyId);
  const own = await listPasskeys(deps.db, context.user.id);
  if (!own.some((passkey) => passkey.id === passkeyId)) refuse('PASSKEY_NOT_FOUND');
  if (deps.config.investorTwoFactorRequired) {
    const factors = await findSecondFactorKinds(deps.db, context.user.id);
    if (!factors.includes('totp') && own.length === 1) refuse('TWO_FACTOR_REQUIRED_BY_PLATFORM');
  }
  const provedWith = await provePresence(deps, context, input.proof, 'remove');
  const message = await deps.db.transaction().execute(async (trx) => {
    const removed = (await deletePasskey(trx, context.user.id, passkeyId)) ?? refuse('PASSKEY_NOT_FOUND');
    await auditUserAct(trx, context, {
      action: 'user.passkey.removed',
      target: { type: 'passkey', id: removed.id },
      before: { name: removed.name, createdAt: removed.createdAtMs, lastUsedAt: removed.lastUsedAtMs },
      after: { provedWith },
    });
    return insertUserMessage(trx, {
      userId: context.user.id,
      kind: 'PASSKEY_REMOVED',
      params: { name: removed.name },
      dedupeKey: `passkey:${removed.id}:removed`,
      atMs: context.nowMs,
    });
  });
  publishMessage(deps.userEvents, message);
  return null;
};
