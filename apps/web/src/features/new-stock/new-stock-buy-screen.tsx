import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AccountGate } from '../../components/account-gate';
import { BackHeader } from '../../components/back-header';
import { EmptyState } from '../../components/empty-state';
import { useIssue } from './api';
import { DrawVerification } from './draw-verification';
import { IssueCard } from './issue-card';
import { SubscribeForm } from './subscribe-form';
import '../../components/trade-screen.css';
import './new-stock.css';
import { QueryFeedback } from '../../components/query-state';
import { MySubscriptionsLink } from './subscription-card';

/** /home/newStockBuy?id=…: one issue, the subscribe form, and "Verify the draw". */
export default function NewStockBuyScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const issue = useIssue(id);
  return (
    <div className="screen trade-screen">
      <BackHeader fallbackPath="/home/newStock" right={<MySubscriptionsLink />} />
      <div className="trade-screen__body">
        {!id ? <EmptyState message={t('newStock.notFound')} /> : null}
        <QueryFeedback query={issue} isWaiting={Boolean(id) && issue.isPending} />
        {issue.data ? (
          <>
            <ul className="new-stock-list">
              <IssueCard issue={issue.data} linked={false} />
            </ul>
            <AccountGate needs={['kyc']}>
              <SubscribeForm issue={issue.data} onSubscribed={() => navigate('/home/newShareOrder')} />
            </AccountGate>
            <DrawVerification issue={issue.data} />
          </>
        ) : null}
      </div>
    </div>
  );
}
