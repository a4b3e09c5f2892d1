import type { AppDeps, StaffContext } from '../../application/context.js';
import { listLatestIssues } from '../../repositories/ipo.repository.js';
import { type StaffIssueView, staffIssueView } from './ipo-view.js';

/** Staff: every issue, newest first (at most 200), with totals. */
export async function listStaffIpoIssues(
  deps: AppDeps,
  context: StaffContext,
): Promise<{ items: StaffIssueView[] }> {
  const rows = await listLatestIssues(deps.db, 200);
  const items: StaffIssueView[] = [];
  for (const row of rows) items.push(await staffIssueView(deps.db, row, context.nowMs));
  return { items };
}
