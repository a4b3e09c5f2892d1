import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import type { ApiError } from '../../../api/client';
import { apiPost } from '../../../api/client';
import { apiQueryKey, useApiQuery } from '../../../api/hooks';

/** Market tabs as market/list names them; indices are in parameter/zhishu instead. */
export const MARKET_SEGMENTS = ['listed', 'otc', 'subscription', 'auction', 'crypto', 'forex'] as const;
export type MarketSegment = (typeof MARKET_SEGMENTS)[number];

export const LIST_SORTS = ['symbol', 'changeRate', 'price', 'volume'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

/** A stock's quote: only fields the server could know honestly are present (money as decimal strings). */
export interface StockQuote {
  symbol: string;
  code: string;
  name: string;
  exchange: string;
  segment: string;
  industry?: string;
  price?: string;
  change?: string;
  changeRate?: number;
  open?: string;
  previousClose?: string;
  high?: string;
  low?: string;
  volume?: number;
  turnover?: string;
  marketCap?: string;
  shareCount?: number;
  week52High?: string;
  week52Low?: string;
  tickSize: string;
  lotSize: number;
  priceBand?: { lower: string; upper: string };
  leverages: number[];
  shortable: boolean;
  tradable: boolean;
  simulated?: boolean;
  time?: number;
}

export interface DepthLevel {
  price: string;
  quantity: number;
}

export interface MarketDepth {
  symbol: string;
  bids: DepthLevel[];
  asks: DepthLevel[];
  simulated: true;
  time?: number;
}

export interface MarketListItem {
  symbol: string;
  name: string;
  price?: string;
  change?: string;
  changeRate?: number;
  volume?: number;
  simulated?: boolean;
}

export interface MarketListPage {
  items: MarketListItem[];
  total: number;
  page: number;
  pageSize: number;
}

export const LIST_PAGE_SIZE = 20;

export function useQuote(symbol: string) {
  return useApiQuery<StockQuote>('market/quote', { symbol }, { enabled: symbol !== '', staleTime: 5_000 });
}

/** Five levels a side, simulated by the server around the last price; refreshed every 5 s. */
export function useDepth(symbol: string, enabled = true) {
  return useApiQuery<MarketDepth>(
    'market/depth',
    { symbol },
    { enabled: enabled && symbol !== '', refetchInterval: 5_000 },
  );
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
  const body = { segment, sort, order, pageSize: LIST_PAGE_SIZE };
  return {
    queryKey: apiQueryKey('market/list', body),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }: { pageParam: number; signal: AbortSignal }) =>
      apiPost<MarketListPage>('market/list', { ...body, page: pageParam }, { signal, silent }),
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
