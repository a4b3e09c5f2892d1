import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackHeader } from '../../components/back-header';
import { SearchIcon } from '../../components/icons';
import { MarketBadges } from '../../components/market-badges';
import { QueryState } from '../../components/query-state';
import { QuoteRow, type QuoteRowData } from '../../components/quote-row';
import { PullRefresh } from '../../components/refreshable-list';
import { useLiveTicks } from '../../stream/use-market-stream';
import { useLastPrices } from './api/last-prices';
import { QuoteActionsSheet } from './quote-actions-sheet';
import { EmptyWatchlist, useChosenWatchlist, WatchlistTabs, watchlistName } from './watchlist-parts';

/**
 * The watchlist tab: the investor's lists as tabs, each with live prices. Tapping a row opens its
 * quick actions (buy, sell, depth, chart, alert, details) in a bottom sheet, as Kite does.
 */
export default function OptionListScreen() {
  const { t } = useTranslation();
  const { lists, current, setListId } = useChosenWatchlist();
  const symbols = current?.symbols ?? [];
  const prices = useLastPrices(symbols);
  const ticks = useLiveTicks(symbols);
  const [sheetSymbol, setSheetSymbol] = useState<string | null>(null);
  const openActions = useCallback((item: QuoteRowData) => setSheetSymbol(item.symbol), []);
  const bySymbol = useMemo(
    () => new Map((prices.data ?? []).map((price) => [price.symbol.toUpperCase(), price])),
    [prices.data],
  );
  const simulated = (prices.data ?? []).some((price) => price.simulated);
  // The sheet follows the row's live price while it is open.
  const rowOf = (symbol: string): QuoteRowData => {
    const price = ticks[symbol.toUpperCase()] ?? bySymbol.get(symbol.toUpperCase());
    return {
      symbol,
      name: symbol,
      price: price?.price,
      change: price?.change,
      changeRate: price?.changeRate,
    };
  };

  return (
    <div className="screen">
      <BackHeader
        hideBack
        right={
          <>
            <Link to="/favorite/search" className="icon-button" aria-label={t('topBar.search')}>
              <SearchIcon />
            </Link>
            <Link to="/favorite/index" className="text-link header-link">
              {t('favorite.edit')}
            </Link>
          </>
        }
      />
      <QueryState query={lists} errorMessage={null}>
        {(watchlists) => (
          <>
            <WatchlistTabs lists={watchlists} current={current} onSelect={setListId} />
            <MarketBadges simulated={simulated} />
            {symbols.length === 0 ? (
              <EmptyWatchlist />
            ) : (
              <PullRefresh onRefresh={() => Promise.all([lists.refetch(), prices.refetch()])}>
                <ul className="quote-list" aria-label={watchlistName(current?.name, t)}>
                  {symbols.map((symbol) => {
                    return <QuoteRow key={symbol} item={rowOf(symbol)} onOpen={openActions} />;
                  })}
                </ul>
              </PullRefresh>
            )}
            {sheetSymbol !== null ? (
              <QuoteActionsSheet item={rowOf(sheetSymbol)} onClose={() => setSheetSymbol(null)} />
            ) : null}
          </>
        )}
      </QueryState>
    </div>
  );
}
