import { useTranslation } from 'react-i18next';
import { isPasskeySupported } from '../../api/passkey-ceremony';
import { CodeForm } from '../../components/code-form';
import { SECOND_FACTOR_CODE } from '../../lib/second-factor-code';
import { type SessionReply, type TwoFactorChallenge, useLoginVerify, usePasskeySignIn } from './api/session';

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
  const verify = useLoginVerify(onLoggedIn);
  const passkey = usePasskeySignIn(onLoggedIn);
  const factors = challenge.factors ?? ['totp'];
  const offersPasskey = factors.includes('passkey') && isPasskeySupported();
  const passkeyButton = offersPasskey ? (
    <>
      <button
        type="button"
        className="button button--primary button--block"
        disabled={passkey.isPending}
        onClick={() => void passkey.submit(challenge.challengeToken)}
      >
        {passkey.isPending ? t('login.submitting') : t('passkey.use')}
      </button>
      {passkey.browserRefused ? (
        <p className="screen__hint" role="alert">
          {t('passkey.browserRefused')}
        </p>
      ) : null}
    </>
  ) : null;
  // Only passkeys: no code to type, the passkey is the way through (docs/adr/0028-passkeys.md).
  if (!factors.includes('totp'))
    return (
      <div className="form">
        <p className="form__label">{t('twoFactor.stepLabel')}</p>
        <p className="screen__hint">{t('passkey.stepHint')}</p>
        {passkeyButton}
        <button type="button" className="button button--block" onClick={onRestart}>
          {t('twoFactor.restart')}
        </button>
      </div>
    );
  return (
    <CodeForm
      label={t('twoFactor.stepLabel')}
      hint={<p className="screen__hint">{t('twoFactor.stepHint')}</p>}
      fieldLabel={t('twoFactor.code')}
      placeholder={t('twoFactor.codePlaceholder')}
      inputMode="text"
      autoFocus
      isValid={(code) => SECOND_FACTOR_CODE.test(code)}
      invalidMessage={t('twoFactor.codeInvalid')}
      onSubmit={(code) => void verify.submit({ challengeToken: challenge.challengeToken, code })}
    >
      <button type="submit" className="button button--primary button--block" disabled={verify.isPending}>
        {verify.isPending ? t('login.submitting') : t('twoFactor.verify')}
      </button>
      {passkeyButton}
      <button type="button" className="button button--block" onClick={onRestart}>
        {t('twoFactor.restart')}
      </button>
    </CodeForm>
  );
}
