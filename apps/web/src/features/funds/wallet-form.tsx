import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/form-field';
import { FormSubmit } from '../../components/form-refusal';
import { SelectField } from '../../components/select-field';
import { type FieldErrors, hasErrors } from '../../lib/form-validation';
import { type Destination, useFundsMutation } from './api';
import { validateWallet, type WalletField, type WalletValues } from './validation';
import './funds.css';

/** A USDT wallet: its network (wallet type) and address. */
export function WalletForm({ onAdded }: { onAdded: (wallet: Destination) => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<WalletValues>({ network: 'TRC20', address: '' });
  const [errors, setErrors] = useState<FieldErrors<WalletField>>({});
  const add = useFundsMutation('wallet/add', onAdded);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateWallet(values);
    setErrors(found);
    // Validation has checked that a network is chosen; the check below only tells the compiler.
    if (hasErrors(found) || values.network === '') return;
    void add.submit({ network: values.network, address: values.address.trim() });
  };
  return (
    <form className="form" noValidate onSubmit={handleSubmit} aria-label={t('funds.wallet.formLabel')}>
      <SelectField
        label={t('funds.wallet.network')}
        value={values.network}
        placeholder={t('funds.choose')}
        options={[
          { value: 'TRC20', label: 'USDT-TRC20' },
          { value: 'ERC20', label: 'USDT-ERC20' },
        ]}
        onChange={(value) => {
          setValues((current) => ({ ...current, network: value as WalletValues['network'] }));
          setErrors((current) => ({ ...current, network: undefined }));
        }}
        error={errors.network ? t(errors.network) : undefined}
      />
      <TextField
        label={t('funds.wallet.address')}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={values.address}
        onChange={(value) => {
          setValues((current) => ({ ...current, address: value }));
          setErrors((current) => ({ ...current, address: undefined }));
        }}
        error={errors.address ? t(errors.address) : undefined}
      />
      <p className="notice">{t('funds.wallet.notice')}</p>
      <FormSubmit call={add} label={t('funds.wallet.submit')} pendingLabel={t('funds.submitting')} />
    </form>
  );
}
