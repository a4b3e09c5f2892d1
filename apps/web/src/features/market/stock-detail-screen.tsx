import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  useAddToWatchlist,
  useRemoveFromWatchlist,
  useWatchlists,
  type Watchlist,
} from '../../api/watchlists';
import { BackHeader } from '../../components/back-header';
import { BuyButton } from '../../components/buy-button';
import { DepthTable } from '../../components/depth-table';
import { EmptyState } from '../../components/empty-state';
import { CloseIcon, ExpandIcon, StarIcon } from '../../components/icons';
import { InlineLoading } from '../../components/loading-overlay';
import { MarketBadges } from '../../components/market-badges';
import { NetworkError } from '../../components/network-error';
import { PriceChange } from '../../components/price-change';
import { WatchlistPicker } from '../../components/watchlist-picker';
import { formatIstDate } from '../../lib/date-time';
import { formatIndianUnits, formatMoney } from '../../lib/money';
import { readSelectedStock } from '../../lib/selected-stock';
import { hasSession } from '../../lib/session';
import type { Tick } from '../../stream/market-stream';
import { useLiveTicks } from '../../stream/use-market-stream';
import { type StockQuote, useQuote } from './api/market-data';
import { ChartControls } from './components/chart-controls';
import { type ChartSettings, DEFAULT_CHART_SETTINGS } from './components/chart-settings';
import { useChartFullScreen } from './components/use-chart-full-screen';
import { sectorName } from './sector-name';

const KlineChart = lazy(() => import('./components/kline-chart'));

const shares = new Intl.NumberFormat('en-IN');
const CHART_LABELS = [
  'time',
  'open',
  'high',
  'low',
  'close',
  'volume',
  'change',
  'turnover',
  'second',
  'minute',
  'hour',
  'day',
  'week',
  'month',
  'year',
] as const;

/** The quote with the latest tick laid over it (quote mode carries the day's open, high, low, volume). */
function withTick(quote: StockQuote, tick: Tick | undefined): StockQuote {
  if (!tick || (quote.time !== undefined && tick.time < quote.time)) return quote;
  return {
    ...quote,
    price: tick.price,
    change: tick.change,
    changeRate: tick.changeRate,
    time: tick.time,
    simulated: tick.simulated,
    ...(tick.source ? { source: tick.source } : {}),
    ...(tick.open ? { open: tick.open } : {}),
    ...(tick.high ? { high: tick.high } : {}),
    ...(tick.low ? { low: tick.low } : {}),
    ...(tick.previousClose ? { previousClose: tick.previousClose } : {}),
    ...(tick.volume !== undefined ? { volume: tick.volume } : {}),
  };
}

/**
 * Every field the server sent, labelled; a field it left out is not shown at all. An index is a
 * level, not a security: it shows its level fields only (no volume, turnover, band, tick or lot).
 */
