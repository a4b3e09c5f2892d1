import type { CallData } from '../../api/calls';
import { useApiQuery, useFormMutation, useRefreshCalls } from '../../api/hooks';

// Shapes of the copy-trading calls, from their definitions (packages/contract calls/follow.ts).

export type FollowProduct = CallData<'follow/list'>['items'][number];
export type Follow = CallData<'follow/invest'>;
export type FollowState = Follow['state'];

export function useFollowProducts() {
  return useApiQuery('follow/list', {});
}

export function useFollowProduct(id: string) {
  return useApiQuery('follow/detail', { id }, { enabled: /^\d{1,19}$/.test(id) });
}

export function useMyFollows() {
  return useApiQuery('follow/mine', {});
}

export function useFollowPositions(id: string) {
  return useApiQuery('follow/positions', { id }, { enabled: /^\d{1,19}$/.test(id) });
}

/** Invests in a product; the refusal shows beside the form, and the follow lists refresh after. */
export function useInvest(onSuccess?: (follow: Follow) => void) {
  const refresh = useRefreshCalls(['follow/list', 'follow/detail', 'follow/mine', 'user/getUserinfo']);
  return useFormMutation('follow/invest', refresh, onSuccess);
}
