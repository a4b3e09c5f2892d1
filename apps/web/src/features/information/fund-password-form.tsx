import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../api/hooks';
import { TextField } from '../../components/form-field';
import { type FieldErrors, hasErrors } from '../login/validation';
import { type FundPasswordField, validateFundPassword } from './validation';

interface SetFundPasswordBody {
  loginPassword?: string;
  oldFundPassword?: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * Set the fund password the first time (confirmed by the login password) or change it (confirmed
 * by the old fund password), through user/setFundPassword.
 */
export function FundPasswordForm({ isChange, onSaved }: { isChange: boolean; onSaved: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<FundPasswordField>>({});
  const inputs = {
    currentPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
  };
  const save = useApiMutation<null, SetFundPasswordBody>('user/setFundPassword', {
    onSuccess: onSaved,
    onError: (error) => {
      if (error.code === 'ORIGINAL_PASSWORD_WRONG' || error.code === 'FUND_PASSWORD_WRONG') {
        setErrors({ currentPassword: error.message });
      }
      if (error.code === 'PASSWORD_TOO_WEAK') setErrors({ newPassword: error.message });
    },
  });

  const update = (field: FundPasswordField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateFundPassword(values, isChange);
    setErrors(found);
    if (hasErrors(found)) {
      const first = (['currentPassword', 'newPassword', 'confirmPassword'] as const).find(
        (field) => found[field],
      );
      if (first) inputs[first].current?.focus();
      return;
    }
    void save.submit({
      ...(isChange ? { oldFundPassword: values.currentPassword } : { loginPassword: values.currentPassword }),
      newPassword: values.newPassword,
      confirmPassword: values.confirmPassword,
    });
  };

  const message = (field: FundPasswordField) => {
    const value = errors[field];
    return value ? t(value) : undefined;
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-label={t('password.fundFormLabel')}>
      <TextField
        label={isChange ? t('password.oldFund') : t('password.loginForFund')}
        type="password"
        autoComplete={isChange ? 'off' : 'current-password'}
        value={values.currentPassword}
        onChange={update('currentPassword')}
        error={message('currentPassword')}
        inputRef={inputs.currentPassword}
      />
      <TextField
        label={t('password.newFund')}
        type="password"
        autoComplete="off"
        placeholder={t('password.fundRule')}
        value={values.newPassword}
        onChange={update('newPassword')}
        error={message('newPassword')}
        inputRef={inputs.newPassword}
      />
      <TextField
        label={t('password.confirm')}
        type="password"
        autoComplete="off"
        value={values.confirmPassword}
        onChange={update('confirmPassword')}
        error={message('confirmPassword')}
        inputRef={inputs.confirmPassword}
      />
      <button type="submit" className="button button--primary button--block" disabled={save.isPending}>
        {save.isPending ? t('password.saving') : t('password.save')}
      </button>
    </form>
  );
}
