import { isPurgeDue, personalDataPurgeDueAtMs } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps } from '../../application/context.js';
import { findClosedAccounts, purgePersonalData } from '../../repositories/account-closure.repository.js';
import { appendAudit } from '../../repositories/audit.repository.js';

const ACCOUNTS_PER_RUN = 100;

/**
 * Removes the personal data of one closed account, refusing (RETENTION_NOT_ELAPSED, with the due
 * date) while any retention period still runs (core's personalDataPurgeDueAtMs, the spec's 5 and 10
 * years). Financial records stay. Audited as a system act.
 */
export async function purgeClosedAccount(
  deps: Pick<AppDeps, 'db'>,
  userId: bigint,
  nowMs: number,
): Promise<void> {
  const [account] = await findClosedAccounts(deps.db, { userId, limit: 1 });
  if (!account) refuse('ACCOUNT_NOT_FOUND');
  if (account!.purgedAtMs !== null) return;
  if (!isPurgeDue(account!, nowMs))
    refuse('RETENTION_NOT_ELAPSED', {
      dueAt: new Date(personalDataPurgeDueAtMs(account!)).toISOString().slice(0, 10),
    });
  await deps.db.transaction().execute(async (trx) => {
    await purgePersonalData(trx, userId, nowMs);
    await appendAudit(trx, {
      actor: { type: 'system' },
      action: 'user.personal_data.purge',
      target: { type: 'user', id: userId },
      after: { closedAtMs: account!.closedAtMs, dueAtMs: personalDataPurgeDueAtMs(account!) },
    });
  });
}

/**
 * The scheduler's job (engine/trading-engine.ts, runDueWork): purges every closed account whose
 * retention has run, and none younger. Answers how many were purged.
 */
export async function runAccountPurgeDueWork(deps: Pick<AppDeps, 'db'>, nowMs: number): Promise<number> {
  const accounts = await findClosedAccounts(deps.db, { limit: ACCOUNTS_PER_RUN });
  let purged = 0;
  for (const account of accounts) {
    if (!isPurgeDue(account, nowMs)) continue;
    await purgeClosedAccount(deps, account.userId, nowMs);
    purged++;
  }
  return purged;
}
