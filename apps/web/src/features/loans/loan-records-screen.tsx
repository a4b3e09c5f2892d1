import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { FundsCard, FundsScreen } from '../../components/funds-screen';
import { InfoRow } from '../../components/info-row';
import { QueryState } from '../../components/query-state';
import { formatIstDateTime } from '../../lib/date-time';
import { formatMoney } from '../../lib/money';
import { type Loan, useLoanRecords } from './api';
import { formatLastDay, LoanStateTag } from './loan-parts';
import './loans.css';

function LoanRecordCard({ loan }: { loan: Loan }) {
  const { t, i18n } = useTranslation();
  return (
    <FundsCard
      title={`₹${formatMoney(loan.amount)} · ${t('loans.days', { count: loan.termDays })}`}
      state={<LoanStateTag loan={loan} />}
    >
      <dl className="info-list">
        <InfoRow label={t('loans.appliedAt')} value={formatIstDateTime(loan.appliedAt, i18n.language)} />
        {loan.state === 'rejected' && loan.reason ? (
          <InfoRow label={t('loans.rejectReason')} value={loan.reason} />
        ) : null}
        {loan.disbursedAt ? (
          <InfoRow
            label={t('loans.disbursedAt')}
            value={formatIstDateTime(loan.disbursedAt, i18n.language)}
          />
        ) : null}
        {loan.state === 'outstanding' ? (
          <>
            <InfoRow label={t('loans.dueBy')} value={formatLastDay(loan.dueAt, i18n.language)} />
            <InfoRow label={t('loans.owedNow')} value={`₹${formatMoney(loan.owed)}`} />
          </>
        ) : null}
        {loan.disbursedAt ? (
          <>
            <InfoRow label={t('loans.interestCharged')} value={`₹${formatMoney(loan.interestCharged)}`} />
            <InfoRow label={t('loans.repaid')} value={`₹${formatMoney(loan.repaid)}`} />
          </>
        ) : null}
        {loan.repaidAt ? (
          <InfoRow label={t('loans.repaidAt')} value={formatIstDateTime(loan.repaidAt, i18n.language)} />
        ) : null}
      </dl>
    </FundsCard>
  );
}

/** /home/loanJq: every loan of the investor with its status (pending review, approved, rejected, repaid). */
export default function LoanRecordsScreen() {
  const { t } = useTranslation();
  const records = useLoanRecords();
  return (
    <FundsScreen>
      <QueryState query={records}>
        {() =>
          records.data?.items.length ? (
            <ul className="record-list">
              {records.data.items.map((loan) => (
                <LoanRecordCard key={loan.id} loan={loan} />
              ))}
            </ul>
          ) : (
            <EmptyState
              message={t('loans.noRecords')}
              actionLink={{ to: '/home/loan', label: t('route.home.loan') }}
            />
          )
        }
      </QueryState>
    </FundsScreen>
  );
}
