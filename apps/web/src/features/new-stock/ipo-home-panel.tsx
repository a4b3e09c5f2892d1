import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { InlineLoading } from '../../components/loading-overlay';
import { useIssues } from './api';
import { IssueCard } from './issue-card';
import './new-stock.css';

const SHOWN = 3;

/** The home screen's IPO tab: issues open for subscription now, and the way to all of them. */
export function IpoHomePanel() {
  const { t } = useTranslation();
  const issues = useIssues('open');
  const items = issues.data?.items ?? [];
  return (
    <div className="new-stock-home">
      {issues.isPending ? <InlineLoading /> : null}
      {issues.data && items.length === 0 ? (
        <EmptyState message={t('newStock.noneOpen')} description={t('newStock.noneOpenBody')} />
      ) : null}
      {items.length > 0 ? (
        <ul className="new-stock-list">
          {items.slice(0, SHOWN).map((issue) => (
            <IssueCard key={issue.id} issue={issue} compact />
          ))}
        </ul>
      ) : null}
      <p className="new-stock-home__links">
        <Link to="/home/newStock">{t('newStock.allIssues')}</Link>
        <Link to="/home/newShareOrder">{t('newStock.mySubscriptions')}</Link>
      </p>
    </div>
  );
}
