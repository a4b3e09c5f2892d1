import { useTranslation } from 'react-i18next';
import { BackHeader } from '../../components/back-header';
import { EmptyState } from '../../components/empty-state';
import { InlineLoading } from '../../components/loading-overlay';
import { NetworkError } from '../../components/network-error';
import { useIssues } from './api';
import { IssueCard } from './issue-card';
import '../../components/trade-screen.css';
import './new-stock.css';
import { MySubscriptionsLink } from './subscription-card';

/** /home/newStock: every new-share issue, open and upcoming first, with the spec's fields. */
export default function NewStockScreen() {
  const { t } = useTranslation();
  const issues = useIssues('all');
  return (
    <div className="screen trade-screen">
      <BackHeader fallbackPath="/home/index" right={<MySubscriptionsLink />} />
      <div className="trade-screen__body">
        <p className="new-stock-intro">{t('newStock.intro')}</p>
        {issues.isPending ? <InlineLoading /> : null}
        {issues.isError ? (
          <NetworkError onRetry={() => void issues.refetch()} isRetrying={issues.isFetching} />
        ) : null}
        {issues.data && issues.data.items.length === 0 ? <EmptyState message={t('newStock.none')} /> : null}
        {issues.data && issues.data.items.length > 0 ? (
          <ul className="new-stock-list" aria-label={t('newStock.listLabel')}>
            {issues.data.items.map((issue) => (
              <IssueCard key={issue.id} issue={issue} />
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
