import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfoRow } from '../../components/info-row';
import { formatIstDateTime } from '../../lib/date-time';
import { formatMoney } from '../../lib/money';
import type { Subscription } from './api';
import { SubscriptionStateTag } from './subscription-state-tag';

const money = (value: string | null) => (value === null ? null : `₹${formatMoney(value)}`);

/** One of the investor's subscriptions with its result, and Pay when payment is due. */
export function SubscriptionCard({
  subscription,
  onPay,
  compact = false,
}: {
  subscription: Subscription;
  onPay?: (subscription: Subscription) => void;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const rows: Array<[string, string | null]> = [
    [t('newStock.order.quantity'), subscription.quantity.toLocaleString('en-IN')],
    [t('newStock.order.amount'), money(subscription.amount)],
    [t('newStock.order.held'), subscription.held === '0.00' ? null : money(subscription.held)],
    [
      t('newStock.order.allotted'),
      subscription.allottedShares === null ? null : subscription.allottedShares.toLocaleString('en-IN'),
    ],
    [t('newStock.order.finalPrice'), money(subscription.finalPrice)],
    [t('newStock.order.captured'), money(subscription.captured)],
    [t('newStock.order.released'), money(subscription.released)],
    [t('newStock.order.due'), money(subscription.due)],
    [t('newStock.order.paid'), money(subscription.paid)],
  ];
  const visible = rows.filter((row): row is [string, string] => row[1] !== null);
  return (
    <li className="card trade-item">
      <p className="trade-item__row">
        <span className="trade-item__title">
          {subscription.name} <span className="trade-item__symbol">{subscription.code}</span>
        </span>
        <SubscriptionStateTag state={subscription.state} />
      </p>
      <dl className="trade-item__grid">
        {(compact ? visible.slice(0, 4) : visible).map(([label, value]) => (
          <InfoRow key={label} label={label} value={value} />
        ))}
        {subscription.state === 'payment_due' ? (
          <InfoRow
            label={t('newStock.order.deadline')}
            value={formatIstDateTime(subscription.paymentDeadline, i18n.language)}
          />
        ) : null}
        {compact ? null : (
          <InfoRow
            label={t('newStock.order.listingAt')}
            value={formatIstDateTime(subscription.listingAt, i18n.language)}
          />
        )}
      </dl>
      <div className="new-stock-actions">
        {subscription.positionId ? (
          <Link
            className="button button--secondary"
            to={`/trade/positionDetail?id=${subscription.positionId}`}
          >
            {t('newStock.order.holding')}
          </Link>
        ) : null}
        {compact ? null : (
          <Link
            className="button button--secondary"
            to={`/home/newStockBuy?id=${subscription.issueId}#verify`}
          >
            {t('newStock.verify.title')}
          </Link>
        )}
        {subscription.state === 'payment_due' && onPay ? (
          <button type="button" className="button button--primary" onClick={() => onPay(subscription)}>
            {t('newStock.order.pay')}
          </button>
        ) : null}
      </div>
    </li>
  );
}

/** The way to the investor's own subscriptions (/home/newShareOrder), from a header or a section. */
export function MySubscriptionsLink() {
  const { t } = useTranslation();
  return (
    <Link className="new-stock-header-link" to="/home/newShareOrder">
      {t('newStock.mySubscriptions')}
    </Link>
  );
}
