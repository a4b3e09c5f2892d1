import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callKey, useApiMutation } from '../../api/hooks';
import { useAddToWatchlist, useRemoveFromWatchlist, useWatchlists } from '../../api/watchlists';
import { BackHeader } from '../../components/back-header';
import { EmptyState } from '../../components/empty-state';
import { ClockIcon, SearchIcon, StarIcon } from '../../components/icons';
import { InlineLoading } from '../../components/loading-overlay';
import { NetworkError } from '../../components/network-error';
import { QuoteRow } from '../../components/quote-row';
import { hasSession } from '../../lib/session';
import { useOpenStock } from '../../lib/use-open-stock';
import { useSettled } from '../../lib/use-settled';
import { type SearchResult, useSearch, useSearchHistory } from './api/search';

const SEARCH_DELAY_MS = 300;
export const SEARCH_QUERY_MAX = 32;

function StarToggle({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const lists = useWatchlists();
  const add = useAddToWatchlist();
  const remove = useRemoveFromWatchlist();
  const first = lists.data?.[0];
  const isIn = first?.symbols.includes(symbol) ?? false;
  return (
    <button
      type="button"
      className={`icon-button favorite-button${isIn ? ' favorite-button--on' : ''}`}
      aria-label={
        isIn
          ? t('favorite.removeFrom', { symbol, name: first?.name ?? '' })
          : t('favorite.addTo', { symbol, name: first?.name ?? '' })
      }
      aria-pressed={isIn}
      disabled={!first || add.isPending || remove.isPending}
      onClick={() => {
        if (!first) return;
        if (isIn) void remove.submit({ listId: first.id, symbols: [symbol] });
        else void add.submit({ symbol, listId: first.id });
      }}
    >
      <StarIcon filled={isIn} size={22} />
    </button>
  );
}

/** /favorite/search: search by code or name, with the investor's search history. */
export default function SearchScreen() {
  const { t } = useTranslation();
  const inputId = useId();
  const [query, setQuery] = useState('');
  const debounced = useSettled(query, SEARCH_DELAY_MS);
  const signedIn = hasSession();
  const results = useSearch(debounced);
  const history = useSearchHistory(signedIn);
  const queryClient = useQueryClient();
  const refreshHistory = () =>
    void queryClient.invalidateQueries({ queryKey: callKey('favorite/searchHistory') });
  const remember = useApiMutation('favorite/addSearchHistory', {
    silent: true,
    onSuccess: refreshHistory,
  });
  const clear = useApiMutation('favorite/clearSearchHistory', {
    onSuccess: refreshHistory,
  });
  const openStock = useOpenStock();
  const trimmed = query.trim();

  const open = (result: { symbol: string; name: string; exchange?: string }) => {
    if (signedIn) void remember.submit({ symbol: result.symbol });
    openStock(result);
  };

  return (
    <div className="screen search-screen">
      <BackHeader />
      <form className="search-box" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={inputId} className="visually-hidden">
          {t('search.label')}
        </label>
        <SearchIcon size={20} className="search-box__icon" />
        <input
          id={inputId}
          className="search-box__input"
          type="search"
          inputMode="search"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={SEARCH_QUERY_MAX}
          placeholder={t('search.placeholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </form>
      {trimmed === '' ? (
        signedIn ? (
          <section className="search-history" aria-labelledby="history-title">
            <div className="section-head">
              <h2 id="history-title" className="section-head__title">
                <ClockIcon size={18} /> {t('search.history')}
              </h2>
              {history.data && history.data.length > 0 ? (
                <button
                  type="button"
                  className="link-button"
                  disabled={clear.isPending}
                  onClick={() => void clear.submit({})}
                >
                  {t('search.clearHistory')}
                </button>
              ) : null}
            </div>
            {history.isPending ? (
              <InlineLoading />
            ) : history.isError ? (
              <NetworkError compact onRetry={() => void history.refetch()} isRetrying={history.isFetching} />
            ) : history.data.length === 0 ? (
              <p className="screen__hint">{t('search.noHistory')}</p>
            ) : (
              <ul className="history-chips">
                {history.data.map((item) => (
                  <li key={item.symbol}>
                    <button type="button" className="chip" onClick={() => open(item)}>
                      {item.symbol}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : (
          <p className="screen__hint search-screen__hint">{t('search.hint')}</p>
        )
      ) : results.isPending && results.fetchStatus !== 'idle' ? (
        <InlineLoading />
      ) : results.isError ? (
        <NetworkError onRetry={() => void results.refetch()} isRetrying={results.isFetching} />
      ) : (results.data ?? []).length === 0 ? (
        debounced.trim() === trimmed ? (
          <EmptyState message={t('search.noResults', { query: trimmed })} />
        ) : (
          <InlineLoading />
        )
      ) : (
        <ul className="quote-list" aria-label={t('search.results')}>
          {(results.data ?? []).map((result: SearchResult) => (
            <QuoteRow
              key={result.symbol}
              item={result}
              onOpen={() => open(result)}
              trailing={signedIn ? <StarToggle symbol={result.symbol} /> : null}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
