import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../api/hooks';

// Shapes of the new-share calls (docs/api.md "New shares (IPO)"; packages/contract calls/ipo.ts).

export type IssuePhase = 'upcoming' | 'open' | 'closed' | 'drawn' | 'listed' | 'cancelled';
export type SubscriptionState =
  | 'to_be_subscribed'
  | 'subscribed'
  | 'pending_draw'
  | 'won'
  | 'not_won'
  | 'payment_due'
  | 'paid'
  | 'waived'
  | 'failed';

/** Every field of the spec's "New share (IPO)", with the draw's commitment and seed. */
export interface Issue {
  id: string;
  code: string;
  name: string;
  issueMarket: string;
  sponsor: string;
  provisionalPrice: string;
  finalPrice: string | null;
  marketPrice: string | null;
  priceDifference: string | null;
  premiumPercent: string | null;
  lotSize: number;
  minShares: number;
  perUserLimit: number;
  offeredShares: number;
  totalSubscribedShares: number;
  subscriptionCount: number;
  winningRatePercent: string | null;
  moneyMode: 'block_at_application' | 'pay_after_allotment';
  opensAt: number;
  closesAt: number;
  drawAt: number;
  allotmentAt: number;
  listingAt: number;
  phase: IssuePhase;
  seedCommitment: string | null;
  seed: string | null;
  drawnAt: number | null;
  listedAt: number | null;
  my: {
    state: SubscriptionState | null;
    subscriptions: number;
    subscribedShares: number;
    subscribedAmount: string;
  };
}

export interface Subscription {
  id: string;
  issueId: string;
  code: string;
  name: string;
  moneyMode: Issue['moneyMode'];
  state: SubscriptionState;
  quantity: number;
  lots: number;
  amount: string;
  held: string;
  wonLots: number | null;
  allottedShares: number | null;
  finalPrice: string | null;
  captured: string | null;
  released: string | null;
  due: string | null;
  paid: string | null;
  subscribedAt: number;
  paymentDeadline: number;
  listingAt: number;
  positionId: string | null;
}

export interface DrawPublication {
  issueId: string;
  code: string;
  seedCommitment: string | null;
  seed: string | null;
  drawnAt: number | null;
  lotSize: number;
  offeredLots: number;
  entries: Array<{ subscriptionId: string; lots: number; wonLots: number | null }>;
  algorithm: string;
}

export function useIssues(phase: 'open' | 'all' = 'all') {
  return useApiQuery<{ items: Issue[] }>('newstock/list', { phase });
}

export function useIssue(id: string | null) {
  return useApiQuery<Issue>(
    'newstock/detail',
    { id: id ?? '' },
    { enabled: Boolean(id && /^\d{1,19}$/.test(id)) },
  );
}

export function useSubscriptions() {
  return useApiQuery<{ items: Subscription[] }>('newstock/orders', { limit: 50 });
}

export function useDrawPublication(issueId: string, enabled: boolean) {
  return useApiQuery<DrawPublication>('newstock/draw', { issueId }, { enabled });
}

/** A new-share write (subscribe, pay): refusals shown by the screen; lists and balances refreshed after. */
export function useNewStockMutation<TData, TBody extends object>(
  path: string,
  onSuccess?: (data: TData) => void,
) {
  const queryClient = useQueryClient();
  return useApiMutation<TData, TBody>(path, {
    silent: true,
    onSuccess: (data) => {
      for (const key of ['newstock/list', 'newstock/detail', 'newstock/orders', 'user/getUserinfo']) {
        void queryClient.invalidateQueries({ queryKey: ['api', key] });
      }
      onSuccess?.(data);
    },
  });
}

/** States that still wait for something: shown with pending orders on the positions screen. */
export const OPEN_SUBSCRIPTION_STATES: readonly SubscriptionState[] = [
  'subscribed',
  'pending_draw',
  'payment_due',
];
