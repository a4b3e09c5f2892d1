import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, apiPost } from '../../api/client';
import { apiQueryKey, useApiMutation, useApiQuery } from '../../api/hooks';

/** A holding the investor may lend (or has lent: `lendingId` and `lentUntil`); money as decimal strings. */
export interface LendableHolding {
  positionId: string;
  symbol: string;
  name: string;
  quantity: number;
  price: string | null;
  value: string | null;
  lendingId: string | null;
  lentUntil: number | null;
}

export interface LendingOverview {
  channelOpen: boolean;
  /** The daily fee rate in bps: 2 is 0.02% a day. */
  feeBpsPerDay: number;
  terms: number[];
  minValue: string;
  holdings: LendableHolding[];
}

export type LendingState = 'in_progress' | 'completed';

export interface Lending {
  id: string;
  positionId: string;
  symbol: string;
  name: string;
  quantity: number;
  price: string;
  value: string;
  termDays: number;
  feeBpsPerDay: number;
  expectedFee: string;
  feePaid: string | null;
  state: LendingState;
  lentAt: number;
  termEndsAt: number;
  completedAt: number | null;
  endReason: 'term' | 'position_closed' | null;
}

export interface LendBody {
  positionId: string;
  quantity: number;
  termDays: number;
}

export function useLendingOverview() {
  return useApiQuery<LendingOverview>('lending/overview');
}

interface RecordsPage {
  items: Lending[];
  nextCursor: string | null;
}

/** The investor's lendings, newest first, a page at a time; all states or one. */
export function useLendingRecords(state: LendingState | 'all') {
  const body = state === 'all' ? {} : { state };
  return useInfiniteQuery<RecordsPage, ApiError>({
    queryKey: apiQueryKey('lending/records', body),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiPost<RecordsPage>('lending/records', pageParam ? { ...body, cursor: pageParam } : body, { signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Lends shares; refusals (quota full, channel closed, below minimum…) are shown by the form. */
export function useLend(onDone: (lending: Lending) => void) {
  const queryClient = useQueryClient();
  return useApiMutation<Lending, LendBody>('lending/lend', {
    silent: true,
    onSuccess: (lending) => {
      void queryClient.invalidateQueries({ queryKey: ['api', 'lending/overview'] });
      void queryClient.invalidateQueries({ queryKey: ['api', 'lending/records'] });
      void queryClient.invalidateQueries({ queryKey: ['api', 'trade/positions'] });
      onDone(lending);
    },
  });
}
