import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import type { CallBody, CallData } from '../../api/calls';
import { type ApiError, call } from '../../api/client';
import { apiQueryKey, useApiQuery, useFormMutation, useRefreshCalls } from '../../api/hooks';

/** The lending screen; `feeBpsPerDay` is the daily fee rate in bps (2 is 0.02% a day). */
export type LendingOverview = CallData<'lending/overview'>;
/** A holding the investor may lend (or has lent: `lendingId` and `lentUntil`); money as decimal strings. */
export type LendableHolding = LendingOverview['holdings'][number];
export type Lending = CallData<'lending/lend'>;
export type LendingState = Lending['state'];
export type LendBody = CallBody<'lending/lend'>;

/**
 * The overview offers its terms as plain numbers while lending/lend takes only 7, 14 or 30 days:
 * a term outside those is not sent (the server would refuse it).
 */
export function isLendingTerm(days: number): days is LendBody['termDays'] {
  return days === 7 || days === 14 || days === 30;
}

export function useLendingOverview() {
  return useApiQuery('lending/overview', {});
}

type RecordsPage = CallData<'lending/records'>;

/** The investor's lendings, newest first, a page at a time; all states or one. */
export function useLendingRecords(state: LendingState | 'all') {
  const body: CallBody<'lending/records'> = state === 'all' ? {} : { state };
  return useInfiniteQuery<
    RecordsPage,
    ApiError,
    InfiniteData<RecordsPage>,
    readonly unknown[],
    string | null
  >({
    queryKey: apiQueryKey('lending/records', body),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      call('lending/records', pageParam ? { ...body, cursor: pageParam } : body, { signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Lends shares; refusals (quota full, channel closed, below minimum…) are shown by the form. */
export function useLend(onDone: (lending: Lending) => void) {
  const refresh = useRefreshCalls(['lending/overview', 'lending/records', 'trade/positions']);
  return useFormMutation('lending/lend', refresh, onDone);
}
