import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../api/hooks';
import { TextField } from '../../components/form-field';
import { type FieldErrors, hasErrors } from '../login/validation';
import { type LoginPasswordField, validateLoginPasswordChange } from './validation';

/** Change the login password (user/changePassword); every other session of the investor ends. */
export function LoginPasswordForm({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ oldPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<LoginPasswordField>>({});
  const inputs = {
    oldPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
  };
  const change = useApiMutation<null, typeof values>('user/changePassword', {
    onSuccess: onChanged,
    onError: (error) => {
      if (error.code === 'ORIGINAL_PASSWORD_WRONG') setErrors({ oldPassword: error.message });
      if (error.code === 'PASSWORD_TOO_WEAK') setErrors({ newPassword: error.message });
      if (error.code === 'PASSWORDS_DO_NOT_MATCH') setErrors({ confirmPassword: error.message });
    },
  });

  const update = (field: LoginPasswordField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateLoginPasswordChange(values);
    setErrors(found);
    if (hasErrors(found)) {
      const first = (['oldPassword', 'newPassword', 'confirmPassword'] as const).find(
        (field) => found[field],
      );
      if (first) inputs[first].current?.focus();
      return;
    }
    void change.submit(values);
  };

  const message = (field: LoginPasswordField) => {
    const value = errors[field];
    return value ? t(value) : undefined;
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-label={t('password.loginFormLabel')}>
      <TextField
        label={t('password.old')}
        type="password"
        autoComplete="current-password"
        value={values.oldPassword}
        onChange={update('oldPassword')}
        error={message('oldPassword')}
        inputRef={inputs.oldPassword}
      />
      <TextField
        label={t('password.new')}
        type="password"
        autoComplete="new-password"
        placeholder={t('password.loginRule')}
        value={values.newPassword}
        onChange={update('newPassword')}
        error={message('newPassword')}
        inputRef={inputs.newPassword}
      />
      <TextField
        label={t('password.confirm')}
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={update('confirmPassword')}
        error={message('confirmPassword')}
        inputRef={inputs.confirmPassword}
      />
      <p className="screen__hint">{t('password.otherSessionsEnd')}</p>
      <button type="submit" className="button button--primary button--block" disabled={change.isPending}>
        {change.isPending ? t('password.saving') : t('password.save')}
      </button>
    </form>
  );
}
