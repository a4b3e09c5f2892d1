import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextField } from '../../components/form-field';
import { FormSubmit } from '../../components/form-refusal';
import { InfoRow } from '../../components/info-row';
import { normalizeAmount } from '../../lib/amount-input';
import { formatMoney } from '../../lib/money';
import { useSettled } from '../../lib/use-settled';
import { bpsAsPercent, type Loan, type LoanInfo, useLoanMutation, useLoanQuote } from './api';
import { formatLastDay } from './loan-parts';
import { validateLoanAmount } from './loan-validation';

interface LoanApplyFormProps {
  info: LoanInfo;
  onApplied: (loan: Loan) => void;
}

/**
 * Amount and term; the interest (a day's, the term's, the total and the last day) comes from
 * loan/quote and is shown before confirming, and again in the confirmation.
 */
export function LoanApplyForm({ info, onApplied }: LoanApplyFormProps) {
  const { t, i18n } = useTranslation();
  const [amount, setAmount] = useState('');
  const [termDays, setTermDays] = useState(info.terms.includes(30) ? 30 : (info.terms[0] ?? 7));
  const [error, setError] = useState<string | undefined>();
  const [isConfirming, setIsConfirming] = useState(false);
  const normalized = normalizeAmount(amount);
  const quoteAmount = useSettled(normalized !== null && normalized !== '0.00' ? normalized : null);
  const quote = useLoanQuote(quoteAmount, termDays);
  const apply = useLoanMutation('loan/apply', (loan) => {
    setIsConfirming(false);
    onApplied(loan);
  });
  const limits = { min: info.minAmount, max: info.maxAmount, borrowable: info.borrowable };
  const params = {
    min: formatMoney(info.minAmount),
    max: formatMoney(info.maxAmount),
    borrowable: formatMoney(info.borrowable),
  };
  const isQuoteCurrent =
    quote.data !== undefined && quote.data.amount === normalized && quote.data.termDays === termDays;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateLoanAmount(amount, limits);
    setError(found);
    if (!found) setIsConfirming(true);
  };
  const interestRows = quote.data && isQuoteCurrent ? quote.data : null;

  return (
    <form className="form" noValidate onSubmit={handleSubmit} aria-label={t('loans.apply.formLabel')}>
      <TextField
        label={t('loans.apply.amount')}
        placeholder={t('loans.apply.amountPlaceholder', params)}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setError(undefined);
          setIsConfirming(false);
        }}
        error={error ? t(error, params) : undefined}
      />
      <fieldset className="loan-terms">
        <legend className="loan-terms__legend">{t('loans.apply.term')}</legend>
        {info.terms.map((days) => (
          <button
            key={days}
            type="button"
            className={`chip${days === termDays ? ' chip--active' : ''}`}
            aria-pressed={days === termDays}
            onClick={() => {
              setTermDays(days);
              setIsConfirming(false);
            }}
          >
            {t('loans.days', { count: days })}
          </button>
        ))}
      </fieldset>
      <section className="card funds-card" aria-label={t('loans.apply.interestTitle')}>
        <p className="funds-card__title">{t('loans.apply.interestTitle')}</p>
        <dl className="info-list">
          <InfoRow
            label={t('loans.apply.rate')}
            value={t('loans.ratePerDay', { percent: bpsAsPercent(info.dailyInterestBps) })}
          />
          <InfoRow
            label={t('loans.apply.dailyInterest')}
            value={interestRows ? `₹${formatMoney(interestRows.dailyInterest)}` : '—'}
          />
          <InfoRow
            label={t('loans.apply.interestOverTerm', { count: termDays })}
            value={interestRows ? `₹${formatMoney(interestRows.interestOverTerm)}` : '—'}
          />
          <InfoRow
            label={t('loans.apply.totalDue')}
            value={interestRows ? `₹${formatMoney(interestRows.totalDue)}` : '—'}
          />
        </dl>
        <p className="funds-muted">{t('loans.apply.interestNote')}</p>
      </section>
      <FormSubmit call={{ error: apply.error }} label={t('loans.apply.next')} />

      {isConfirming ? (
        <ConfirmDialog
          title={t('loans.apply.confirmTitle')}
          confirmLabel={t('loans.apply.confirm')}
          call={apply}
          isConfirmDisabled={!interestRows}
          onConfirm={() => void apply.submit({ amount: normalized ?? '', termDays })}
          onCancel={() => setIsConfirming(false)}
        >
          <dl className="info-list">
            <InfoRow label={t('loans.apply.amount')} value={`₹${formatMoney(normalized)}`} />
            <InfoRow label={t('loans.apply.term')} value={t('loans.days', { count: termDays })} />
            <InfoRow
              label={t('loans.apply.interestOverTerm', { count: termDays })}
              value={interestRows ? `₹${formatMoney(interestRows.interestOverTerm)}` : t('common.loading')}
            />
            <InfoRow
              label={t('loans.apply.totalDue')}
              value={interestRows ? `₹${formatMoney(interestRows.totalDue)}` : t('common.loading')}
            />
            <InfoRow
              label={t('loans.apply.dueIfApprovedNow')}
              value={
                interestRows
                  ? formatLastDay(interestRows.dueAtIfApprovedNow, i18n.language)
                  : t('common.loading')
              }
            />
          </dl>
          <p className="notice">{t('loans.apply.confirmNote')}</p>
        </ConfirmDialog>
      ) : null}
    </form>
  );
}
