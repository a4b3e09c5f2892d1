import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../api/hooks';
import { formatClockTime } from '../../api/server-message';
import { FundsCard } from '../../components/funds-screen';
import { formatIstDateTime } from '../../lib/date-time';
import { formatMoney } from '../../lib/money';
import type { FundRecord } from './api';

export function windowText(from: string, to: string): string {
  return `${formatClockTime(from)}-${formatClockTime(to)}`;
}

/** The deposit waiting for review, if any: only one may be pending at a time. */
export function usePendingDeposit() {
  return useApiQuery(
    'user/fundRecords',
    { tab: 'recharge', limit: 5 },
    { select: (page) => page.items.find((item) => item.status === 'pending') },
  );
}

export function PendingDepositCard({ deposit }: { deposit: FundRecord }) {
  const { t, i18n } = useTranslation();
  return (
    <FundsCard
      titleId="pending-deposit"
      title={t('funds.recharge.pendingTitle')}
      state={<span className="tag tag--unverified">{t('funds.status.pending')}</span>}
      isPending
    >
      <p className="funds-card__amount">
        {deposit.currency} {formatMoney(deposit.amount)}
      </p>
      <p className="funds-muted">
        {deposit.detail} · {deposit.reference} · {formatIstDateTime(deposit.createdAt, i18n.language)}
      </p>
      <p className="notice">{t('funds.recharge.pendingBody')}</p>
    </FundsCard>
  );
}
