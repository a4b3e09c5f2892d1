import { useQueryClient } from '@tanstack/react-query';
import type { CallOptions } from '../api/client';
import { useConfirmedAction } from '../shared/use-confirmed-action';
import type { DecisionInput } from './DecisionControls';

export interface PendingDecision<T> extends DecisionInput {
  item: T;
}

/**
 * A review decision that runs after the staff member confirms it. Whatever the server answers, the
 * queues are read again: after a win the item leaves the pending list; after a loss (another staff
 * member decided first: NOT_IN_REVIEW) the list shows what was decided, beside the server's message.
 */
export function useReviewDecision<T, R>(
  perform: (decision: PendingDecision<T>, options: CallOptions) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useConfirmedAction(async (decision: PendingDecision<T>, options: CallOptions) => {
    try {
      return await perform(decision, options);
    } finally {
      await queryClient.invalidateQueries({ queryKey: ['console-list'] });
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    }
  });
}

/**
 * The reason the confirmation shows: a rejection's own (it is required); an approval's, or, when
 * none was given, what the approval records instead.
 */
export function reasonOnRecord(
  pending: PendingDecision<unknown> | null,
  withoutReason = '— (an approval records who and when)',
): string | undefined {
  return pending?.approve ? pending.reason || withoutReason : pending?.reason;
}
