import { useQueryClient } from '@tanstack/react-query';
import { hasSession } from '../lib/session';
import type { CallData, CallPath } from './calls';
import { apiQueryKey, callKey, useApiMutation, useApiQuery } from './hooks';

/** A watchlist: its symbols in the investor's order. The first one always exists. */
export type Watchlist = CallData<'favorite/lists'>[number];

export const WATCHLISTS_PATH = 'favorite/lists' satisfies CallPath;
export const WATCHLIST_NAME_MAX = 40;

export function useWatchlists() {
  return useApiQuery(WATCHLISTS_PATH, {}, { enabled: hasSession() });
}

/** Puts a changed list into the cached lists at once, so the screen follows without a reload. */
function useReplaceList() {
  const queryClient = useQueryClient();
  return (list: Watchlist) =>
    queryClient.setQueryData<Watchlist[]>(apiQueryKey(WATCHLISTS_PATH, {}), (lists) =>
      lists?.map((current) => (current.id === list.id ? list : current)),
    );
}

function useRefreshLists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: callKey(WATCHLISTS_PATH) });
}

export function useAddToWatchlist() {
  const replace = useReplaceList();
  return useApiMutation('favorite/add', {
    onSuccess: replace,
  });
}

export function useRemoveFromWatchlist() {
  const replace = useReplaceList();
  return useApiMutation('favorite/remove', {
    onSuccess: replace,
  });
}

export function useReorderWatchlist() {
  const replace = useReplaceList();
  return useApiMutation('favorite/reorder', {
    onSuccess: replace,
  });
}

export function useCreateWatchlist() {
  const refresh = useRefreshLists();
  return useApiMutation('favorite/createList', {
    onSuccess: () => void refresh(),
  });
}

export function useDeleteWatchlist() {
  const refresh = useRefreshLists();
  return useApiMutation('favorite/deleteList', { onSuccess: () => void refresh() });
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
