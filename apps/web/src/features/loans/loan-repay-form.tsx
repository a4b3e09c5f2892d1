import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FundPasswordField, TextField } from '../../components/form-field';
import { FormSubmit } from '../../components/form-refusal';
import { InfoRow } from '../../components/info-row';
import { normalizeAmount } from '../../lib/amount-input';
import { validateFundPasswordEntered } from '../../lib/form-validation';
import { formatMoney } from '../../lib/money';
import type { Loan, LoanInfo } from './api';
import { useLoanMutation } from './api';
import { validateRepayAmount } from './loan-validation';

type Field = 'amount' | 'fundPassword';

/**
 * Amount (at most what is owed and what cash holds) and the fund password, as for cash-out: money
 * leaves cash. "Repay all" fills in what is owed, or the cash when it is short.
 */
export function LoanRepayForm({ info, onRepaid }: { info: LoanInfo; onRepaid: (loan: Loan) => void }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [fundPassword, setFundPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [isConfirming, setIsConfirming] = useState(false);
  const repay = useLoanMutation('loan/repay', (loan) => {
    setIsConfirming(false);
    setAmount('');
    setFundPassword('');
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
  const errorText = (field: Field) => (errors[field] ? t(errors[field], params) : undefined);

  return (
    <form className="form" noValidate onSubmit={handleSubmit} aria-label={t('loans.repay.formLabel')}>
      <TextField
        label={t('loans.repay.amount')}
        placeholder={t('loans.repay.amountPlaceholder', params)}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setErrors((current) => ({ ...current, amount: undefined }));
        }}
        error={errorText('amount')}
      />
      <button
        type="button"
        className="link-button"
        disabled={all === '0.00'}
        onClick={() => {
          setAmount(all);
          setErrors((current) => ({ ...current, amount: undefined }));
        }}
      >
        {info.cashShort ? t('loans.repay.allCash', params) : t('loans.repay.all', params)}
      </button>
      <FundPasswordField
        value={fundPassword}
        onChange={(value) => {
          setFundPassword(value);
          setErrors((current) => ({ ...current, fundPassword: undefined }));
        }}
        error={errorText('fundPassword')}
      />
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
