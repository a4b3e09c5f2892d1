import type { BodyOf, staffCommitIpoSeed } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffContext } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { lockIssue, updateIssue } from '../../repositories/ipo.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import { type StaffIssueView, staffIssueView } from './ipo-view.js';

/**
 * Staff commit the SHA-256 of a secret seed before subscriptions close; investors see it on the
 * issue from then on. A commitment never changes: a second one would let staff choose between seeds
 * after seeing who subscribed.
 */
export async function commitIpoSeed(
  deps: AppDeps,
  context: StaffContext,
  input: BodyOf<typeof staffCommitIpoSeed>,
): Promise<StaffIssueView> {
  const nowMs = context.nowMs;
  const commitment = input.commitment.toLowerCase();
  const saved = await inTransaction(deps.db, async (trx) => {
    const issue = (await lockIssue(trx, BigInt(input.id))) ?? refuse('PRODUCT_NOT_FOUND');
    if (issue.cancelled_at !== null) refuse('PRODUCT_NOT_FOUND');
    if (issue.seed_commitment !== null) refuse('IPO_SEED_ALREADY_COMMITTED');
    if (nowMs >= issue.closes_at.getTime()) refuse('IPO_COMMIT_AFTER_CLOSE');
    const after = await updateIssue(trx, issue.id, {
      seed_commitment: commitment,
      committed_at: new Date(nowMs),
      updated_at: new Date(nowMs),
    });
    await auditStaffAct(trx, context, {
      action: 'ipo.commit_seed',
      target: { type: 'ipo_issue', id: issue.id },
      before: { seedCommitment: null },
      after: { seedCommitment: commitment },
      reason: input.reason,
    });
    return after;
  });
  return staffIssueView(deps.db, saved, nowMs);
}
