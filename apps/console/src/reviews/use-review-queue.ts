import type { CallOptions } from '../api/client';
import { type CursorPage, collectAllCursorPages, useCursorPage } from '../shared/use-cursor-page';
import { type PendingDecision, useReviewDecision } from './use-review-decision';

/**
 * A review queue the server pages by cursor: the list (filtered, pending first), the decision on
 * one of its items (confirmed first; the lists are read again after it), and every row of the
 * current filter for the CSV export, read with the same call as the list so the two never differ.
 */
export function useReviewQueue<T, F extends object>(
  name: string,
  fetchPage: (query: F & { cursor?: string; limit?: number }) => Promise<CursorPage<T>>,
  initialFilter: F,
  decide: (decision: PendingDecision<T>, options: CallOptions) => Promise<T>,
) {
  const list = useCursorPage(name, fetchPage, initialFilter);
  const action = useReviewDecision(decide);
  return { list, action, exportAll: () => collectAllCursorPages(fetchPage, list.filter) };
}
