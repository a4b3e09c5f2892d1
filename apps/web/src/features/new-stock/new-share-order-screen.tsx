import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackHeader } from '../../components/back-header';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { InlineLoading } from '../../components/loading-overlay';
import { NetworkError } from '../../components/network-error';
import { formatMoney } from '../../lib/money';
import { type Subscription, useNewStockMutation, useSubscriptions } from './api';
import { SubscriptionCard } from './subscription-card';
import '../../components/trade-screen.css';
import './new-stock.css';

/** /home/newShareOrder: the investor's subscriptions with their states, and paying an allotment. */
export default function NewShareOrderScreen() {
  const { t } = useTranslation();
  const subscriptions = useSubscriptions();
  const [paying, setPaying] = useState<Subscription | null>(null);
  const pay = useNewStockMutation('newstock/pay', () => setPaying(null));
  const items = subscriptions.data?.items ?? [];
  return (
    <div className="screen trade-screen">
      <BackHeader fallbackPath="/home/newStock" />
      <div className="trade-screen__body">
        {subscriptions.isPending ? <InlineLoading /> : null}
        {subscriptions.isError ? (
          <NetworkError onRetry={() => void subscriptions.refetch()} isRetrying={subscriptions.isFetching} />
        ) : null}
        {subscriptions.data && items.length === 0 ? (
          <EmptyState
            message={t('newStock.order.none')}
            actionLink={{ to: '/home/newStock', label: t('newStock.browse') }}
          />
        ) : null}
        {items.length > 0 ? (
          <ul className="card-list" aria-label={t('newStock.mySubscriptions')}>
            {items.map((subscription) => (
              <SubscriptionCard
                key={subscription.id}
                subscription={subscription}
                onPay={(item) => {
                  pay.reset();
                  setPaying(item);
                }}
              />
            ))}
          </ul>
        ) : null}
      </div>
      {paying ? (
        <ConfirmDialog
          title={t('newStock.order.payTitle')}
          confirmLabel={t('newStock.order.pay')}
          call={pay}
          onCancel={() => setPaying(null)}
          onConfirm={() => void pay.submit({ id: paying.id })}
        >
          <p className="funds-dialog__text">
            {t('newStock.order.payBody', {
              name: paying.name,
              shares: (paying.allottedShares ?? 0).toLocaleString('en-IN'),
              amount: formatMoney(paying.due),
            })}
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
