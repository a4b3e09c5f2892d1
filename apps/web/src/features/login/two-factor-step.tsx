import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/form-field';
import { SECOND_FACTOR_CODE } from '../../lib/second-factor-code';
import { type SessionReply, type TwoFactorChallenge, useLoginVerify } from './api/session';

/**
 * The second step of signing in (docs/adr/0022-investor-two-factor.md): the code of the
 * authenticator app, or one of the recovery codes shown at enrolment.
 */
export function TwoFactorStep({
  challenge,
  onLoggedIn,
  onRestart,
}: {
  challenge: TwoFactorChallenge;
  onLoggedIn: (reply: SessionReply) => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const verify = useLoginVerify(onLoggedIn);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!SECOND_FACTOR_CODE.test(trimmed)) {
      setError(t('twoFactor.codeInvalid'));
      return;
    }
    void verify.submit({ challengeToken: challenge.challengeToken, code: trimmed });
  };

  return (
    <form className="form" noValidate onSubmit={handleSubmit} aria-label={t('twoFactor.stepLabel')}>
      <p className="screen__hint">{t('twoFactor.stepHint')}</p>
      <TextField
        label={t('twoFactor.code')}
        placeholder={t('twoFactor.codePlaceholder')}
        inputMode="text"
        autoComplete="one-time-code"
        autoFocus
        value={code}
        onChange={(value) => {
          setCode(value);
          setError(undefined);
        }}
        error={error}
      />
      <button type="submit" className="button button--primary button--block" disabled={verify.isPending}>
        {verify.isPending ? t('login.submitting') : t('twoFactor.verify')}
      </button>
      <button type="button" className="button button--block" onClick={onRestart}>
        {t('twoFactor.restart')}
      </button>
    </form>
  );
}
