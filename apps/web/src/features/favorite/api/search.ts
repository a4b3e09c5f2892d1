import { keepPreviousData } from '@tanstack/react-query';
import { useApiQuery } from '../../../api/hooks';

// The search screen's calls: market/search and the investor's own search history.

export interface SearchResult {
  symbol: string;
  name: string;
  exchange: string;
  segment: string;
  price?: string;
  changeRate?: number;
}

export interface SearchHistoryItem {
  symbol: string;
  name: string;
  searchedAt: number;
}

export function useSearch(query: string) {
  const q = query.trim();
  return useApiQuery<SearchResult[]>(
    'market/search',
    { q },
    { enabled: q.length > 0 && q.length <= 32, placeholderData: keepPreviousData, staleTime: 30_000 },
  );
}

export function useSearchHistory(enabled: boolean) {
  return useApiQuery<SearchHistoryItem[]>('favorite/searchHistory', {}, { enabled });
}
