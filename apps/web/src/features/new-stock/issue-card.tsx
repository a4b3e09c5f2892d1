import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfoRow } from '../../components/info-row';
import { formatIstDateTime } from '../../lib/date-time';
import { formatMoney } from '../../lib/money';
import type { Issue } from './api';
import { SubscriptionStateTag } from './subscription-state-tag';

const shares = (value: number, language: string) =>
  value.toLocaleString(language === 'hi' ? 'hi-IN' : 'en-IN');
const money = (value: string | null) => (value === null ? '—' : `₹${formatMoney(value)}`);

/**
 * One issue with every field of the spec's "New share": prices (provisional, final, market, the
 * difference and premium once listed), totals, the investor's own quantity and amount, the winning
 * rate, the dates, the issue market and the sponsor.
 */
export function IssueCard({
  issue,
  compact = false,
  linked = true,
}: {
  issue: Issue;
  compact?: boolean;
  linked?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const date = (ms: number) => formatIstDateTime(ms, i18n.language);
  const body = (
    <>
      <p className="trade-item__row">
        <span className="trade-item__title">
          {issue.name} <span className="trade-item__symbol">{issue.code}</span>
        </span>
        {issue.my.state ? (
          <SubscriptionStateTag state={issue.my.state} />
        ) : (
          <span className="tag tag--unverified">{t(`newStock.phase.${issue.phase}`)}</span>
        )}
      </p>
      <dl className="trade-item__grid">
        <InfoRow label={t('newStock.field.provisionalPrice')} value={money(issue.provisionalPrice)} />
        <InfoRow label={t('newStock.field.finalPrice')} value={money(issue.finalPrice)} />
        <InfoRow label={t('newStock.field.marketPrice')} value={money(issue.marketPrice)} />
        {compact ? null : (
          <>
            <InfoRow label={t('newStock.field.priceDifference')} value={money(issue.priceDifference)} />
            <InfoRow
              label={t('newStock.field.premium')}
              value={issue.premiumPercent === null ? '—' : `${issue.premiumPercent}%`}
            />
            <InfoRow
              label={t('newStock.field.totalSubscription')}
              value={shares(issue.totalSubscribedShares, i18n.language)}
            />
            <InfoRow
              label={t('newStock.field.subscriptionQuantity')}
              value={shares(issue.my.subscribedShares, i18n.language)}
            />
            <InfoRow
              label={t('newStock.field.subscriptionAmount')}
              value={money(issue.my.subscribedAmount)}
            />
            <InfoRow
              label={t('newStock.field.winningRate')}
              value={issue.winningRatePercent === null ? '—' : `${issue.winningRatePercent}%`}
            />
            <InfoRow label={t('newStock.field.drawDate')} value={date(issue.drawAt)} />
            <InfoRow label={t('newStock.field.allotmentDate')} value={date(issue.allotmentAt)} />
            <InfoRow label={t('newStock.field.listingDate')} value={date(issue.listingAt)} />
            <InfoRow label={t('newStock.field.issueMarket')} value={issue.issueMarket} />
            <InfoRow label={t('newStock.field.sponsor')} value={issue.sponsor} />
          </>
        )}
        {compact ? <InfoRow label={t('newStock.field.closesAt')} value={date(issue.closesAt)} /> : null}
      </dl>
    </>
  );
  return (
    <li className="card new-stock-card">
      {linked ? (
        <Link className="new-stock-card__link" to={`/home/newStockBuy?id=${issue.id}`}>
          {body}
        </Link>
      ) : (
        body
      )}
    </li>
  );
}
