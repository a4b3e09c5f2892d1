import { useTranslation } from 'react-i18next';
import { AccountGate } from '../../components/account-gate';
import { FundsCard } from '../../components/funds-screen';
import { InfoRow } from '../../components/info-row';
import { formatIstDateTime } from '../../lib/date-time';
import { formatMoney } from '../../lib/money';
import { bpsAsPercent, type LoanInfo } from './api';
import { LoanApplyForm } from './loan-apply-form';
import { formatLastDay, LoanInfoScreen, LoanStateTag } from './loan-parts';
import './loans.css';
import { ActionLinks } from '../../components/action-links';

function QuotaCard({ info }: { info: LoanInfo }) {
  const { t } = useTranslation();
  const figures = [
    { key: 'creditScore', value: String(info.creditScore) },
    { key: 'quota', value: `₹${formatMoney(info.quota)}` },
    // Under review nothing is borrowed yet: the amount counted against the quota is applied for.
    {
      key: info.current?.state === 'pending' ? 'appliedFor' : 'borrowed',
      value: `₹${formatMoney(info.borrowed)}`,
    },
    { key: 'borrowable', value: `₹${formatMoney(info.borrowable)}` },
  ];
  return (
    <section className="card funds-card" aria-labelledby="loan-quota-title">
      <p id="loan-quota-title" className="funds-card__title">
        {t('loans.quotaTitle')}
      </p>
      <dl className="loan-figures">
        {figures.map((figure) => (
          <div key={figure.key} className="loan-figures__item">
            <dt className="loan-figures__label">{t(`loans.figures.${figure.key}`)}</dt>
            <dd className="loan-figures__value">{figure.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The loan under review or outstanding: its state, and what to do next. */
function CurrentLoanCard({ info }: { info: LoanInfo }) {
  const { t, i18n } = useTranslation();
  const loan = info.current!;
  return (
    <FundsCard
      titleId="loan-current-title"
      title={t('loans.current.title')}
      state={<LoanStateTag loan={loan} />}
      isPending
    >
      {loan.state === 'pending' ? (
        <>
          <dl className="info-list">
            <InfoRow label={t('loans.principal')} value={`₹${formatMoney(loan.amount)}`} />
            <InfoRow label={t('loans.apply.term')} value={t('loans.days', { count: loan.termDays })} />
            <InfoRow label={t('loans.appliedAt')} value={formatIstDateTime(loan.appliedAt, i18n.language)} />
          </dl>
          <p className="notice">{t('loans.current.pendingNote')}</p>
        </>
      ) : (
        <>
          <p className="funds-card__label">{t('loans.owedNow')}</p>
          <p className="loan-owed">₹{formatMoney(loan.owed)}</p>
          <dl className="info-list">
            <InfoRow
              label={t('loans.principalOutstanding')}
              value={`₹${formatMoney(loan.principalOutstanding)}`}
            />
            <InfoRow
              label={t('loans.interestOutstanding')}
              value={`₹${formatMoney(loan.interestOutstanding)}`}
            />
            <InfoRow label={t('loans.dueBy')} value={formatLastDay(loan.dueAt, i18n.language)} />
          </dl>
          <p className="notice">{t('loans.current.outstandingNote')}</p>
          <ActionLinks
            className="loan-actions"
            primary={{ to: '/home/loanRe', label: t('loans.repay.action') }}
            secondary={{ to: '/home/loanJq', label: t('loans.records') }}
          />
        </>
      )}
    </FundsCard>
  );
}

function Rules({ info }: { info: LoanInfo }) {
  const { t } = useTranslation();
  return (
    <section className="card funds-card" aria-labelledby="loan-rules-title">
      <p id="loan-rules-title" className="funds-card__title">
        {t('loans.rules.title')}
      </p>
      <ul className="loan-rules">
        <li>{t('loans.rules.review')}</li>
        <li>{t('loans.rules.interest', { percent: bpsAsPercent(info.dailyInterestBps) })}</li>
        <li>{t('loans.rules.repay')}</li>
        <li>{t('loans.rules.withdrawable')}</li>
        <li>{t('loans.rules.noDeduction')}</li>
      </ul>
    </section>
  );
}

/** /home/loan: credit score, quota, borrowed and borrowable; the application, or the loan in progress. */
export default function LoanScreen() {
  return (
    <LoanInfoScreen>
      {(info) => (
        <>
          <QuotaCard info={info} />
          {info.current ? (
            <CurrentLoanCard info={info} />
          ) : (
            <AccountGate needs={['kyc']}>
              <LoanApplyForm info={info} onApplied={() => undefined} />
            </AccountGate>
          )}
          <Rules info={info} />
        </>
      )}
    </LoanInfoScreen>
  );
}
