import type { AppDeps, StaffContext } from '../../application/context.js';
import { type StaffIssueView, staffIssueView } from './ipo-view.js';

/** Staff: every issue, newest first (at most 200), with totals. */
export async function listStaffIpoIssues(
  deps: AppDeps,
  context: StaffContext,
): Promise<{ items: StaffIssueView[] }> {
  const rows = await deps.db.selectFrom('ipo_issues').selectAll().orderBy('id', 'desc').limit(200).execute();
  const items: StaffIssueView[] = [];
  for (const row of rows) items.push(await staffIssueView(deps.db, row, context.nowMs));
  return { items };
}
