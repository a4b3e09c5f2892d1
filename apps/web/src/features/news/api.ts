import { type InfiniteData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CallBody, CallData } from '../../api/calls';
import { type ApiError, call } from '../../api/client';
import { callKey } from '../../api/hooks';

type NewsPage = CallData<'news/list'>;
/** One published news item as listed: a text summary of at most 160 characters. */
export type NewsSummary = NewsPage['items'][number];
/** `bodyHtml` is sanitised by the server's allow-list (docs/api.md "Messages, check-in and news"). */
export type NewsDetail = CallData<'news/detail'>;

export const NEWS_PAGE_SIZE = 10;
export const LATEST_NEWS_COUNT = 3;

// The server answers news in the request language (the `lang` header), so the language is part of
// every cache key: switching language reads the news again.

/** Published news, newest first, paged by cursor. */
export function useNewsList() {
  const { i18n } = useTranslation();
  const body: CallBody<'news/list'> = { limit: NEWS_PAGE_SIZE };
  return useInfiniteQuery<NewsPage, ApiError, InfiniteData<NewsPage>, readonly unknown[], string | null>({
    queryKey: [...callKey('news/list'), body, i18n.language],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      call('news/list', pageParam ? { ...body, cursor: pageParam } : body, { signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The home screen's newest few items in a language; the start-up prefetch uses the same key. */
export function latestNewsQuery(language: string) {
  const body: CallBody<'news/list'> = { limit: LATEST_NEWS_COUNT };
  return {
    queryKey: [...callKey('news/list'), body, language],
    queryFn: ({ signal }: { signal: AbortSignal }) => call('news/list', body, { signal, silent: true }),
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
    queryKey: [...callKey('news/detail'), { id }, i18n.language],
    queryFn: ({ signal }) => call('news/detail', { id }, { signal }),
    enabled: /^[0-9]{1,19}$/.test(id),
  });
}
