import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FundsScreen } from '../../components/funds-screen';
import { InfoRow } from '../../components/info-row';
import { QueryState } from '../../components/query-state';
import { localeOf } from '../../lib/date-time';
import { formatMoney } from '../../lib/money';
import { type Loan, type LoanInfo, useLoanInfo } from './api';

const TONE: Record<Loan['state'], string> = {
  pending: 'pending',
  outstanding: 'unverified',
  repaid: 'verified',
  rejected: 'rejected',
};

/** The record status the spec names: pending review, approved (outstanding), rejected, repaid; overdue. */
export function LoanStateTag({ loan }: { loan: Loan }) {
  const { t } = useTranslation();
  if (loan.isOverdue) return <span className="tag tag--rejected">{t('loans.state.overdue')}</span>;
  return <span className={`tag tag--${TONE[loan.state]}`}>{t(`loans.state.${loan.state}`)}</span>;
}

/**
 * The last IST day of a term: a loan due at 00:00 IST on the 30th must be repaid by the end of the
 * 29th. Shown as a date in the investor's language.
 */
export function formatLastDay(dueAtMs: number | null, language: string): string {
  if (!dueAtMs) return '';
  return new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'medium',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(dueAtMs - 1));
}

/** What an outstanding loan owes now, split as repayments pay it: interest first, then principal. */
export function OwedRows({ loan, cash }: { loan: Loan; cash?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <dl className="info-list">
      <InfoRow label={t('loans.principal')} value={`₹${formatMoney(loan.amount)}`} />
      <InfoRow label={t('loans.principalOutstanding')} value={`₹${formatMoney(loan.principalOutstanding)}`} />
      <InfoRow label={t('loans.interestOutstanding')} value={`₹${formatMoney(loan.interestOutstanding)}`} />
      <InfoRow label={t('loans.repaid')} value={`₹${formatMoney(loan.repaid)}`} />
      <InfoRow label={t('loans.dueBy')} value={formatLastDay(loan.dueAt, i18n.language)} />
      {cash === undefined ? null : <InfoRow label={t('loans.cash')} value={`₹${formatMoney(cash)}`} />}
    </dl>
  );
}

/** A loans screen: the way to the loan records in its header, and its content once the loan information is read. */
export function LoanInfoScreen({ children }: { children: (info: LoanInfo) => ReactNode }) {
  const { t } = useTranslation();
  const info = useLoanInfo();
  return (
    <FundsScreen
      right={
        <Link to="/home/loanJq" className="link-button">
          {t('loans.records')}
        </Link>
      }
    >
      <QueryState query={info}>{children}</QueryState>
    </FundsScreen>
  );
}
