import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import type { Position } from '../../api/positions';

// Shapes of the copy-trading calls (docs/api.md "Copy-trading"; packages/contract calls/follow.ts).

export type FollowState = 'in_progress' | 'ended';

export interface FollowProduct {
  id: string;
  name: string;
  description: string;
  currency: string;
  fundSize: string;
  minInvestment: string;
  copyUntil: number;
  endsAt: number;
  state: FollowState;
  strategyOrders: number;
  strategyOpenPositions: number;
  followers: number;
  dailyProfit: string;
  totalProfit: string;
  totalProfitPercent: string;
}

export interface Follow {
  id: string;
  productId: string;
  productName: string;
  buyAmount: string;
  allocationCash: string;
  invested: string;
  dailyProfit: string;
  totalProfit: string;
  state: FollowState;
  startedAt: number;
  endedAt: number | null;
  returned: string | null;
  endsAt: number;
  openPositions: number;
}

export function useFollowProducts() {
  return useApiQuery<{ items: FollowProduct[] }>('follow/list');
}

export function useFollowProduct(id: string) {
  return useApiQuery<{ product: FollowProduct; follow: Follow | null }>(
    'follow/detail',
    { id },
    { enabled: /^\d{1,19}$/.test(id) },
  );
}

export function useMyFollows() {
  return useApiQuery<{ items: Follow[] }>('follow/mine');
}

export function useFollowPositions(id: string) {
  return useApiQuery<{ items: Position[] }>('follow/positions', { id }, { enabled: /^\d{1,19}$/.test(id) });
}

/** Invests in a product; the refusal shows beside the form, and the follow lists refresh after. */
export function useInvest(onSuccess?: (follow: Follow) => void) {
  const queryClient = useQueryClient();
  return useApiMutation<Follow, { id: string; amount: string }>('follow/invest', {
    silent: true,
    onSuccess: (follow) => {
      for (const path of ['follow/list', 'follow/detail', 'follow/mine', 'user/getUserinfo']) {
        void queryClient.invalidateQueries({ queryKey: ['api', path] });
      }
      onSuccess?.(follow);
    },
  });
}
