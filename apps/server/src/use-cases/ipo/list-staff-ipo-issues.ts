import type { AppDeps, StaffContext } from '../../application/context.js';
import { listLatestIssues } from '../../repositories/ipo.repository.js';
import { type StaffIssueView, staffIssueViews } from './ipo-view.js';

/** Staff: every issue, newest first (at most 200), with totals. */
export async function listStaffIpoIssues(
  deps: AppDeps,
  context: StaffContext,
): Promise<{ items: StaffIssueView[] }> {
  const rows = await listLatestIssues(deps.db, 200);
  return { items: await staffIssueViews(deps.db, rows, context.nowMs) };
}