function QuoteFields({ quote, isIndex }: { quote: StockQuote; isIndex: boolean }) {
  const { t, i18n } = useTranslation();
  const rows: [string, string][] = [];
  const money = (key: string, value: string | undefined) => {
    if (value !== undefined) rows.push([key, formatMoney(value)]);
  };
  money('market.field.open', quote.open);
  money('market.field.previousClose', quote.previousClose);
  money('market.field.high', quote.high);
  money('market.field.low', quote.low);
  if (!isIndex && quote.volume !== undefined) rows.push(['market.field.volume', shares.format(quote.volume)]);
  // Large figures in Indian units (₹45.3 L, ₹2.5 Cr, ₹6.36L Cr), as Kite and Groww show them.
  const large = (key: string, value: string | undefined) => {
    if (value !== undefined) rows.push([key, formatIndianUnits(value)]);
  };
  if (!isIndex) large('market.field.turnover', quote.turnover);
  money('market.field.week52High', quote.week52High);
  money('market.field.week52Low', quote.week52Low);
  if (!isIndex) {
    if (quote.priceBand) {
      rows.push([
        'market.field.priceBand',
        `${formatMoney(quote.priceBand.lower)} – ${formatMoney(quote.priceBand.upper)}`,
      ]);
    }
    large('market.field.marketCap', quote.marketCap);
    if (quote.shareCount !== undefined)
      rows.push(['market.field.shareCount', shares.format(quote.shareCount)]);
    if (quote.industry) rows.push(['market.field.industry', sectorName(t, quote.industry)]);
    if (quote.delivery) {
      rows.push([
        'market.field.delivery',
        t('market.deliveryOf', {
          percent: quote.delivery.percent,
          delivered: shares.format(quote.delivery.deliveredQuantity),
          traded: shares.format(quote.delivery.tradedQuantity),
          date: formatIstDate(Date.parse(`${quote.delivery.date}T12:00:00+05:30`), i18n.language),
        }),
      ]);
    }
    rows.push(['market.field.tickSize', formatMoney(quote.tickSize)]);
    rows.push(['market.field.lotSize', shares.format(quote.lotSize)]);
  }
  return (
    <dl className="card quote-fields">
      {rows.map(([key, value]) => (
        <div key={key} className="quote-fields__item">
          <dt>{t(key)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function FavoriteButton({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const lists = useWatchlists();
  const add = useAddToWatchlist();
  const remove = useRemoveFromWatchlist();
  const [isPicking, setIsPicking] = useState(false);
  const isIn = lists.data?.some((list) => list.symbols.includes(symbol)) ?? false;
  const busy = add.isPending || remove.isPending;

  const toggle = (list: Watchlist, isInList: boolean) => {
    if (isInList) void remove.submit({ listId: list.id, symbols: [symbol] });
    else void add.submit({ symbol, listId: list.id });
  };

  const onClick = () => {
    const all = lists.data ?? [];
    if (all.length > 1) setIsPicking(true);
    else if (all[0]) toggle(all[0], isIn);
    else void add.submit({ symbol });
  };

  return (
    <>
      <button
        type="button"
        className={`icon-button favorite-button${isIn ? ' favorite-button--on' : ''}`}
        aria-label={isIn ? t('favorite.inWatchlist') : t('favorite.addToWatchlist')}
        aria-pressed={isIn}
        disabled={busy || lists.isPending}
        onClick={onClick}
      >
        <StarIcon filled={isIn} />
      </button>
      {isPicking && lists.data ? (
        <WatchlistPicker
          lists={lists.data}
          symbol={symbol}
          busy={busy}
          onToggle={toggle}
          onClose={() => setIsPicking(false)}
        />
      ) : null}
    </>
  );
}

/** The stock detail (and, with kind "index", the index detail): quote, chart, simulated depth. */
export function InstrumentDetail({ kind }: { kind: 'stock' | 'index' }) {
  const { t, i18n } = useTranslation();
  const [selected] = useState(readSelectedStock);
  const symbol = selected?.symbol ?? '';
  const quote = useQuote(symbol);
  const ticks = useLiveTicks(symbol ? [symbol] : [], 'quote');
  const tick = ticks[symbol.toUpperCase()];
  // An index has no volume (its sub chart starts on MACD and offers no VOL) and no corporate actions.
  const [settings, setSettings] = useState<ChartSettings>(() =>
    kind === 'index' ? { ...DEFAULT_CHART_SETTINGS, sub: 'MACD' } : DEFAULT_CHART_SETTINGS,
  );
  const fullScreen = useChartFullScreen();
  const locale = i18n.language;
  // Tooltip words take a colon after them; period units do not.
  const colon = locale === 'zh' ? '：' : ': ';
  const chartLabels = Object.fromEntries(
    CHART_LABELS.map((key, index) => [key, `${t(`market.chart.labels.${key}`)}${index < 8 ? colon : ''}`]),
  );

  if (!selected) {
    return (
      <div className="screen">
        <BackHeader />
        <EmptyState
          message={t('market.noneSelected')}
          actionLink={{ to: '/favorite/search', label: t('market.searchStocks') }}
        />
      </div>
    );
  }

  const shown = quote.data ? withTick(quote.data, tick) : undefined;
  const title = shown?.name ?? selected.name ?? symbol;

  return (
    <div className="screen stock-detail">
      <BackHeader
        title={title}
        right={kind === 'stock' && hasSession() ? <FavoriteButton symbol={symbol} /> : null}
      />
      {quote.isPending ? (
        <InlineLoading />
      ) : quote.isError ? (
        <NetworkError
          onRetry={() => void quote.refetch()}
          isRetrying={quote.isFetching}
          message={quote.error.message}
        />
      ) : shown ? (
        <>
          <section className="card price-card" aria-label={t('market.priceOf', { name: title })}>
            <p className="price-card__meta">
              {shown.symbol} · {shown.exchange}
            </p>
            {shown.price !== undefined ? (
              <>
                <p
                  className={`price-card__price price-card__price--${shown.change?.startsWith('-') ? 'down' : 'up'}`}
                >
                  {formatMoney(shown.price)}
                </p>
                {shown.change !== undefined ? (
                  <PriceChange
                    change={shown.change}
                    percent={shown.changeRate?.toFixed(2)}
                    className="price-card__change"
                  />
                ) : null}
              </>
            ) : (
              <p className="price-card__price">{t('market.noQuoteYet')}</p>
            )}
            {shown.source === 'imported' && shown.time !== undefined ? (
              <p className="price-card__source">
                {t('market.closeOf', { date: formatIstDate(shown.time, i18n.language) })}
              </p>
            ) : null}
            <MarketBadges simulated={shown.simulated === true} />
          </section>
          {/* The same section fills the screen when full (the chart inside is kept, not drawn anew). */}
          <section
            className={fullScreen.isFullScreen ? 'chart-full' : 'card chart-card'}
            aria-label={t('market.chart.label')}
            {...(fullScreen.isFullScreen ? { role: 'dialog', 'aria-modal': true } : {})}
          >
            {fullScreen.isFullScreen ? (
              <div className="chart-full__bar">
                <span className="chart-full__title">{title}</span>
                {shown.price !== undefined ? (
                  <span className="chart-full__price">{formatMoney(shown.price)}</span>
                ) : null}
                {shown.change !== undefined ? (
                  <PriceChange change={shown.change} percent={shown.changeRate?.toFixed(2)} />
                ) : null}
                <button
                  type="button"
                  className="icon-button chart-full__close"
                  aria-label={t('market.chart.exitFullScreen')}
                  onClick={fullScreen.exit}
                >
                  <CloseIcon size={22} />
                </button>
              </div>
            ) : null}
            <ChartControls
              settings={settings}
              onChange={setSettings}
              isIndex={kind === 'index'}
              trailing={
                fullScreen.isFullScreen ? null : (
                  <button
                    type="button"
                    className="chip chip--icon"
                    aria-label={t('market.chart.fullScreen')}
                    onClick={fullScreen.enter}
                  >
                    <ExpandIcon size={16} />
                  </button>
                )
              }
            />
            <Suspense
              fallback={
                <div className="kline-chart">
                  <InlineLoading />
                </div>
              }
            >
              <KlineChart
                symbol={symbol}
                settings={settings}
                tick={tick}
                locale={locale}
                labels={chartLabels}
                label={t('market.chart.of', { name: title })}
              />
            </Suspense>
          </section>
          <QuoteFields quote={shown} isIndex={kind === 'index'} />
          {kind === 'stock' ? <DepthTable symbol={symbol} /> : null}
          {kind === 'stock' && hasSession() ? (
            <div className="stock-detail__trade">
              <BuyButton symbol={symbol} side="long" />
              <BuyButton symbol={symbol} side="short" />
              <Link
                className="button stock-detail__gtt"
                to={`/trade/gttNew?${new URLSearchParams({ symbol }).toString()}`}
              >
                {t('market.setGtt')}
              </Link>
            </div>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

export default function StockDetailScreen() {
  return <InstrumentDetail kind="stock" />;
}
