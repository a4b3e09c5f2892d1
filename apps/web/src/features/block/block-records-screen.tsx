import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackHeader } from '../../components/back-header';
import { EmptyState } from '../../components/empty-state';
import { InfoRow } from '../../components/info-row';
import { formatCalendarDate, formatIstDateTime } from '../../lib/date-time';
import { formatMoney } from '../../lib/money';
import { type BlockTrade, useBlockOrders } from './api';
import '../../components/trade-screen.css';
import './block.css';
import { QueryFeedback } from '../../components/query-state';

const STATUS_TONE: Record<BlockTrade['positionStatus'], string> = {
  pending: 'pending',
  holding: 'verified',
  closed: 'unverified',
  cancelled: 'rejected',
};

/** /home/blockTrade3: the investor's block trades, newest first; each opens its position. */
export default function BlockRecordsScreen() {
  const { t, i18n } = useTranslation();
  const orders = useBlockOrders();
  const items = orders.data?.items ?? [];
  return (
    <div className="screen trade-screen">
      <BackHeader fallbackPath="/home/blockTrade" />
      <div className="trade-screen__body">
        <QueryFeedback query={orders} />
        {orders.data && items.length === 0 ? (
          <EmptyState
            message={t('block.records.empty')}
            actionLink={{ to: '/home/blockTrade', label: t('block.records.browse') }}
          />
        ) : null}
        {items.length > 0 ? (
          <ul className="card-list" aria-label={t('block.records.title')}>
            {items.map((trade) => (
              <li key={trade.id} className="card trade-card trade-item">
                <Link to={`/trade/positionDetail?id=${trade.positionId}`} className="trade-item__link">
                  <p className="trade-item__row">
                    <span className="trade-item__title">
                      {trade.name} <span className="trade-item__symbol">{trade.symbol}</span>
                    </span>
                    <span className={`tag tag--${STATUS_TONE[trade.positionStatus]}`}>
                      {t(`block.records.status.${trade.positionStatus}`)}
                    </span>
                  </p>
                  <dl className="trade-item__grid">
                    <InfoRow label={t('block.records.side')} value={t('block.records.buy')} />
                    <InfoRow label={t('block.order.quantity')} value={trade.quantity} />
                    <InfoRow label={t('block.detail.reference')} value={formatMoney(trade.referencePrice)} />
                    <InfoRow
                      label={t('block.order.limitPrice')}
                      value={trade.limitPrice ? formatMoney(trade.limitPrice) : t('block.order.noLimit')}
                    />
                    <InfoRow label={t('block.order.amount')} value={formatMoney(trade.amount)} />
                    <InfoRow label={t('block.records.fee')} value={formatMoney(trade.fee)} />
                    <InfoRow
                      label={t('block.records.window')}
                      value={`${formatCalendarDate(trade.tradingDate, i18n.language)} · ${t(`block.windowShort.${trade.window}`)}`}
                    />
                    <InfoRow
                      label={t('block.detail.lock')}
                      value={
                        trade.lockDays > 0 && trade.lockUntil
                          ? t('block.records.lockUntil', {
                              time: formatIstDateTime(trade.lockUntil, i18n.language),
                            })
                          : t('block.noLock')
                      }
                    />
                  </dl>
                  <p className="trade-form__hint">{formatIstDateTime(trade.placedAt, i18n.language)}</p>
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
