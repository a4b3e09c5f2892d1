import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatchlists, type Watchlist } from '../../api/watchlists';
import { EmptyState } from '../../components/empty-state';
import { TabStrip } from '../../components/tab-strip';

/** The investor's watchlists and the one shown: the first, until a tab chooses another. */
export function useChosenWatchlist() {
  const lists = useWatchlists();
  const [listId, setListId] = useState<string | null>(null);
  const current = lists.data?.find((list) => list.id === listId) ?? lists.data?.[0];
  return { lists, current, setListId };
}

/** The name the server gives the first list it creates (use-cases/watchlists): shown in the reader's language. */
const SERVER_DEFAULT_LIST_NAME = 'Watchlist';

/** A watchlist's name as shown and announced: the server's default list in the investor's language. */
export function watchlistName(name: string | undefined, t: TFunction): string | undefined {
  return name === SERVER_DEFAULT_LIST_NAME ? t('favorite.defaultName') : name;
}

/** The watchlists as tabs, by name. */
export function WatchlistTabs({
  lists,
  current,
  onSelect,
}: {
  lists: readonly Watchlist[];
  current: Watchlist | undefined;
  onSelect: (listId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TabStrip
      label={t('favorite.lists')}
      tabs={lists.map((list) => list.id)}
      selected={current?.id}
      onSelect={onSelect}
      labelOf={(id) => watchlistName(lists.find((list) => list.id === id)?.name, t)}
    />
  );
}

/** A watchlist with no stock yet, and the way to find some. */
export function EmptyWatchlist() {
  const { t } = useTranslation();
  return (
    <EmptyState
      message={t('favorite.emptyList')}
      actionLink={{ to: '/favorite/search', label: t('favorite.findStocks') }}
    />
  );
}
