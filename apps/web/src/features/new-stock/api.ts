import type { CallData } from '../../api/calls';
import { useApiQuery, useFormMutation, useRefreshCalls } from '../../api/hooks';

// Shapes of the new-share calls, from their definitions (packages/contract calls/ipo.ts).

/** Every field of the spec's "New share (IPO)", with the draw's commitment and seed. */
export type Issue = CallData<'newstock/detail'>;
export type IssuePhase = Issue['phase'];
export type Subscription = CallData<'newstock/subscribe'>;
export type SubscriptionState = Subscription['state'];
export type DrawPublication = CallData<'newstock/draw'>;

export function useIssues(phase: 'open' | 'all' = 'all') {
  return useApiQuery('newstock/list', { phase });
}

export function useIssue(id: string | null) {
  return useApiQuery('newstock/detail', { id: id ?? '' }, { enabled: Boolean(id && /^\d{1,19}$/.test(id)) });
}

export function useSubscriptions() {
  return useApiQuery('newstock/orders', { limit: 50 });
}

export function useDrawPublication(issueId: string, enabled: boolean) {
  return useApiQuery('newstock/draw', { issueId }, { enabled });
}

/** A new-share write (subscribe, pay): refusals shown by the screen; lists and balances refreshed after. */
export function useNewStockMutation<Path extends 'newstock/subscribe' | 'newstock/pay'>(
  path: Path,
  onSuccess?: (data: CallData<Path>) => void,
) {
  const refresh = useRefreshCalls([
    'newstock/list',
    'newstock/detail',
    'newstock/orders',
    'user/getUserinfo',
  ]);
  return useFormMutation(path, refresh, onSuccess);
}

/** States that still wait for something: shown with pending orders on the positions screen. */
export const OPEN_SUBSCRIPTION_STATES: readonly SubscriptionState[] = [
  'subscribed',
  'pending_draw',
  'payment_due',
];
