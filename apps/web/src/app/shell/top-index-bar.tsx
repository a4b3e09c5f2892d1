import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { findConfigValue, isSimulatedMarket, useAppConfig } from '../../api/app-config';
import { notifyUser } from '../../api/client';
import { useUnreadCount } from '../../api/unread-count';
import { BellIcon, SearchIcon, ServiceIcon } from '../../components/icons';
import { InlineLoading } from '../../components/loading-overlay';
import { NetworkError } from '../../components/network-error';
import { changeDirection, PriceChange } from '../../components/price-change';
import { SimulatedMarketBadge } from '../../components/simulated-market-badge';
import { Sparkline } from '../../components/sparkline';
import { UnreadBadge } from '../../components/unread-badge';
import {
  INDICES_SHOWN,
  indexChangePercent,
  type MarketIndex,
  useMarketIndices,
} from '../../features/market/api/get-indices';
import { useSparkline } from '../../features/market/api/get-sparkline';
import { formatMoney } from '../../lib/money';
import { useOpenStock } from '../../lib/use-open-stock';
import type { Tick } from '../../stream/market-stream';
import { useLiveIndices } from '../../stream/use-market-stream';

function IndexCard({ index, tick }: { index: MarketIndex; tick: Tick | undefined }) {
  const { t } = useTranslation();
  const openStock = useOpenStock();
  const sparkline = useSparkline(index.symbol, index.exchange);
  const isLive = tick !== undefined && tick.time >= (index.time ?? 0);
  const price = isLive ? tick.price : index.price;
  const change = isLive ? tick.change : index.gainValue;
  const percent = isLive ? tick.changeRate.toFixed(2) : indexChangePercent(index);
  const direction = changeDirection(change);
  const name = index.name || index.details?.ko_name || index.symbol;
  return (
    <li className={`index-card index-card--${direction}`}>
      <button
        type="button"
        className="index-card__button"
        aria-label={t('topBar.openIndex', { name })}
        onClick={() => openStock({ symbol: index.symbol, name, exchange: index.exchange })}
      >
        <span className="index-card__name">{name}</span>
        <span className="index-card__price" data-testid={`index-price-${index.symbol}`}>
          {formatMoney(price)}
        </span>
        <PriceChange className="index-card__change" change={change} percent={percent} />
        <Sparkline
          points={sparkline.data ?? []}
          direction={direction}
          label={t('topBar.trendOf', { name })}
        />
      </button>
    </li>
  );
}

/** The top menu: the three indices with their trend, and customer service, notifications and search. */
export default function TopIndexBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useAppConfig();
  const indices = useMarketIndices();
  const liveIndices = useLiveIndices();
  const unread = useUnreadCount();

  const openCustomerService = () => {
    const url = findConfigValue(config.data, 'kefu');
    if (url) window.open(url, '_blank', 'noopener,noreferrer');
    else notifyUser(t('topBar.serviceUnavailable'));
  };

  return (
    <section className="index-bar" aria-label={t('topBar.indices')}>
      <div className="index-bar__row">
        <div className="index-bar__brand">
          <span className="index-bar__title">{findConfigValue(config.data, 'title') || t('app.name')}</span>
          {isSimulatedMarket(config.data) ? <SimulatedMarketBadge compact /> : null}
        </div>
        <div className="index-bar__actions">
          <button
            type="button"
            className="icon-button"
            aria-label={t('topBar.customerService')}
            onClick={openCustomerService}
          >
            <ServiceIcon />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={t('topBar.notifications')}
            onClick={() => navigate('/information/userInfo')}
          >
            <BellIcon />
            <UnreadBadge unread={unread} />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={t('topBar.search')}
            onClick={() => navigate('/favorite/search')}
          >
            <SearchIcon />
          </button>
        </div>
      </div>
      {indices.isPending ? (
        <InlineLoading />
      ) : indices.isError ? (
        <NetworkError
          compact
          message={t('topBar.indicesError')}
          onRetry={() => void indices.refetch()}
          isRetrying={indices.isFetching}
        />
      ) : (
        <ul className="index-bar__list">
          {indices.data.slice(0, INDICES_SHOWN).map((index) => (
            <IndexCard
              key={index.code || index.symbol}
              index={index}
              tick={liveIndices[index.symbol.toUpperCase()]}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
