import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifyUser } from '../../api/client';
import { useApiMutation } from '../../api/hooks';
import { BackHeader } from '../../components/back-header';
import { TextField } from '../../components/form-field';
import { LOGIN_PATH } from '../../lib/constants';
import { clearSession } from '../../lib/session';

/**
 * /information/closeAccount, from the security centre: closes the account (user/closeAccount) once
 * the investor has read what stays and confirmed with the password. The server refuses while money,
 * a position, a pending order or a loan remains, and says which (docs/adr/0024).
 */
export default function CloseAccountScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [isUnderstood, setIsUnderstood] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const close = useApiMutation('user/closeAccount', {
    onSuccess: () => {
      clearSession();
      notifyUser(t('closeAccount.closed'));
      navigate(LOGIN_PATH, { replace: true });
    },
    onError: (refusal) => {
      if (refusal.code === 'ORIGINAL_PASSWORD_WRONG') setError(refusal.message);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(t('closeAccount.passwordRequired'));
    setError(undefined);
    void close.submit({ password });
  };
  return (
    <div className="screen">
      <BackHeader fallbackPath="/information/aboutInfo" />
      <form className="form" noValidate onSubmit={submit} aria-label={t('closeAccount.title')}>
        <p className="screen__hint">{t('closeAccount.conditions')}</p>
        <p className="screen__hint">{t('closeAccount.retention')}</p>
        <TextField
          label={t('closeAccount.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={error}
        />
        <label className="screen__hint">
          <input
            type="checkbox"
            checked={isUnderstood}
            onChange={(event) => setIsUnderstood(event.target.checked)}
          />{' '}
          {t('closeAccount.understood')}
        </label>
        <button
          type="submit"
          className="button button--danger button--block"
          disabled={!isUnderstood || close.isPending}
        >
          {t('closeAccount.submit')}
        </button>
      </form>
    </div>
  );
}
