import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Position } from '../../api/positions';
import { EmptyState } from '../../components/empty-state';
import { InlineLoading } from '../../components/loading-overlay';
import { NetworkError } from '../../components/network-error';
import { formatMoney } from '../../lib/money';
import { useLiveTicks } from '../../stream/use-market-stream';
import { usePositions } from './api';
import { livePnl } from './position-math';
import { SignedMoney } from './signed-money';

/** Home shows the newest few holdings; the portfolio's inventory tab has them all. */
export const HOLDINGS_SHOWN = 3;

function HoldingRow({ holding, livePrice }: { holding: Position; livePrice: string | undefined }) {
  const { t } = useTranslation();
  const pnl = livePnl(holding, livePrice);
  const price = livePrice ?? holding.currentPrice;
  return (
    <li>
      <Link className="holding-row" to={`/trade/positionDetail?id=${holding.id}`}>
        <span className="holding-row__main">
          <span className="holding-row__name">{holding.name}</span>
          <span className="holding-row__meta">
            {holding.symbol} ·{' '}
            {t('home.holdings.quantity', {
              count: holding.quantity,
              shares: holding.quantity.toLocaleString('en-IN'),
              average: formatMoney(holding.confirmPrice ?? holding.buyPrice),
            })}
          </span>
        </span>
        <span className="holding-row__figures">
          <SignedMoney value={pnl} className="holding-row__pnl" />
          <span className="holding-row__meta">
            {price ? t('home.holdings.ltp', { price: formatMoney(price) }) : '—'}
          </span>
        </span>
      </Link>
    </li>
  );
}

/**
 * The home screen's holdings tab: the delivery holdings (long, unlevered, not intraday; the
 * portfolio's inventory tab) with their P&L at the live price, and the way to all of them.
 */
export function HoldingsHomePanel() {
  const { t } = useTranslation();
  const holdings = usePositions('inventory');
  const shown = (holdings.data?.items ?? []).slice(0, HOLDINGS_SHOWN);
  const ticks = useLiveTicks(shown.map((holding) => holding.symbol));

  if (holdings.isPending) return <InlineLoading />;
  if (holdings.isError) {
    return (
      <NetworkError
        onRetry={() => void holdings.refetch()}
        isRetrying={holdings.isFetching}
        message={holdings.error.message}
        compact
      />
    );
  }
  if (shown.length === 0) {
    return <EmptyState message={t('home.holdings.empty')} description={t('home.holdings.emptyBody')} />;
  }
  return (
    <div className="holdings-home">
      <ul className="holdings-home__list">
        {shown.map((holding) => (
          <HoldingRow key={holding.id} holding={holding} livePrice={ticks[holding.symbol]?.price} />
        ))}
      </ul>
      <Link className="holdings-home__all" to="/trade/index?tab=inventory">
        {t('home.holdings.all')}
      </Link>
    </div>
  );
}
