import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { InlineLoading } from '../../../components/loading-overlay';
import { MarketBadges } from '../../../components/market-badges';
import { NetworkError } from '../../../components/network-error';
import { QuoteRow } from '../../../components/quote-row';
import { RefreshableList } from '../../../components/refreshable-list';
import { TabStrip } from '../../../components/tab-strip';
import { useOpenStock } from '../../../lib/use-open-stock';
import { useLiveTicks } from '../../../stream/use-market-stream';
import {
  FIRST_MARKET_LIST,
  LIST_SORTS,
  type ListSort,
  MARKET_SEGMENTS,
  type MarketSegment,
  type SortOrder,
  useMarketList,
} from '../api/market-data';

function SortBar({
  sort,
  order,
  onChange,
}: {
  sort: ListSort;
  order: SortOrder;
  onChange: (sort: ListSort, order: SortOrder) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="sort-bar">
      <legend className="visually-hidden">{t('market.sortBy')}</legend>
      {LIST_SORTS.map((option) => {
        const isActive = option === sort;
        const arrow = isActive ? (order === 'asc' ? ' ↑' : ' ↓') : '';
        return (
          <button
            key={option}
            type="button"
            className={`sort-bar__button${isActive ? ' sort-bar__button--active' : ''}`}
            aria-pressed={isActive}
            onClick={() => {
              if (isActive) onChange(option, order === 'asc' ? 'desc' : 'asc');
              else onChange(option, option === 'symbol' ? 'asc' : 'desc');
            }}
          >
            {t(`market.sort.${option}`)}
            {arrow}
          </button>
        );
      })}
    </fieldset>
  );
}

function SegmentList({ segment }: { segment: MarketSegment }) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<ListSort>(FIRST_MARKET_LIST.sort);
  const [order, setOrder] = useState<SortOrder>(FIRST_MARKET_LIST.order);
  const list = useMarketList(segment, sort, order);
  const openStock = useOpenStock();
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const symbols = useMemo(() => items.slice(0, 100).map((item) => item.symbol), [items]);
  const ticks = useLiveTicks(symbols);
  const simulated = items.some((item) => item.simulated);

  return (
    <div className="market-list">
      <MarketBadges simulated={simulated} />
      <SortBar
        sort={sort}
        order={order}
        onChange={(nextSort, nextOrder) => {
          setSort(nextSort);
          setOrder(nextOrder);
        }}
      />
      {list.isPending ? (
        <InlineLoading />
      ) : list.isError ? (
        <NetworkError onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
      ) : items.length === 0 ? (
        <EmptyState
          message={
            // The tabs filled only by staff acts say what belongs there and where to look meanwhile.
            segment === 'subscription' || segment === 'auction'
              ? t(`market.emptySegmentWhy.${segment}`)
              : t('market.emptySegment')
          }
        />
      ) : (
        <RefreshableList
          onRefresh={() => list.refetch()}
          hasMore={list.hasNextPage}
          loadMore={() => list.fetchNextPage()}
        >
          <ul className="quote-list" aria-label={t(`market.segment.${segment}`)}>
            {items.map((item) => {
              const tick = ticks[item.symbol.toUpperCase()];
              const row = tick
                ? { ...item, price: tick.price, change: tick.change, changeRate: tick.changeRate }
                : item;
              return <QuoteRow key={item.symbol} item={row} onOpen={openStock} />;
            })}
          </ul>
        </RefreshableList>
      )}
    </div>
  );
}

/** The market tabs (listed, OTC, subscription, auction, digital currency, forex), each a sorted, paged list. */
export function MarketListPanel() {
  const { t } = useTranslation();
  const [segment, setSegment] = useState<MarketSegment>(FIRST_MARKET_LIST.segment);
  return (
    <section className="market-panel">
      <TabStrip
        label={t('market.segments')}
        tabs={MARKET_SEGMENTS}
        selected={segment}
        onSelect={setSegment}
        labelOf={(option) => t(`market.segment.${option}`)}
      />
      <SegmentList key={segment} segment={segment} />
    </section>
  );
}
