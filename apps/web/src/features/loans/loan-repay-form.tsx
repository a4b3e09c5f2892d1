import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FundPasswordField, TextField } from '../../components/form-field';
import { FormSubmit } from '../../components/form-refusal';
import { InfoRow } from '../../components/info-row';
import { normalizeAmount } from '../../lib/amount-input';
import { validateFundPasswordEntered } from '../../lib/form-validation';
import { formatMoney } from '../../lib/money';
import { useFormValues } from '../../lib/use-form-values';
import type { Loan, LoanInfo } from './api';
import { useLoanMutation } from './api';
import { validateRepayAmount } from './loan-validation';

/**
 * Amount (at most what is owed and what cash holds) and the fund password, as for cash-out: money
 * leaves cash. "Repay all" fills in what is owed, or the cash when it is short.
 */
export function LoanRepayForm({ info, onRepaid }: { info: LoanInfo; onRepaid: (loan: Loan) => void }) {
  const { t } = useTranslation();
  const { values, setValues, setErrors, update, bind } = useFormValues({ amount: '', fundPassword: '' });
  const { amount, fundPassword } = values;
  const [isConfirming, setIsConfirming] = useState(false);
  const repay = useLoanMutation('loan/repay', (loan) => {
    setIsConfirming(false);
    setValues({ amount: '', fundPassword: '' });
    onRepaid(loan);
  });
  const params = { owed: formatMoney(info.owed), cash: formatMoney(info.cash) };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      amount: validateRepayAmount(amount, { owed: info.owed, cash: info.cash }),
      fundPassword: validateFundPasswordEntered(fundPassword),
    };
    setErrors(found);
    if (!found.amount && !found.fundPassword) setIsConfirming(true);
  };
  const all = info.cashShort ? info.cash : info.owed;

  return (
    <form className="form" noValidate onSubmit={handleSubmit} aria-label={t('loans.repay.formLabel')}>
      <TextField
        label={t('loans.repay.amount')}
        placeholder={t('loans.repay.amountPlaceholder', params)}
        inputMode="decimal"
        autoComplete="off"
        {...bind('amount', params)}
      />
      <button
        type="button"
        className="link-button"
        disabled={all === '0.00'}
        onClick={() => update('amount', all)}
      >
        {info.cashShort ? t('loans.repay.allCash', params) : t('loans.repay.all', params)}
      </button>
      <FundPasswordField {...bind('fundPassword', params)} />
      <FormSubmit call={{ error: repay.error }} label={t('loans.repay.next')} />

      {isConfirming ? (
        <ConfirmDialog
          title={t('loans.repay.confirmTitle')}
          confirmLabel={t('loans.repay.confirm')}
          call={repay}
          onConfirm={() => void repay.submit({ amount: normalizeAmount(amount) ?? '', fundPassword })}
          onCancel={() => setIsConfirming(false)}
        >
          <dl className="info-list">
            <InfoRow label={t('loans.repay.amount')} value={`₹${formatMoney(normalizeAmount(amount))}`} />
            <InfoRow label={t('loans.owedNow')} value={`₹${formatMoney(info.owed)}`} />
          </dl>
          <p className="notice">{t('loans.repay.order')}</p>
        </ConfirmDialog>
      ) : null}
    </form>
  );
}
