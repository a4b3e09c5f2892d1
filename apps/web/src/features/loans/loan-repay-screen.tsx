import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findConfigValue, useAppConfig } from '../../api/app-config';
import { AccountGate } from '../../components/account-gate';
import { EmptyState } from '../../components/empty-state';
import { FundsCard } from '../../components/funds-screen';
import { formatMoney } from '../../lib/money';
import type { Loan, LoanInfo } from './api';
import { LoanInfoScreen, LoanStateTag, OwedRows } from './loan-parts';
import { LoanRepayForm } from './loan-repay-form';
import './loans.css';

/** When cash cannot cover what is owed: said plainly, with the way through customer service. */
function CashShortNotice({ info }: { info: LoanInfo }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const serviceUrl = findConfigValue(config.data, 'kefu');
  return (
    <section className="card funds-card" role="status" aria-labelledby="loan-short-title">
      <p id="loan-short-title" className="funds-card__title">
        {t('loans.repay.shortTitle')}
      </p>
      <p className="funds-muted">
        {t('loans.repay.shortText', { owed: formatMoney(info.owed), cash: formatMoney(info.cash) })}
      </p>
      {serviceUrl ? (
        <a
          className="button button--secondary button--block"
          href={serviceUrl}
          target="_blank"
          rel="noreferrer"
        >
          {t('loans.repay.contactService')}
        </a>
      ) : null}
    </section>
  );
}

/** /home/loanRe: what is owed now, and a repayment from cash, partly or fully. */
export default function LoanRepayScreen() {
  const { t } = useTranslation();
  const [repaid, setRepaid] = useState<Loan | null>(null);
  return (
    <LoanInfoScreen>
      {(data) => {
        const loan = data.current;
        if (loan?.state !== 'outstanding') {
          return (
            <>
              {repaid?.state === 'repaid' ? (
                <p className="notice" role="status">
                  {t('loans.repay.doneInFull', { amount: formatMoney(repaid.amount) })}
                </p>
              ) : null}
              <EmptyState
                message={t('loans.repay.none')}
                actionLink={{ to: '/home/loan', label: t('route.home.loan') }}
              />
            </>
          );
        }
        return (
          <>
            <FundsCard
              titleId="loan-owed-title"
              title={t('loans.owedNow')}
              isTitleLabel
              state={<LoanStateTag loan={loan} />}
            >
              <p className="loan-owed">₹{formatMoney(data.owed)}</p>
              <OwedRows loan={loan} cash={data.cash} />
            </FundsCard>
            {repaid ? (
              <p className="notice" role="status">
                {t('loans.repay.done', { owed: formatMoney(repaid.owed) })}
              </p>
            ) : null}
            {data.cashShort ? <CashShortNotice info={data} /> : null}
            <AccountGate needs={['fundPassword']}>
              <LoanRepayForm info={data} onRepaid={setRepaid} />
            </AccountGate>
          </>
        );
      }}
    </LoanInfoScreen>
  );
}
