import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../api/hooks';
import { TextField } from '../../components/form-field';
import { usePasswordFields } from './use-password-fields';
import { type LoginPasswordField, validateLoginPasswordChange } from './validation';

const FIELDS: readonly LoginPasswordField[] = ['oldPassword', 'newPassword', 'confirmPassword'];

/** Change the login password (user/changePassword); every other session of the investor ends. */
export function LoginPasswordForm({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const { values, accept, fieldProps, showError } = usePasswordFields(FIELDS);
  const change = useApiMutation('user/changePassword', {
    onSuccess: onChanged,
    onError: (error) => {
      if (error.code === 'ORIGINAL_PASSWORD_WRONG') showError({ oldPassword: error.message });
      if (error.code === 'PASSWORD_TOO_WEAK') showError({ newPassword: error.message });
      if (error.code === 'PASSWORDS_DO_NOT_MATCH') showError({ confirmPassword: error.message });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!accept(validateLoginPasswordChange(values))) return;
    void change.submit(values);
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-label={t('password.loginFormLabel')}>
      <TextField
        label={t('password.old')}
        type="password"
        autoComplete="current-password"
        {...fieldProps('oldPassword')}
      />
      <TextField
        label={t('password.new')}
        type="password"
        autoComplete="new-password"
        placeholder={t('password.loginRule')}
        {...fieldProps('newPassword')}
      />
      <TextField
        label={t('password.confirm')}
        type="password"
        autoComplete="new-password"
        {...fieldProps('confirmPassword')}
      />
      <p className="screen__hint">{t('password.otherSessionsEnd')}</p>
      <button type="submit" className="button button--primary button--block" disabled={change.isPending}>
        {change.isPending ? t('password.saving') : t('password.save')}
      </button>
    </form>
  );
}
