import { useTranslation } from 'react-i18next';
import { InfoRow } from '../../components/info-row';
import { localeOf } from '../../lib/date-time';
import { formatMoney } from '../../lib/money';
import type { Loan } from './api';

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
