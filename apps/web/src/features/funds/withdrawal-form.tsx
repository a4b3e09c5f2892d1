import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FundPasswordField, TextField } from '../../components/form-field';
import { FormSubmit } from '../../components/form-refusal';
import { InfoRow } from '../../components/info-row';
import { SelectField } from '../../components/select-field';
import { normalizeAmount } from '../../lib/amount-input';
import { hasErrors } from '../../lib/form-validation';
import { formatMoney } from '../../lib/money';
import { useFormValues } from '../../lib/use-form-values';
import { type Destination, useCashoutQuote, useFundsMutation, type Withdrawal } from './api';
import { windowText } from './pending-deposit';
import { validateWithdrawal, type WithdrawalValues } from './validation';
import './funds.css';
import { useSettled } from '../../lib/use-settled';

function destinationLabel(destination: Destination): string {
  return destination.kind === 'bank'
    ? `${destination.bankName ?? ''} ${destination.accountNumber ?? ''}`.trim()
    : `${destination.network ?? ''} ${destination.address ?? ''}`.trim();
}

interface WithdrawalFormProps {
  destinations: readonly Destination[];
  onSubmitted: (withdrawal: Withdrawal) => void;
}

/**
 * Destination, amount and fund password; the fee, net amount and arrival come from cashout/quote and
 * are shown for confirmation before anything is requested.
 */
export function WithdrawalForm({ destinations, onSubmitted }: WithdrawalFormProps) {
  const { t } = useTranslation();
  const [isConfirming, setIsConfirming] = useState(false);
  const { values, setErrors, update, errorText, bind } = useFormValues<WithdrawalValues>(
    {
      amount: '',
      // Only a usable account is chosen for the investor; one still cooling off cannot be chosen at all.
      destinationId: destinations.find((item) => item.usable)?.id ?? '',
      fundPassword: '',
    },
    () => setIsConfirming(false),
  );
  const quoteAmount = useSettled(normalizeAmount(values.amount));
  const quote = useCashoutQuote(quoteAmount, values.destinationId || null);
  const submit = useFundsMutation('cashout/submit', (withdrawal) => {
    setIsConfirming(false);
    onSubmitted(withdrawal);
  });
  const limits = quote.data;
  const params = {
    min: formatMoney(limits?.min),
    max: formatMoney(limits?.max),
    withdrawable: formatMoney(limits?.withdrawable),
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateWithdrawal(values, {
      min: limits?.min,
      max: limits?.max,
      withdrawable: limits?.withdrawable,
    });
    setErrors(found);
    if (hasErrors(found)) return;
    setIsConfirming(true);
  };
  const confirm = () => {
    // The amount was validated before confirming; the null check only tells the compiler.
    const amount = normalizeAmount(values.amount);
    if (amount === null) return;
    void submit.submit({
      amount,
      destinationId: values.destinationId,
      fundPassword: values.fundPassword,
    });
  };
  const chosen = destinations.find((item) => item.id === values.destinationId);
  const isQuoteCurrent = limits !== undefined && limits.amount === normalizeAmount(values.amount);

  return (
    <form className="form" noValidate onSubmit={handleSubmit} aria-label={t('funds.cashout.formLabel')}>
      {limits ? (
        <section className="card funds-card" aria-label={t('funds.cashout.summary')}>
          <p className="funds-card__label">{t('funds.cashout.withdrawable')}</p>
          <p className="funds-card__amount">
            {limits.currency} {formatMoney(limits.withdrawable)}
          </p>
          <dl className="info-list">
            <InfoRow label={t('funds.cashout.limits')} value={`${params.min} – ${params.max}`} />
            <InfoRow
              label={t('funds.cashout.window')}
              value={
                limits.workingDaysOnly
                  ? t('funds.cashout.windowWorkingDays', {
                      range: windowText(limits.windowFrom, limits.windowTo),
                    })
                  : windowText(limits.windowFrom, limits.windowTo)
              }
            />
          </dl>
          {!limits.inWindow ? (
            <p className="funds-refusal" role="status">
              {t('funds.cashout.outsideWindow', { range: windowText(limits.windowFrom, limits.windowTo) })}
            </p>
          ) : null}
        </section>
      ) : null}
      <SelectField
        label={t('funds.cashout.destination')}
        value={values.destinationId}
        placeholder={t('funds.choose')}
        options={destinations.map((item) => ({
          value: item.id,
          label: item.usable
            ? destinationLabel(item)
            : `${destinationLabel(item)} (${t('funds.destinations.notYetUsable')})`,
          disabled: !item.usable,
        }))}
        onChange={(value) => update('destinationId', value)}
        error={errorText('destinationId', params)}
      />
      <TextField
        label={t('funds.amountIn', { currency: limits?.currency ?? 'INR' })}
        placeholder={t('funds.cashout.amountPlaceholder', params)}
        inputMode="decimal"
        autoComplete="off"
        {...bind('amount', params)}
      />
      {limits && isQuoteCurrent ? (
        <dl className="info-list card funds-card" aria-label={t('funds.cashout.quote')}>
          <InfoRow label={t('funds.cashout.fee')} value={formatMoney(limits.fee)} />
          <InfoRow label={t('funds.cashout.net')} value={`${limits.currency} ${formatMoney(limits.net)}`} />
        </dl>
      ) : null}
      <FundPasswordField {...bind('fundPassword', params)} />
      {limits?.arrival ? <p className="notice">{limits.arrival}</p> : null}
      <FormSubmit call={{ error: submit.error }} label={t('funds.cashout.next')} />

      {isConfirming ? (
        <ConfirmDialog
          title={t('funds.cashout.confirmTitle')}
          confirmLabel={t('funds.cashout.confirm')}
          call={submit}
          isConfirmDisabled={!isQuoteCurrent}
          onConfirm={confirm}
          onCancel={() => setIsConfirming(false)}
        >
          <dl className="info-list">
            <InfoRow label={t('funds.cashout.destination')} value={chosen ? destinationLabel(chosen) : ''} />
            <InfoRow label={t('funds.cashout.amount')} value={formatMoney(normalizeAmount(values.amount))} />
            <InfoRow
              label={t('funds.cashout.fee')}
              value={isQuoteCurrent && limits ? formatMoney(limits.fee) : t('common.loading')}
            />
            <InfoRow
              label={t('funds.cashout.net')}
              value={
                isQuoteCurrent && limits
                  ? `${limits.currency} ${formatMoney(limits.net)}`
                  : t('common.loading')
              }
            />
          </dl>
          {limits?.arrival ? <p className="notice">{limits.arrival}</p> : null}
        </ConfirmDialog>
      ) : null}
    </form>
  );
}
