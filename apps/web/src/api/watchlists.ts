import { useQueryClient } from '@tanstack/react-query';
import { hasSession } from '../lib/session';
import { apiQueryKey, useApiMutation, useApiQuery } from './hooks';

/** A watchlist: its symbols in the investor's order. The first one always exists. */
export interface Watchlist {
  id: string;
  name: string;
  symbols: string[];
}

export const WATCHLISTS_PATH = 'favorite/lists';
export const WATCHLIST_NAME_MAX = 40;

export function useWatchlists() {
  return useApiQuery<Watchlist[]>(WATCHLISTS_PATH, {}, { enabled: hasSession() });
}

/** Puts a changed list into the cached lists at once, so the screen follows without a reload. */
function useReplaceList() {
  const queryClient = useQueryClient();
  return (list: Watchlist) =>
    queryClient.setQueryData<Watchlist[]>(apiQueryKey(WATCHLISTS_PATH), (lists) =>
      lists?.map((current) => (current.id === list.id ? list : current)),
    );
}

function useRefreshLists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: apiQueryKey(WATCHLISTS_PATH) });
}

export function useAddToWatchlist() {
  const replace = useReplaceList();
  return useApiMutation<Watchlist, { symbol: string; listId?: string }>('favorite/add', {
    onSuccess: replace,
  });
}

export function useRemoveFromWatchlist() {
  const replace = useReplaceList();
  return useApiMutation<Watchlist, { listId: string; symbols: string[] }>('favorite/remove', {
    onSuccess: replace,
  });
}

export function useReorderWatchlist() {
  const replace = useReplaceList();
  return useApiMutation<Watchlist, { listId: string; symbols: string[] }>('favorite/reorder', {
    onSuccess: replace,
  });
}

export function useCreateWatchlist() {
  const refresh = useRefreshLists();
  return useApiMutation<Watchlist, { name: string }>('favorite/createList', {
    onSuccess: () => void refresh(),
  });
}

export function useDeleteWatchlist() {
  const refresh = useRefreshLists();
  return useApiMutation<null, { listId: string }>('favorite/deleteList', { onSuccess: () => void refresh() });
}

/** The refusal key for a new list's name, or undefined when it may be sent. */
export function validateWatchlistName(name: string, existing: readonly Watchlist[]): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'favorite.validation.nameRequired';
  if (trimmed.length > WATCHLIST_NAME_MAX) return 'favorite.validation.nameTooLong';
  if (existing.some((list) => list.name.trim().toLowerCase() === trimmed.toLowerCase())) {
    return 'favorite.validation.nameTaken';
  }
  return undefined;
}
