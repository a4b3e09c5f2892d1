import { keepPreviousData } from '@tanstack/react-query';
import type { CallData } from '../../../api/calls';
import { useApiQuery } from '../../../api/hooks';

// The search screen's calls: market/search and the investor's own search history.

export type SearchResult = CallData<'market/search'>[number];
export type SearchHistoryItem = CallData<'favorite/searchHistory'>[number];

export function useSearch(query: string) {
  const q = query.trim();
  return useApiQuery(
    'market/search',
    { q },
    { enabled: q.length > 0 && q.length <= 32, placeholderData: keepPreviousData, staleTime: 30_000 },
  );
}

export function useSearchHistory(enabled: boolean) {
  return useApiQuery('favorite/searchHistory', {}, { enabled });
}
