import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountGate } from '../../components/account-gate';
import { EmptyState } from '../../components/empty-state';
import { FundsCard, FundsScreen } from '../../components/funds-screen';
import { InfoRow } from '../../components/info-row';
import { QueryState } from '../../components/query-state';
import { formatMoney } from '../../lib/money';
import { useBankList, useWalletList, type Withdrawal } from './api';
import { WithdrawalForm } from './withdrawal-form';
import './funds.css';

function RequestedCard({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  return (
    <FundsCard
      titleId="withdrawal-requested"
      title={t('funds.cashout.requestedTitle')}
      state={<span className="tag tag--unverified">{t(`funds.status.${withdrawal.status}`)}</span>}
      isPending
    >
      <dl className="info-list">
        <InfoRow label={t('funds.cashout.destination')} value={withdrawal.destination} />
        <InfoRow label={t('funds.cashout.amount')} value={formatMoney(withdrawal.amount)} />
        <InfoRow label={t('funds.cashout.fee')} value={formatMoney(withdrawal.fee)} />
        <InfoRow
          label={t('funds.cashout.net')}
          value={`${withdrawal.currency} ${formatMoney(withdrawal.net)}`}
        />
      </dl>
      <p className="notice">{withdrawal.arrival}</p>
      <Link to="/information/fundRequests?tab=withdrawal" className="button button--secondary button--block">
        {t('funds.records')}
      </Link>
    </FundsCard>
  );
}

/**
 * /information/cashOut: withdraw to one of the investor's own cards or wallets. Verified KYC and a
 * fund password are asked for before the form, each with a link to the screen that clears it.
 */
export default function CashOutScreen() {
  const { t } = useTranslation();
  const banks = useBankList();
  const wallets = useWalletList();
  const [requested, setRequested] = useState<Withdrawal | null>(null);
  return (
    <FundsScreen
      right={
        <Link to="/information/fundRequests?tab=withdrawal" className="link-button">
          {t('funds.records')}
        </Link>
      }
    >
      <AccountGate needs={['kyc', 'fundPassword']}>
        {requested ? (
          <RequestedCard withdrawal={requested} />
        ) : (
          <QueryState query={banks}>
            {() => {
              const destinations = [...(banks.data?.items ?? []), ...(wallets.data?.items ?? [])];
              if (destinations.length === 0) {
                return (
                  <EmptyState
                    message={t('funds.cashout.noDestination')}
                    actionLink={{ to: '/information/addBankCard', label: t('funds.destinations.addBank') }}
                  />
                );
              }
              return <WithdrawalForm destinations={destinations} onSubmitted={setRequested} />;
            }}
          </QueryState>
        )}
      </AccountGate>
    </FundsScreen>
  );
}
