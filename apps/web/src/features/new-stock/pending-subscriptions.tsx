import { useTranslation } from 'react-i18next';
import { type Subscription, useSubscriptions } from './api';
import { MySubscriptionsLink, SubscriptionCard } from './subscription-card';
import './new-stock.css';

/** Waiting for a draw, a payment or a listing: what the positions screen's first tab shows. */
export function isAwaiting(subscription: Subscription): boolean {
  if (['subscribed', 'pending_draw', 'payment_due'].includes(subscription.state)) return true;
  return (subscription.state === 'won' || subscription.state === 'paid') && subscription.positionId === null;
}

/** The positions screen's "subscription or pending" tab: subscriptions still waiting, above pending orders. */
export function PendingSubscriptions() {
  const { t } = useTranslation();
  const subscriptions = useSubscriptions();
  const items = (subscriptions.data?.items ?? []).filter(isAwaiting);
  if (items.length === 0) return null;
  return (
    <section aria-label={t('newStock.pendingTitle')} className="new-stock-pending">
      <p className="trade-item__row">
        <span className="trade-section-title">{t('newStock.pendingTitle')}</span>
        <MySubscriptionsLink />
      </p>
      <ul className="card-list">
        {items.map((subscription) => (
          <SubscriptionCard key={subscription.id} subscription={subscription} compact />
        ))}
      </ul>
    </section>
  );
}
