import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/form-field';
import { deviceId } from '../../lib/device-id';
import { hasErrors } from '../../lib/form-validation';
import { useFormValues } from '../../lib/use-form-values';
import { type SessionReply, type TwoFactorChallenge, useLogin } from './api/session';
import { TwoFactorStep } from './two-factor-step';
import { type LoginValues, normalizePhone, validateLogin } from './validation';

interface LoginFormProps {
  onLoggedIn: (reply: SessionReply) => void;
  initialAccount?: string;
}

/**
 * Mobile number and password. Refusals show under their field; the first refused field takes focus.
 * An investor with a second factor then gives a code (TwoFactorStep).
 */
export function LoginForm({ onLoggedIn, initialAccount = '' }: LoginFormProps) {
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  if (challenge)
    return (
      <TwoFactorStep challenge={challenge} onLoggedIn={onLoggedIn} onRestart={() => setChallenge(null)} />
    );
  return <PasswordStep onLoggedIn={onLoggedIn} onChallenge={setChallenge} initialAccount={initialAccount} />;
}

function PasswordStep({
  onLoggedIn,
  onChallenge,
  initialAccount,
}: LoginFormProps & { onChallenge: (challenge: TwoFactorChallenge) => void; initialAccount: string }) {
  const { t } = useTranslation();
  const { values, setErrors, bind } = useFormValues<LoginValues>({ account: initialAccount, password: '' });
  const accountInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const login = useLogin(onLoggedIn, onChallenge);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin(values);
    setErrors(found);
    if (hasErrors(found)) {
      (found.account ? accountInput : passwordInput).current?.focus();
      return;
    }
    const device = deviceId();
    void login.submit({
      account: normalizePhone(values.account.trim()),
      password: values.password,
      ...(device ? { deviceId: device } : {}),
    });
  };

  return (
    <form className="form" noValidate onSubmit={handleSubmit} aria-label={t('login.formLabel')}>
      <TextField
        label={t('login.phone')}
        placeholder={t('login.phonePlaceholder')}
        type="tel"
        inputMode="tel"
        autoComplete="username"
        {...bind('account')}
        inputRef={accountInput}
      />
      <TextField
        label={t('login.password')}
        placeholder={t('login.passwordPlaceholder')}
        type="password"
        autoComplete="current-password"
        {...bind('password')}
        inputRef={passwordInput}
      />
      <button type="submit" className="button button--primary button--block" disabled={login.isPending}>
        {login.isPending ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}
