import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextField } from '../../components/form-field';
import { formatMoney } from '../../lib/money';
import { type Follow, type FollowProduct, useInvest } from './api';
import { investProblem } from './invest-validation';

interface InvestFormProps {
  product: FollowProduct;
  /** Cash available to invest, from the account centre; unknown while it loads. */
  available: string | undefined;
  onInvested?: (follow: Follow) => void;
}

/**
 * The amount to put into a product, with its minimum and the available cash shown, checked here
 * first and then confirmed in a sheet that restates what happens to the money.
 */
export function InvestForm({ product, available, onInvested }: InvestFormProps) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const invest = useInvest((follow) => {
    setConfirming(false);
    setAmount('');
    setShowErrors(false);
    onInvested?.(follow);
  });
  const problem = investProblem(amount, product.minInvestment, available);
  const problemText =
    problem === null
      ? undefined
      : t(`follow.invalid.${problem}`, {
          min: formatMoney(product.minInvestment),
          available: formatMoney(available),
        });

  return (
    <form
      className="card follow-invest"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setShowErrors(true);
        if (problem === null) {
          invest.reset();
          setConfirming(true);
        }
      }}
    >
      <h2 className="follow-section-title">{t('follow.investTitle')}</h2>
      <TextField
        label={t('follow.amount')}
        value={amount}
        onChange={setAmount}
        inputMode="decimal"
        placeholder={t('follow.amountPlaceholder', { min: formatMoney(product.minInvestment) })}
        error={showErrors ? problemText : undefined}
      />
      <p className="follow-invest__hint">
        {t('follow.minimumShown', { min: formatMoney(product.minInvestment) })}
        {available !== undefined
          ? ` · ${t('follow.availableShown', { available: formatMoney(available) })}`
          : ''}
      </p>
      <button type="submit" className="button button--primary button--block">
        {t('follow.invest')}
      </button>
      {confirming ? (
        <ConfirmDialog
          title={t('follow.confirmTitle')}
          confirmLabel={t('follow.confirm')}
          call={invest}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void invest.submit({ id: product.id, amount: amount.trim() })}
        >
          <p className="funds-dialog__text">
            {t('follow.confirmBody', { amount: formatMoney(amount.trim()), product: product.name })}
          </p>
        </ConfirmDialog>
      ) : null}
    </form>
  );
}
