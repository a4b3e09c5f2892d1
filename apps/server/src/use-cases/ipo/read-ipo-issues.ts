import type { BodyOf, listNewStock, newStockDetail } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, InvestorUseCase, UserContext } from '../../application/context.js';
import { findIssue, listIssues } from '../../repositories/ipo.repository.js';
import { type IssueView, issueViews } from './ipo-view.js';

const LIST_LIMIT = 100;

/**
 * Issues for investors: those not called off, open and upcoming first (by opening), then the rest
 * newest first. `phase: 'open'` keeps only those taking subscriptions now (the home IPO tab).
 */
export async function listIpoIssues(
  deps: AppDeps,
  context: UserContext,
  input: BodyOf<typeof listNewStock>,
): Promise<{ items: IssueView[] }> {
  const nowMs = context.nowMs;
  const rows = await listIssues(deps.db, {
    openAtMs: input.phase === 'open' ? nowMs : undefined,
    limit: LIST_LIMIT,
  });
  const views = await issueViews(deps.db, rows, { nowMs, userId: context.user.id });
  const rank = (view: IssueView) => (view.phase === 'open' ? 0 : view.phase === 'upcoming' ? 1 : 2);
  views.sort((a, b) => rank(a) - rank(b) || (rank(a) < 2 ? a.opensAt - b.opensAt : b.opensAt - a.opensAt));
  return { items: views };
}

export const readIpoIssue: InvestorUseCase<typeof newStockDetail> = async (deps, context, input) => {
  if (input.id === undefined && input.code === undefined) refuse('PRODUCT_NOT_FOUND');
  const issue =
    (await findIssue(deps.db, input.id !== undefined ? { id: BigInt(input.id) } : { code: input.code! })) ??
    refuse('PRODUCT_NOT_FOUND');
  if (issue.cancelled_at !== null) refuse('PRODUCT_NOT_FOUND');
  const [view] = await issueViews(deps.db, [issue], { nowMs: context.nowMs, userId: context.user.id });
  return view!;
};
