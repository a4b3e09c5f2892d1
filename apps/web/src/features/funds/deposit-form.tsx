import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/form-field';
import { FormSubmit } from '../../components/form-refusal';
import { SelectField } from '../../components/select-field';
import { normalizeAmount } from '../../lib/amount-input';
import { hasErrors } from '../../lib/form-validation';
import { formatMoney } from '../../lib/money';
import { useFormValues } from '../../lib/use-form-values';
import { type Deposit, type DepositChannel, type Destination, useFundsMutation } from './api';
import { UploadField } from './upload-field';
import { type DepositValues, validateDeposit } from './validation';
import './funds.css';

interface DepositFormProps {
  channel: DepositChannel;
  /** The investor's own destinations of the channel's kind: where the money comes from. */
  sources: readonly Destination[];
  onSubmitted: (deposit: Deposit) => void;
}

/** Amount, the payer's reference, the receipt (uploaded first) and the source account. */
export function DepositForm({ channel, sources, onSubmitted }: DepositFormProps) {
  const { t } = useTranslation();
  const { values, setErrors, update, errorText, bind } = useFormValues<DepositValues>({
    amount: '',
    payerReference: '',
    receiptImage: null,
    sourceId: sources.length === 1 ? (sources[0]?.id ?? '') : '',
  });
  const submit = useFundsMutation('recharge/submit', onSubmitted);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateDeposit(values, channel);
    setErrors(found);
    // Validation has checked the amount and the receipt; the checks below only tell the compiler.
    const amount = normalizeAmount(values.amount);
    if (hasErrors(found) || amount === null || values.receiptImage === null) return;
    void submit.submit({
      channelId: channel.id,
      amount,
      payerReference: values.payerReference.trim(),
      receiptImage: values.receiptImage,
      sourceId: values.sourceId,
    });
  };
  const params = { min: formatMoney(channel.min), max: formatMoney(channel.max) };
  const isUtr = channel.payerReference === 'utr';

  return (
    <form className="form" noValidate onSubmit={handleSubmit} aria-label={t('funds.recharge.formLabel')}>
      <TextField
        label={t('funds.amountIn', { currency: channel.currency })}
        placeholder={t('funds.recharge.amountPlaceholder', params)}
        inputMode="decimal"
        autoComplete="off"
        {...bind('amount', params)}
      />
      <TextField
        label={isUtr ? t('funds.recharge.utr') : t('funds.recharge.txHash')}
        placeholder={isUtr ? t('funds.recharge.utrPlaceholder') : ''}
        inputMode={isUtr ? 'numeric' : 'text'}
        autoComplete="off"
        {...bind('payerReference', params)}
      />
      <UploadField label={t('funds.recharge.receipt')} purpose="receipt" {...bind('receiptImage', params)} />
      <SelectField
        label={channel.kind === 'usdt' ? t('funds.recharge.sourceWallet') : t('funds.recharge.sourceBank')}
        value={values.sourceId}
        placeholder={t('funds.choose')}
        options={sources.map((source) => ({
          value: source.id,
          label:
            source.kind === 'bank'
              ? `${source.bankName ?? ''} ${source.accountNumber ?? ''}`.trim()
              : `${source.network ?? ''} ${source.address ?? ''}`.trim(),
        }))}
        onChange={(value) => update('sourceId', value)}
        error={errorText('sourceId', params)}
      />
      <FormSubmit call={submit} label={t('funds.recharge.submit')} pendingLabel={t('funds.submitting')} />
    </form>
  );
}
