import type { DataOf, runReconciliation } from '@nivesh/contract';
import type { AppDeps, StaffContext } from '../../application/context.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import { reconcileLedger } from './reconcile-ledger.js';

/** A staff member runs reconciliation: the report, and an audit row the dashboard shows as the last run. */
export async function runStaffReconciliation(
  deps: AppDeps,
  context: StaffContext,
): Promise<DataOf<typeof runReconciliation>> {
  const report = await reconcileLedger(deps.db, context.nowMs);
  await auditStaffAct(deps.db, context, {
    action: 'ledger.reconcile',
    after: { ok: report.ok, problems: report.problems.length, entries: report.entries },
  });
  return report;
}
