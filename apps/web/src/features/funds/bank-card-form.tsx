import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/form-field';
import { FormSubmit } from '../../components/form-refusal';
import { InfoRow } from '../../components/info-row';
import { hasErrors } from '../../lib/form-validation';
import { useFormValues } from '../../lib/use-form-values';
import { type Destination, useFundsMutation } from './api';
import { type BankCardValues, validateBankCard } from './validation';
import './funds.css';

/** A bank account in the investor's own name: the holder is the verified KYC name. */
export function BankCardForm({
  holderName,
  onAdded,
}: {
  holderName: string;
  onAdded: (card: Destination) => void;
}) {
  const { t } = useTranslation();
  const { values, setErrors, bind } = useFormValues<BankCardValues>({
    accountNumber: '',
    confirmAccountNumber: '',
    ifsc: '',
    bankName: '',
    branchName: '',
  });
  const add = useFundsMutation('bank/add', onAdded);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateBankCard(values);
    setErrors(found);
    if (hasErrors(found)) return;
    void add.submit({
      holderName,
      accountNumber: values.accountNumber.replace(/\s/g, ''),
      ifsc: values.ifsc.trim().toUpperCase(),
      ...(values.bankName.trim() ? { bankName: values.bankName.trim() } : {}),
      ...(values.branchName.trim() ? { branchName: values.branchName.trim() } : {}),
    });
  };

  return (
    <form className="form" noValidate onSubmit={handleSubmit} aria-label={t('funds.bank.formLabel')}>
      <dl className="info-list card funds-card">
        <InfoRow label={t('funds.bank.holderName')} value={holderName} />
      </dl>
      <p className="notice">{t('funds.bank.holderNotice')}</p>
      <TextField
        label={t('funds.bank.accountNumber')}
        inputMode="numeric"
        autoComplete="off"
        {...bind('accountNumber')}
      />
      <TextField
        label={t('funds.bank.confirmAccountNumber')}
        inputMode="numeric"
        autoComplete="off"
        {...bind('confirmAccountNumber')}
      />
      <TextField
        label={t('funds.bank.ifsc')}
        placeholder="SBIN0001234"
        autoCapitalize="characters"
        autoComplete="off"
        {...bind('ifsc')}
      />
      <TextField
        label={t('funds.bank.bankName')}
        placeholder={t('funds.bank.bankNamePlaceholder')}
        {...bind('bankName')}
      />
      <TextField label={t('funds.bank.branchName')} {...bind('branchName')} />
      <p className="notice">{t('funds.destinations.coolingOffNotice')}</p>
      <FormSubmit call={add} label={t('funds.bank.submit')} pendingLabel={t('funds.submitting')} />
    </form>
  );
}
