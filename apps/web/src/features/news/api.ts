import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type ApiError, apiPost } from '../../api/client';

/** One published news item as listed: a text summary of at most 160 characters. */
export interface NewsSummary {
  id: string;
  title: string;
  coverUrl: string | null;
  summary: string;
  publishedAt: number;
}

interface NewsPage {
  items: NewsSummary[];
  nextCursor: string | null;
}

export interface NewsDetail {
  id: string;
  language: string;
  title: string;
  coverUrl: string | null;
  /** Sanitised by the server's allow-list (docs/api.md "Messages, check-in and news"). */
  bodyHtml: string;
  publishedAt: number;
}

export const NEWS_PAGE_SIZE = 10;
export const LATEST_NEWS_COUNT = 3;

// The server answers news in the request language (the `lang` header), so the language is part of
// every cache key: switching language reads the news again.

/** Published news, newest first, paged by cursor. */
export function useNewsList() {
  const { i18n } = useTranslation();
  const body = { limit: NEWS_PAGE_SIZE };
  return useInfiniteQuery<NewsPage, ApiError>({
    queryKey: ['api', 'news/list', body, i18n.language],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiPost<NewsPage>('news/list', pageParam ? { ...body, cursor: pageParam } : body, { signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The home screen's newest few items in a language; the start-up prefetch uses the same key. */
export function latestNewsQuery(language: string) {
  const body = { limit: LATEST_NEWS_COUNT };
  return {
    queryKey: ['api', 'news/list', body, language],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiPost<NewsPage>('news/list', body, { signal, silent: true }),
  };
}

/** The newest few items for the home screen. */
export function useLatestNews() {
  const { i18n } = useTranslation();
  return useQuery<NewsPage, ApiError>(latestNewsQuery(i18n.language));
}

export function useNewsDetail(id: string) {
  const { i18n } = useTranslation();
  return useQuery<NewsDetail, ApiError>({
    queryKey: ['api', 'news/detail', { id }, i18n.language],
    queryFn: ({ signal }) => apiPost<NewsDetail>('news/detail', { id }, { signal }),
    enabled: /^[0-9]{1,19}$/.test(id),
  });
}
