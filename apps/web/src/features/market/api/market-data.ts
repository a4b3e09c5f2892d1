import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import type { CallBody, CallData } from '../../../api/calls';
import type { ApiError } from '../../../api/client';
import { call } from '../../../api/client';
import { apiQueryKey, useApiQuery } from '../../../api/hooks';

type MarketListBody = CallBody<'market/list'>;

/** Market tabs as market/list names them; indices are in parameter/zhishu instead. */
export const MARKET_SEGMENTS = [
  'listed',
  'otc',
  'subscription',
  'auction',
  'crypto',
  'forex',
] as const satisfies readonly MarketListBody['segment'][];
export type MarketSegment = (typeof MARKET_SEGMENTS)[number];

/** The sorts the market tabs offer (the server also sorts by turnover). */
export const LIST_SORTS = ['symbol', 'changeRate', 'price', 'volume'] as const satisfies readonly NonNullable<
  MarketListBody['sort']
>[];
export type ListSort = (typeof LIST_SORTS)[number];
export type SortOrder = NonNullable<MarketListBody['order']>;

/** A stock's quote: only fields the server could know honestly are present (money as decimal strings). */
export type StockQuote = CallData<'market/quote'>;
export type MarketListPage = CallData<'market/list'>;
export type MarketListItem = MarketListPage['items'][number];

export const LIST_PAGE_SIZE = 20;

export function useQuote(symbol: string) {
  return useApiQuery('market/quote', { symbol }, { enabled: symbol !== '', staleTime: 5_000 });
}

/** The market tabs as they first open: the first tab, sorted by name (router/preload.ts reads it early). */
export const FIRST_MARKET_LIST = { segment: 'listed', sort: 'symbol', order: 'asc' } as const;

/**
 * One market tab's paged read. The start-up prefetch (router/preload.ts) uses the same key, silently:
 * on a refusal the screen reads again and tells the user once.
 */
export function marketListQuery(
  segment: MarketSegment,
  sort: ListSort,
  order: SortOrder,
  { silent = false }: { silent?: boolean } = {},
) {
  const body: MarketListBody = { segment, sort, order, pageSize: LIST_PAGE_SIZE };
  return {
    queryKey: apiQueryKey('market/list', body),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }: { pageParam: number; signal: AbortSignal }) =>
      call('market/list', { ...body, page: pageParam }, { signal, silent }),
    getNextPageParam: (last: MarketListPage) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
  };
}

/** One market tab, sorted by the server, a page of 20 at a time. */
export function useMarketList(segment: MarketSegment, sort: ListSort, order: SortOrder) {
  return useInfiniteQuery<MarketListPage, ApiError, InfiniteData<MarketListPage>, readonly unknown[], number>(
    marketListQuery(segment, sort, order),
  );
}
