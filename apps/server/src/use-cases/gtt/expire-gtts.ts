import type { AppDeps } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { findExpiredActiveGtts, lockGtt, settleGtt } from '../../repositories/gtt.repository.js';
import { publishMessage } from '../../repositories/message.repository.js';
import { recordGttChange } from './gtt-acts.js';

/** GTTs expired in one sweep, at most; the rest wait for the next. */
const GTT_EXPIRIES_PER_SWEEP_MAX = 500;

/**
 * The sweep's GTT job (docs/architecture.md, "A job"; docs/adr/0031): every active GTT whose year
 * (or chosen expiry) has run out becomes expired, one transaction each, and its investor is told.
 * Answers how many expired.
 */
export async function expireGtts(deps: AppDeps, nowMs: number): Promise<number> {
  let expired = 0;
  for (const id of await findExpiredActiveGtts(deps.db, nowMs, GTT_EXPIRIES_PER_SWEEP_MAX)) {
    const done = await inTransaction(deps.db, async (trx) => {
      const gtt = await lockGtt(trx, id);
      if (gtt?.status !== 'active' || gtt.expiresAtMs > nowMs) return undefined;
      const after = await settleGtt(trx, id, { status: 'expired', atMs: nowMs });
      const message = await recordGttChange(trx, {
        actor: 'engine',
        action: 'engine.gtt.expired',
        before: gtt,
        after,
        message: { kind: 'GTT_EXPIRED', params: { symbol: gtt.symbol } },
        atMs: nowMs,
      });
      return { after, message };
    });
    if (!done) continue;
    publishMessage(deps.userEvents, done.message);
    deps.gttChanges.emit(done.after);
    expired += 1;
  }
  return expired;
}
