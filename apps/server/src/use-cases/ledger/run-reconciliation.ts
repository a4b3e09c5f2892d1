import type { DataOf, runReconciliation } from '@nivesh/contract';
import type { AppDeps, StaffContext } from '../../application/context.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import { reconcileLedger } from './reconcile-ledger.js';

/** A staff member runs reconciliation: the report, and an audit row the dashboard shows as the last run. */
export async function runStaffReconciliation(
  deps: AppDeps,
  context: StaffContext,
): Promise<DataOf<typeof runReconciliation>> {
  const report = await reconcileLedger(deps.db, context.nowMs);
  await appendAudit(deps.db, {
    actor: { type: 'staff', id: context.staff.id },
    action: 'ledger.reconcile',
    after: { ok: report.ok, problems: report.problems.length, entries: report.entries },
    requestId: context.requestId,
    ip: context.ip,
  });
  return report;
}
