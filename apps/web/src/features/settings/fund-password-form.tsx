import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../api/hooks';
import { TextField } from '../../components/form-field';
import { usePasswordFields } from './use-password-fields';
import { type FundPasswordField, validateFundPassword } from './validation';

const FIELDS: readonly FundPasswordField[] = ['currentPassword', 'newPassword', 'confirmPassword'];

/**
 * Set the fund password the first time (confirmed by the login password) or change it (confirmed
 * by the old fund password), through user/setFundPassword.
 */
export function FundPasswordForm({ isChange, onSaved }: { isChange: boolean; onSaved: () => void }) {
  const { t } = useTranslation();
  const { values, accept, fieldProps, showError } = usePasswordFields(FIELDS);
  const save = useApiMutation('user/setFundPassword', {
    onSuccess: onSaved,
    onError: (error) => {
      if (error.code === 'ORIGINAL_PASSWORD_WRONG' || error.code === 'FUND_PASSWORD_WRONG') {
        showError({ currentPassword: error.message });
      }
      if (error.code === 'PASSWORD_TOO_WEAK') showError({ newPassword: error.message });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!accept(validateFundPassword(values, isChange))) return;
    void save.submit({
      ...(isChange ? { oldFundPassword: values.currentPassword } : { loginPassword: values.currentPassword }),
      newPassword: values.newPassword,
      confirmPassword: values.confirmPassword,
    });
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-label={t('password.fundFormLabel')}>
      <TextField
        label={isChange ? t('password.oldFund') : t('password.loginForFund')}
        type="password"
        autoComplete={isChange ? 'off' : 'current-password'}
        {...fieldProps('currentPassword')}
      />
      <TextField
        label={t('password.newFund')}
        type="password"
        autoComplete="off"
        placeholder={t('password.fundRule')}
        {...fieldProps('newPassword')}
      />
      <TextField
        label={t('password.confirm')}
        type="password"
        autoComplete="off"
        {...fieldProps('confirmPassword')}
      />
      <button type="submit" className="button button--primary button--block" disabled={save.isPending}>
        {save.isPending ? t('password.saving') : t('password.save')}
      </button>
    </form>
  );
}
